import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectReaches } from '../support/reach.js';
import { runs } from '../support/runs.js';
import { readAll } from '../../src/core/byte-reader.js';
import { InputError, JudgeInputError } from '../../src/core/errors.js';
import { paramsFromFields } from '../../src/core/params.js';
import { createRng } from '../../src/core/rng.js';
import { legalMoves, moverWins } from '../../src/games/abgame/brute.js';
import { abgame } from '../../src/games/abgame/index.js';
import { readBoardForTest } from '../../src/games/abgame/judge.js';
import type { AbgameResult } from '../../src/games/abgame/schema.js';
import { BoardScanner } from '../../src/games/abgame/solve.js';
import { judgeError as judgeErrorOf, judgeOutput } from './judge-harness.js';
const judge = (input: string): Promise<string> => judgeOutput(abgame, input);
const judgeError = (input: string): Promise<JudgeInputError> => judgeErrorOf(abgame, input);

const encoder = new TextEncoder();

/** Hands the parts over one per tick, as a file stream would. */
async function* fromParts(parts: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield await Promise.resolve(part);
}

/** `text` as bytes cut at the given positions, so chunk borders fall anywhere. */
function chunked(text: string, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(text);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    parts.push(bytes.subarray(start, point));
    start = point;
  }
  parts.push(bytes.subarray(start));
  return fromParts(parts);
}

async function streamError(parts: readonly string[]): Promise<InputError> {
  try {
    await abgame.solveStream?.(fromParts(parts.map((part) => encoder.encode(part))));
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected the stream solver to refuse the input');
}

function allBoards(length: number): string[] {
  let boards = [''];
  for (let i = 0; i < length; i++) boards = boards.flatMap((b) => [`${b}A`, `${b}B`, `${b}.`]);
  return boards;
}

function applyMove(board: string, from: number, to: number): string {
  const cells = board.split('');
  cells[to - 1] = cells[from - 1] ?? '.';
  cells[from - 1] = '.';
  return cells.join('');
}

/** The rule for the player to move: more spare moves wins; on a tie, a non-zero XOR wins. */
function moverWinsByRule(result: AbgameResult, mover: 'A' | 'B'): boolean {
  const [own, other] = mover === 'A' ? [result.spareA, result.spareB] : [result.spareB, result.spareA];
  return own > other || (own === other && result.xor !== 0);
}

describe('abgame judge', () => {
  it('answers the official sample byte for byte', async () => {
    expect(await judge('3\nA.B\nA..B\nA..B.A..B\n')).toBe('A\nA\nB\n');
  });

  it('names the line of a bad character, a missing board, a bad count and extra input', async () => {
    const bad = await judgeError('2\nA.B\nA.C\n');
    expect(bad.line).toBe(3);
    expect(bad.message).toContain('line 3');
    expect(bad.message).toContain('board 2');
    expect(bad.message).toContain('cell 3 holds "C"');

    const missing = await judgeError('3\nA.B\nAB\n');
    expect(missing.message).toContain('board 3 of 3');

    const count = await judgeError('x\nA.B\n');
    expect(count.line).toBe(1);
    expect(count.message).toContain('the number of boards T');

    const extra = await judgeError('1\nAB\n\nAB\n');
    expect(extra.line).toBe(4);
    expect(extra.message).toContain('end of the input');
  });

  it('refuses a board longer than the text limit, pointing at the file route', async () => {
    let caught: unknown;
    try {
      paramsFromFields(abgame, { board: 'A'.repeat(1_000_001) });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).message).toContain('at most 1,000,000 cells as text (got 1,000,001)');
    expect((caught as InputError).message).toContain('--file');

    // The judge streams boards: the text limit does not apply there (its own limit is 10^8 cells, below).
    expect(await judge(`1\nA${'.'.repeat(1_000_000)}\n`)).toBe('A\n');
  });

  it('the judge refuses a board past its cell limit, naming the board and the line', () => {
    const board = (cells: string): JudgeInputError => {
      try {
        readAll(`\n\n${cells}\n`, (reader) => readBoardForTest(reader, 10));
      } catch (error) {
        if (error instanceof JudgeInputError) return error;
        throw error;
      }
      throw new Error('accepted');
    };
    expect(readAll('A........B \n', (reader) => readBoardForTest(reader, 10)).cells).toBe(10);
    const long = board('A.........B');
    expect(long.line).toBe(3);
    expect(long.message).toContain('board 1 has more than 10 cells, but at most 10 are allowed per board');
    expect(long.message).toContain('--file');
    expect(board('A........BB').message).toContain('board 1 has more than 10 cells');
    expect(board('A........BX').message).toContain('cell 11 holds "X"');
    expect(board('A.......B!').message).toContain('cell 10 holds "!"');
  });
});

/**
 * The longest boards the exhaustive check tries: 10 cells (88,572 boards) under `npm test`; 8 (9,840 boards)
 * under `npm run mutate` (GRUNDY_MUTATION=1), which reruns it, instrumented, for nearly every mutant.
 */
const EXHAUSTIVE_CELLS = process.env['GRUNDY_MUTATION'] === '1' ? 8 : 10;

describe('abgame against the brute force, exhaustively', () => {
  it(`agrees on every board up to ${EXHAUSTIVE_CELLS} cells, and every named winning move wins`, () => {
    // Failures are collected rather than asserted one by one: 88,572 expect() calls would dominate the run.
    const failures: string[] = [];
    let checked = 0;
    for (let length = 1; length <= EXHAUSTIVE_CELLS; length++) {
      for (const board of allBoards(length)) {
        const params = { board };
        const result = abgame.solve(params);
        const aWins = moverWins(board, 'A');
        if (result.winner !== (aWins ? 'A' : 'B')) failures.push(`${board}: solve says ${result.winner}`);
        // The descriptive half of the result matches a plain recount of the pairs.
        const plain = abgame.brute.solve(params);
        if (JSON.stringify({ ...result, move: null }) !== JSON.stringify({ ...plain, move: null })) {
          failures.push(`${board}: counts differ from the plain recount`);
        }
        const explanation = abgame.explain(params, result);
        if (aWins && explanation.moves.length === 0) failures.push(`${board}: no winning move named`);
        for (const move of explanation.moves) {
          if (!abgame.brute.securesOptimum(params, move.move))
            failures.push(`${board}: "${move.text}" loses`);
        }
        if (!aWins && legalMoves(board, 'A').some((m) => abgame.brute.securesOptimum(params, m))) {
          failures.push(`${board}: B should win, yet some move of A wins`);
        }
        checked++;
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // 3 + 3^2 + ... + 3^EXHAUSTIVE_CELLS boards.
    expect(checked).toBe((3 ** (EXHAUSTIVE_CELLS + 1) - 3) / 2);
  });

  it('refuses illegal moves in securesOptimum', () => {
    expect(abgame.brute.securesOptimum({ board: 'A..B' }, { from: 1, to: 3 })).toBe(true);
    expect(abgame.brute.securesOptimum({ board: 'A..B' }, { from: 4, to: 2 })).toBe(false);
    expect(abgame.brute.securesOptimum({ board: 'A..B' }, { from: 1, to: 5 })).toBe(false);
    expect(abgame.brute.securesOptimum({ board: 'A.A.B' }, { from: 1, to: 4 })).toBe(false);
  });
});

describe('abgame explanation', () => {
  it('words the winning move as in the spec', () => {
    const params = { board: 'A...B.A.B' };
    const explanation = abgame.explain(params, abgame.solve(params));
    expect(explanation.moves[0]?.text).toBe(
      "Slide the A at cell 1 two cells right: gap 3 -> 1 (the contested gaps' XOR becomes 0).",
    );
    expect(explanation.moves[0]?.move).toEqual({ from: 1, to: 3 });
    expect(explanation.facts.map((f) => f.value)).toContain('3, 1');
  });

  it('says why A cannot win, and when A has no move at all', () => {
    const tied = abgame.explain({ board: 'A..B.A..B' }, abgame.solve({ board: 'A..B.A..B' }));
    expect(tied.whyNoMove).toContain('XOR is 0');
    const stuck = abgame.explain({ board: 'AB.' }, abgame.solve({ board: 'AB.' }));
    expect(stuck.whyNoMove).toContain('no move at all');
    const outnumbered = abgame.explain({ board: 'A.BB..B' }, abgame.solve({ board: 'A.BB..B' }));
    expect(outnumbered.whyNoMove).toContain('B has more spare moves');
  });

  it('names a winning move on big boards that leaves B lost by the rule', () => {
    for (let seed = 1; seed <= 40; seed++) {
      for (const difficulty of ['medium', 'hard'] as const) {
        const params = abgame.randomInstance(createRng(seed), difficulty);
        const result = abgame.solve(params);
        if (result.move === null) continue;
        const { from, to } = result.move;
        expect(legalMoves(params.board, 'A')).toContainEqual({ from, to });
        const after = abgame.solve({ board: applyMove(params.board, from, to) });
        expect(moverWinsByRule(after, 'B')).toBe(false);
      }
    }
  });
});

describe('abgame stream solver', () => {
  const short = fc.string({ unit: fc.constantFrom('A', 'B', '.'), minLength: 1, maxLength: 60, size: 'max' });
  // Long runs of dots make gaps with many bits, spread over several chunks.
  const gappy = fc
    .array(fc.tuple(fc.constantFrom('A', 'B'), fc.nat(300)), { minLength: 1, maxLength: 40, size: 'max' })
    .map((parts) => parts.map(([c, gap]) => c + '.'.repeat(gap)).join(''));
  // Long and dense, so whole words of four cells go through the word table, past the first rare pairs.
  const dense = fc.string({
    unit: fc.constantFrom('A', 'B', '.', '.'),
    minLength: 300,
    maxLength: 3000,
    size: 'max',
  });
  const board = fc.oneof(short, gappy, dense);

  it('the boards really reach their declared lengths', () => {
    expectReaches(short, (b) => b.length, { min: 1, max: 60 }, 600);
    expectReaches(dense, (b) => b.length, { min: 300, max: 3000, within: 0.05 }, 600);
  });
  const space = fc.constantFrom('', ' ', '\n', '\r\n', ' \t\n');

  it('gives the same result and explanation as the text solver, however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        board,
        space,
        space,
        fc.array(fc.nat(), { maxLength: 8, size: 'max' }),
        async (b, lead, trail, cuts) => {
          const expected = abgame.solve({ board: b });
          const streamed = await abgame.solveStream?.(chunked(lead + b + trail, cuts));
          expect(streamed?.result).toEqual(expected);
          expect(streamed?.explanation).toEqual(abgame.explain({ board: b }, expected));
          expect(streamed?.inputSummary).toContain(`${b.length.toLocaleString('en-US')} cell`);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('gives the same result from the sparse and the dense loop, whatever the block size', () => {
    fc.assert(
      fc.property(
        board,
        fc.constantFrom('auto', 'sparse', 'dense'),
        fc.integer({ min: 1, max: 64 }),
        fc.array(fc.nat(), { maxLength: 6, size: 'max' }),
        (b, loop, blockSize, cuts) => {
          const bytes = encoder.encode(b);
          const scanner = new BoardScanner({ loop, blockSize });
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1))), bytes.length].sort(
            (x, y) => x - y,
          );
          let start = 0;
          for (const point of points) {
            // Sub-arrays at odd offsets, so the word-aligned reads start at every alignment.
            scanner.feed(bytes.subarray(start, point));
            start = point;
          }
          expect(scanner.finish()).toEqual(abgame.solve({ board: b }));
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('names the 1-based cell of a bad character on both loops', () => {
    for (const loop of ['sparse', 'dense'] as const) {
      for (const [text, cell, what] of [
        ['A..B....C', 9, '"C"'],
        ['........x.......', 9, '"x"'],
        ['AB\u0000', 3, 'a control character'],
      ] as const) {
        const scanner = new BoardScanner({ loop, blockSize: 4 });
        expect(() => scanner.feed(encoder.encode(text)), `${loop} ${text}`).toThrow(
          `cell ${cell} holds ${what}`,
        );
      }
    }
  });

  it('names the 1-based cell of a bad character, across chunk borders and after leading space', async () => {
    expect((await streamError(['AB..', '.Bz'])).message).toContain('cell 7 holds "z"');
    expect((await streamError(['  \n A. B  '])).message).toContain('cell 3 holds a space');
    expect((await streamError(['AB\n', '\nx'])).message).toContain('cell 3 holds a line break');
    expect((await streamError(['A.\u00e9'])).message).toContain('cell 3 holds a non-ASCII character');
    expect((await streamError([' \n', ''])).message).toContain('at least 1 cell');
    expect((await streamError(['A..C'])).field).toBe('board');
  });

  it('refuses a board past the cell limit but allows whitespace after it', () => {
    const full = new BoardScanner({ maxCells: 5 });
    full.feed(encoder.encode('A..B.'));
    full.feed(encoder.encode('\n'));
    expect(full.finish().cells).toBe(5);
    const over = new BoardScanner({ maxCells: 5 });
    over.feed(encoder.encode('A..'));
    expect(() => over.feed(encoder.encode('B.A'))).toThrow(/at most 5 cells/);
  });
});
