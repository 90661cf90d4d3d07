/**
 * The judge's winner-only scanner (winner-scan.ts: 64 cells at a time as bit masks in the kernel, cell by cell at
 * the edges) against the brute force: the game-tree search for the winner on small boards, and the plain pair
 * count (`recount`, brute.ts) for spareA - spareB and the XOR on any board. Boards are cut into pieces anywhere
 * and laid at every byte alignment, so blocks start at every offset of the board and pairs cross every piece and
 * block border; pieces longer than one kernel call (64 KB) go through it in parts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../support/runs.js';
import { moverWins, recount } from '../../src/games/abgame/brute.js';
import { WinnerScanner } from '../../src/games/abgame/winner-scan.js';

const encoder = new TextEncoder();

/** What the plain count says: spareA - spareB and the XOR of the contested gaps. */
function expectedTotals(board: string): { spareDiff: number; xor: number } {
  const counted = recount(board, 'A', null);
  return { spareDiff: counted.spareA - counted.spareB, xor: counted.xor };
}

/**
 * Scans `board` in pieces cut at `cuts`, each piece copied `shift` bytes into a buffer of its own (so the words
 * of the step loop start at every alignment), between `pad` bytes that are not cells.
 */
function scanPieces(board: string, cuts: readonly number[], shift = 0, pad = 0x7c): WinnerScanner {
  const bytes = encoder.encode(board);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1))), bytes.length].sort((a, b) => a - b);
  const scanner = new WinnerScanner();
  let start = 0;
  for (const point of points) {
    const buffer = new Uint8Array(shift + (point - start) + 5).fill(pad);
    buffer.set(bytes.subarray(start, point), shift);
    expect(scanner.scan(buffer, shift, shift + point - start)).toBe(shift + point - start);
    start = point;
  }
  return scanner;
}

const cell = fc.constantFrom('A', 'B', '.');
/** Dense boards (a cell is a character 2 times in 3) and sparse ones (1 time in 10). */
const sparseCell = fc.constantFrom('A', 'B', '.', '.', '.', '.', '.', '.', '.', '.', '.', '.', '.', '.', '.');
const board = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.array(cell, { minLength: 1, maxLength, size: 'max' }).map((cells) => cells.join('')),
    fc.array(sparseCell, { minLength: 1, maxLength, size: 'max' }).map((cells) => cells.join('')),
  );

describe('ABGAME winner scanner', () => {
  it('names the winner of every board up to 9 cells as the game-tree search does', () => {
    for (let length = 1; length <= 9; length++) {
      for (let code = 0; code < 3 ** length; code++) {
        let b = '';
        for (let j = 0, rest = code; j < length; j++, rest = Math.floor(rest / 3)) b += 'AB.'[rest % 3];
        const scanner = scanPieces(b, []);
        expect(scanner.winner(), b).toBe(moverWins(b, 'A') ? 'A' : 'B');
        expect(scanner.totals(), b).toEqual(expectedTotals(b));
      }
    }
  });

  it('every eight-cell step, after nothing, an A or a B waiting, at every alignment, counts as the plain count', () => {
    // 40 bytes or more go through the step loop; the eight-cell prefix sets what waits when the step begins
    // (nothing, an A, a B, after pairs closed or not), and at alignment 0 the step is exactly one loop step.
    for (const prefix of ['........', 'A.......', 'B.......', '.A.B..A.', 'AB..B...']) {
      for (let code = 0; code < 3 ** 8; code++) {
        let step = '';
        for (let j = 0, rest = code; j < 8; j++, rest = Math.floor(rest / 3)) step += 'AB.'[rest % 3];
        const b = `${prefix}${step}${'.'.repeat(7)}A${'.'.repeat(16)}B${'.'.repeat(8)}`;
        const expected = expectedTotals(b);
        expect(scanPieces(b, []).totals(), b).toEqual(expected);
        expect(scanPieces(b, [], 1 + (code % 3)).totals(), b).toEqual(expected);
      }
    }
  });

  it('agrees with the game-tree search on random boards of up to 10 cells, however they are cut', () => {
    fc.assert(
      fc.property(
        board(10),
        fc.array(fc.nat(), { maxLength: 4, size: 'max' }),
        fc.nat(3),
        (b, cuts, shift) => {
          expect(scanPieces(b, cuts, shift).winner()).toBe(moverWins(b, 'A') ? 'A' : 'B');
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('agrees with the plain count on random long boards, cut anywhere, at every alignment', () => {
    fc.assert(
      fc.property(
        board(700),
        fc.array(fc.nat(), { maxLength: 6, size: 'max' }),
        fc.nat(3),
        (b, cuts, shift) => {
          expect(scanPieces(b, cuts, shift).totals()).toEqual(expectedTotals(b));
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('a board cut in two at every offset, at every alignment, gives the same totals', () => {
    const b = 'AB.BA..AB.A.BBA.B...A..B.AAB.BA...BB.A.B..A...B.AB'.repeat(3);
    const expected = expectedTotals(b);
    for (let cut = 0; cut <= b.length; cut++) {
      for (let shift = 0; shift < 4; shift++) {
        expect(scanPieces(b, [cut], shift).totals(), `cut ${cut} shift ${shift}`).toEqual(expected);
      }
    }
  });

  it('stops at the first byte that is not a cell, anywhere in a step, with the cells before it counted', () => {
    const b = 'AB.BA..AB.A.BBA.B...A..B.AAB.BA...BB.A.B..A...B.AB'.repeat(2);
    // A byte next to a cell in every way a half-word lookup could be fooled: space, NUL, 'C', a high byte, '-'.
    for (const bad of [0x20, 0x00, 0x43, 0xc1, 0x2d, 0x0a]) {
      for (let at = 0; at < b.length; at++) {
        for (let shift = 0; shift < 4; shift++) {
          const bytes = new Uint8Array(shift + b.length);
          bytes.set(encoder.encode(b), shift);
          bytes[shift + at] = bad;
          const scanner = new WinnerScanner();
          expect(scanner.scan(bytes, shift, bytes.length), `${bad} at ${at} shift ${shift}`).toBe(shift + at);
          if (at > 0) expect(scanner.totals()).toEqual(expectedTotals(b.slice(0, at)));
        }
      }
    }
  });

  it('finds a bad byte, and counts the cells before it, in any part of a piece longer than one kernel call', () => {
    const b = 'AB.BA..AB.A.BBA.B...A..B.AAB.BA...BB.A.B..A...B.AB'.repeat(4000);
    const bytes = encoder.encode(b);
    for (const at of [65_535, 65_536, 65_541, 131_071, 131_072, 199_999]) {
      const bad = bytes.slice();
      bad[at] = 0x78;
      const scanner = new WinnerScanner();
      expect(scanner.scan(bad, 0, bad.length), `at ${at}`).toBe(at);
      expect(scanner.totals()).toEqual(expectedTotals(b.slice(0, at)));
    }
  });

  it('reads a reused buffer afresh each time, and different buffers apart', () => {
    const buffer = new Uint8Array(256);
    const boards = ['A.B'.repeat(80), 'BA..'.repeat(60), '.'.repeat(100) + 'A', 'AABB.'.repeat(50)];
    for (const b of boards) {
      buffer.set(encoder.encode(b));
      const scanner = new WinnerScanner();
      scanner.scan(buffer, 0, b.length);
      expect(scanner.totals(), b).toEqual(expectedTotals(b));
      const other = new WinnerScanner();
      const copy = encoder.encode(` ${b}`);
      other.scan(copy, 1, copy.length);
      expect(other.totals()).toEqual(expectedTotals(b));
    }
  });

  it('carries a gap of millions of dots, and many closed gaps, exactly', () => {
    const b = `A${'.'.repeat(3_000_000)}A${'B.'.repeat(100_000)}B${'.'.repeat(1_000_003)}`;
    const scanner = scanPieces(b, [65_536, 65_537, 1_000_001, 3_000_000]);
    expect(scanner.totals()).toEqual(expectedTotals(b));
  });
});
