/**
 * What `grundy solve` and `grundy explain` print: the short answer (or everything with --details), wrapped to the
 * terminal; and how `grundy rules --picture FILE` writes its picture (a one-line note when it cannot be drawn).
 */
import { writeFileSync } from 'node:fs';
import type { AnyGame, Explanation } from '../core/game.js';
import type { AnswerPicture } from '../render/answer-picture.js';
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

/** Writes the picture's PNG to `path`; returns the line to print about it. */
export function writePicture(picture: AnswerPicture, path: string, what: string): string {
  switch (picture.kind) {
    case 'none':
      return `No picture: this game has none yet (nothing written to ${path}).`;
    case 'note':
      return `${picture.note} (Nothing written to ${path}.)`;
    case 'png':
      try {
        writeFileSync(path, picture.png);
      } catch {
        // The answer is still right; a picture that cannot be saved is a note, never an error.
        return `No picture written: cannot write "${path}".`;
      }
      return `Picture of ${what} written to ${path} (${picture.alt})`;
  }
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
