/** A game's rules as plain text for a terminal (the Discord form is in bot/render/rules.ts). */
import type { AnyGame, GameRules } from '../core/game.js';

/** The rules' sections as titled lists, shared by the terminal and Discord renderers. */
export interface RulesSection {
  readonly title: string;
  readonly lines: readonly string[];
  /** Numbered steps rather than bullets. */
  readonly numbered?: boolean;
}

export interface RulesSections {
  readonly play: RulesSection;
  readonly winning: RulesSection;
  /** The words the example and Grundy's answers use, introduced before the example uses them. */
  readonly terms: RulesSection | undefined;
  readonly example: RulesSection;
  readonly result: RulesSection;
}

export function rulesSections(rules: GameRules<unknown>): RulesSections {
  const { example } = rules;
  return {
    play: { title: 'How to play', lines: rules.play },
    winning: { title: 'Who wins', lines: rules.winning },
    terms:
      rules.terms === undefined || rules.terms.length === 0
        ? undefined
        : { title: 'Words in Grundy’s answers', lines: rules.terms.map((t) => `${t.term}: ${t.meaning}`) },
    example: { title: `Example: ${example.setup}`, lines: example.steps, numbered: true },
    result: { title: 'Result', lines: [example.result] },
  };
}

/** Needs only the title, the summary and the rules: `grundy rules` renders them without loading the game. */
export function renderRulesText(game: Pick<AnyGame, 'title' | 'summary' | 'rules'>): string {
  const rules = game.rules;
  if (rules === undefined) return `${game.title}\n${game.summary}\n(No rules written for this game yet.)`;
  const lines = [game.title, rules.what];
  const { play, winning, terms, example, result } = rulesSections(rules);
  for (const section of [play, winning, ...(terms === undefined ? [] : [terms]), example, result]) {
    lines.push('', section.title);
    section.lines.forEach((line, i) => {
      if (section.numbered === true) lines.push(`  ${i + 1}. ${line}`);
      else if (/^\d+\. /.test(line)) lines.push(`      ${line}`);
      else lines.push(section.lines.length === 1 ? `  ${line}` : `  - ${line}`);
    });
  }
  lines.push('', `Ask Grundy about the example: grundy solve ${rules.example.cli}`);
  return lines.join('\n');
}
