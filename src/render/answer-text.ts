/**
 * An answer for a terminal: the short answer by default (verdict, move, at most three lines of why), the
 * whole explanation with `details`. Plain text; wrapping to the terminal is the caller's last step.
 */
import type { AnyGame, Explanation } from '../core/game.js';
import { renderExplanationText } from './text.js';
import { shortAnswer, shortAnswerLines } from './short-answer.js';

export interface AnswerTextOptions {
  readonly details: boolean;
  readonly inputSummary?: string;
  /** How to see more, e.g. "grundy explain seagm 2 6 3" (short answers only). */
  readonly moreCommand?: string;
  /** A line about the picture ("Picture written to a.png", or why there is none). */
  readonly pictureLine?: string;
}

export function renderAnswerText(
  game: AnyGame,
  explanation: Explanation<unknown>,
  options: AnswerTextOptions,
): string {
  const extra = options.pictureLine === undefined ? '' : `\n\n${options.pictureLine}`;
  if (options.details) {
    return (
      renderExplanationText(game, explanation, {
        details: true,
        ...(options.inputSummary === undefined ? {} : { inputSummary: options.inputSummary }),
      }) + extra
    );
  }
  const lines = [
    `${game.title}${options.inputSummary === undefined ? '' : ` — ${options.inputSummary}`}`,
    '',
    ...shortAnswerLines(shortAnswer(explanation)),
  ];
  const more = options.moreCommand ?? 'add --details';
  lines.push('', `The full reasoning: ${more}`, `The rules: grundy rules ${game.id}`);
  return lines.join('\n') + extra;
}
