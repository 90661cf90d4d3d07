/**
 * ABGAME's streamed solver with the kernel: once the first contested pairs are noted, BoardScanner hands each
 * block's whole runs of 64 cells to the kernel (abgameStreamScan), and reads a block itself when a pair closed
 * there needs noting (a contested gap with a bit no earlier gap had, A's first spare gap). Its whole result
 * (totals, the pairs it shows, the winning move) against the scanner's JavaScript loops alone, on long boards
 * fed in pieces cut anywhere, with such pairs early, late and across the pieces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoardScanner } from '../../src/games/abgame/solve.js';
import { runs } from '../support/runs.js';

const encoder = new TextEncoder();

function solve(board: string, cuts: readonly number[], loop: 'auto' | 'sparse' | 'dense', blockSize: number) {
  const scanner = new BoardScanner({ loop, blockSize });
  const bytes = encoder.encode(board);
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    scanner.feed(bytes.subarray(from, Math.max(from, cut)));
    from = Math.max(from, cut);
  }
  scanner.feed(bytes.subarray(from));
  return scanner.finish();
}

const dots = (n: number): string => '.'.repeat(n);
const cell = fc.constantFrom('.', '.', 'A', 'B');
/** Pieces of a board: random cells, long runs of dots, and single pairs with a chosen gap. */
const segment = fc.oneof(
  { arbitrary: fc.array(cell, { maxLength: 400, size: 'max' }).map((cells) => cells.join('')), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 3000 }).map(dots), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('A', 'B'), fc.constantFrom('A', 'B'), fc.integer({ min: 0, max: 5000 }))
      .map(([left, right, gap]) => `${left}${dots(gap)}${right}`),
    weight: 2,
  },
);
/** Twenty contested pairs first, so that the kernel takes over early; or none, so that it waits for them. */
const opening = fc.constantFrom('A.B'.repeat(20), 'B..A'.repeat(20), '', 'A.A.B..B');
const board = fc
  .tuple(
    opening,
    fc.array(segment, { minLength: 1, maxLength: 30, size: 'max' }),
    fc.constantFrom('', '\n', ' \r\n'),
  )
  .map(([first, rest, end]) => `${first}${rest.join('')}${end}`)
  .filter((text) => /[AB.]/.test(text));

describe('ABGAME stream: the kernel path gives the JavaScript loops\u2019 whole result', () => {
  it('on long boards in pieces, with pairs to note early, late and across the pieces', () => {
    fc.assert(
      fc.property(
        board,
        fc.array(fc.nat(), { maxLength: 4, size: 'max' }),
        fc.constantFrom(64, 100, 256, 4096, 1 << 15),
        (text, cutsRaw, blockSize) => {
          const cuts = cutsRaw.map((c) => c % (text.length + 1));
          const expected = solve(text, cuts, 'sparse', blockSize);
          expect(solve(text, cuts, 'auto', blockSize)).toEqual(expected);
          expect(solve(text, cuts, 'dense', blockSize)).toEqual(expected);
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('notes a gap with a new top bit far into a dense board, and names the move it gives', () => {
    // Contested gaps of 1 (an even number of them), and far in, one of 40: the XOR is 40, and its pair the move.
    const filler = 'A.B'.repeat(3000);
    const board = `${filler}A${dots(40)}B${filler}`;
    for (const blockSize of [64, 256, 1 << 15]) {
      const expected = solve(board, [], 'sparse', blockSize);
      expect(expected.xor).toBe(40);
      expect(expected.move).toMatchObject({ kind: 'contested', from: filler.length + 1, gapBefore: 40 });
      expect(solve(board, [], 'auto', blockSize)).toEqual(expected);
    }
  });

  it('notes A\u2019s first spare gap when its pair waits across two blocks of 64 cells the kernel reads', () => {
    // JavaScript reads the first block of 4,096 bytes; the kernel reads on from there, 64 cells at a time: the
    // first A sits on the last cell of one of its blocks, its partner in the next.
    const before = 'A.B'.repeat(1500);
    const edge = 4096 + 64 * Math.ceil((before.length - 4096) / 64) + 63;
    const board = `${before}${dots(edge - before.length)}A...A${dots(100)}`;
    expect(board.indexOf('A...A')).toBe(edge);
    const expected = solve(board, [], 'sparse', 4096);
    expect(expected.move).toMatchObject({ kind: 'spare', from: edge + 1 });
    expect(solve(board, [], 'auto', 4096)).toEqual(expected);
  });

  it('notes A\u2019s first spare gap when it comes only far into the board', () => {
    const late = `${'A.B'.repeat(20)}${'AB..'.repeat(5000)}A...A${dots(200)}`;
    const expected = solve(late, [], 'sparse', 256);
    expect(expected.move?.kind).toBe('spare');
    expect(solve(late, [], 'auto', 256)).toEqual(expected);
  });
});
