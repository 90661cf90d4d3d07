/** A game's rules as plain text for a terminal (the Discord form is in rules-embed.ts). */
import type { AnyGame, GameRules } from '../core/game.js';

/** The rules' sections as titled lists, shared by the terminal and Discord renderers. */
export interface RulesSection {
  readonly title: string;
  readonly lines: readonly string[];
  /** Numbered steps rather than bullets. */
  readonly numbered?: boolean;
}

export function rulesSections(rules: GameRules<unknown>): RulesSection[] {
  const sections: RulesSection[] = [
    { title: 'How to play', lines: rules.play },
    { title: 'Who wins', lines: rules.winning },
  ];
  const { example } = rules;
  sections.push({ title: `Example: ${example.setup}`, lines: example.steps, numbered: true });
  sections.push({ title: 'Result', lines: [example.result] });
  if (rules.terms !== undefined && rules.terms.length > 0) {
    sections.push({
      title: 'Words in Grundy’s answers',
      lines: rules.terms.map((t) => `${t.term}: ${t.meaning}`),
    });
  }
  return sections;
}

export function renderRulesText(game: AnyGame): string {
  const rules = game.rules;
  if (rules === undefined) return `${game.title}\n${game.summary}\n(No rules written for this game yet.)`;
  const lines = [game.title, rules.what];
  for (const section of rulesSections(rules)) {
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
