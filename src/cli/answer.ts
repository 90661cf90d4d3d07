/**
 * What `grundy solve` and `grundy explain` print: the short answer (or everything with --details), wrapped to the
 * terminal.
 */
import type { AnyGame, Explanation } from '../core/game.js';
import { renderAnswerText } from '../render/answer-text.js';
import { terminalWidth, wrapText } from '../render/wrap.js';

export interface CliAnswer {
  readonly explanation: Explanation<unknown>;
  readonly inputSummary?: string;
}

export interface CliAnswerOptions {
  readonly details: boolean;
  /** The command that shows everything, for the short answer's last line. */
  readonly moreCommand?: string;
}

/** `grundy explain <game> <the same input>`: the command that shows everything, without --picture. */
export function explainCommand(gameId: string, args: readonly string[]): string {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--picture') i++;
    else if (!arg.startsWith('--picture=') && arg !== '--details')
      kept.push(/^[\w.,:/=+-]+$/.test(arg) ? arg : `'${arg}'`);
  }
  return ['grundy explain', gameId, ...kept].join(' ');
}

export function renderCliAnswer(
  game: AnyGame,
  answer: CliAnswer,
  options: CliAnswerOptions,
  out: { stream: NodeJS.WritableStream; env: NodeJS.ProcessEnv },
): string {
  const text = renderAnswerText(game, answer.explanation, {
    details: options.details,
    ...(answer.inputSummary === undefined ? {} : { inputSummary: answer.inputSummary }),
    ...(options.moreCommand === undefined ? {} : { moreCommand: options.moreCommand }),
  });
  return wrapText(text, terminalWidth(out.stream, out.env));
}
