/**
 * Runs a game's judge on a string exactly as `grundy judge` does: the byte judge (`run`) when the game has
 * one, else parse, validate, solve, format. `legacyJudgeOutput` always takes the token path (the reference).
 */
import { expect } from 'vitest';
import { ByteReader, drive, readAll } from '../../src/core/byte-reader.js';
import type { AnyGame } from '../../src/core/game.js';
import { JudgeInputError } from '../../src/core/errors.js';
import { parseParams } from '../../src/core/params.js';
import { InputReader } from '../../src/core/reader.js';

/** The judge's stdout for `input`: one line per test, each ending in a newline. */
export async function judgeOutput(game: AnyGame, input: string): Promise<string> {
  const run = game.judge.run?.bind(game.judge);
  if (run === undefined) return legacyJudgeOutput(game, input);
  const lines: string[] = [];
  readAll(input, (reader) => run(reader, (line) => lines.push(line)));
  return Promise.resolve(lines.map((line) => `${line}\n`).join(''));
}

/**
 * The byte judge's output, the input read as from a pipe: `block` bytes or fewer at a time (short reads) into
 * a buffer of 128 bytes used again and again, so the bytes past a block's end are left over from an earlier
 * read (often digits or whitespace), as they are when the CLI reads stdin.
 */
export async function judgeOutputInBlocks(game: AnyGame, input: string, block: number): Promise<string> {
  const { output, error } = await judgeUntilError(game, input, block);
  if (error instanceof Error) throw error;
  return output;
}

/**
 * judgeOutputInBlocks (all of the input in one block when `block` is undefined) that keeps what the judge
 * answered before an error: the lines the CLI has written (or still holds to write) when it reports one.
 */
export async function judgeUntilError(
  game: AnyGame,
  input: string,
  block?: number,
): Promise<{ output: string; error: unknown }> {
  const run = game.judge.run?.bind(game.judge);
  if (run === undefined) throw new Error(`${game.id} has no byte judge`);
  const bytes = new TextEncoder().encode(input);
  const reader = new ByteReader(block === undefined ? bytes.length + 1 : 128);
  const lines: string[] = [];
  let at = 0;
  let error: unknown;
  try {
    await drive(
      reader,
      run(reader, (line) => lines.push(line)),
      {
        readInto: (target, offset, length) => {
          const count = Math.min(length, block ?? length, bytes.length - at);
          target.set(bytes.subarray(at, at + count), offset);
          at += count;
          return count;
        },
        next: () => Promise.resolve(undefined),
      },
    );
  } catch (thrown) {
    error = thrown;
  }
  return { output: lines.map((line) => `${line}\n`).join(''), error };
}

/**
 * Checks that the byte judge fails on `input` with `reference` (the token judge's error, `legacyJudgeError`),
 * read in blocks of each size in `blocks` (undefined: all at once), and, when `output` is given, that it wrote
 * exactly those answers first.
 */
export async function expectSameError(
  game: AnyGame,
  input: string,
  reference: unknown,
  blocks: readonly (number | undefined)[],
  output?: string,
): Promise<void> {
  for (const block of blocks) {
    const run = await judgeUntilError(game, input, block);
    if (output !== undefined) expect(run.output).toBe(output);
    expect(String(run.error)).toBe(String(reference));
  }
}

/** The token judge: InputReader, the game's schema, solve, format. */
export async function legacyJudgeOutput(game: AnyGame, input: string): Promise<string> {
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

/** The token judge's error for `input` (the reference for the byte judge's), or an Error saying it accepted it. */
export async function legacyJudgeError(game: AnyGame, input: string): Promise<unknown> {
  return legacyJudgeOutput(game, input).then(
    () => new Error('the token judge accepted it'),
    (error: unknown) => error,
  );
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
