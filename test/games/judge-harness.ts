/** Runs a game's judge on a string exactly as `grundy judge` does: parse, validate, solve, format. */
import type { AnyGame } from '../../src/core/game.js';
import { JudgeInputError } from '../../src/core/errors.js';
import { parseParams } from '../../src/core/params.js';
import { InputReader } from '../../src/core/reader.js';

/** The judge's stdout for `input`: one line per test, each ending in a newline. */
export async function judgeOutput(game: AnyGame, input: string): Promise<string> {
  let out = '';
  if (game.judge.answerAll !== undefined) {
    for await (const answer of game.judge.answerAll(InputReader.fromString(input))) out += `${answer.line}\n`;
    return out;
  }
  for await (const candidate of game.judge.parse(InputReader.fromString(input))) {
    const params: unknown = parseParams(game, candidate);
    out += `${game.judge.format(game.solve(params), params)}\n`;
  }
  return out;
}

/** The JudgeInputError the judge raises for `input`; fails the test if it accepts the input. */
export async function judgeError(game: AnyGame, input: string): Promise<JudgeInputError> {
  try {
    await judgeOutput(game, input);
  } catch (error) {
    if (error instanceof JudgeInputError) return error;
    throw error;
  }
  throw new Error('the judge accepted bad input');
}
