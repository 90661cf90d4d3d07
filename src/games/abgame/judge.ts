/**
 * The original CodeChef ABGAME format: T, then T boards, one per line; the answer is `A` or `B` per board.
 * Grundy's own limits apply (up to 10^6 boards of up to 10^8 cells each), not the contest's. `run` reads the
 * boards that lie wholly in a stretch of the block in the kernel (abgameRunKernel) and streams every other
 * board through the winner-only scanner (winner-scan.ts), so a board of 10^8 cells is read in constant memory.
 */
import { isSpaceByte, type ByteReader, type Reading } from '../../core/byte-reader.js';
import { JudgeInputError } from '../../core/errors.js';
import { KernelStretches } from '../../core/kernel-stretches.js';
import type { JudgeFormat } from '../../core/game.js';
import type { InputReader } from '../../core/reader.js';
import { abgameRunKernel } from './kernel.js';
import { MAX_BOARD_CELLS, describeCharacter, firstBadIndex } from './limits.js';
import type { AbgameParams, AbgameResult } from './schema.js';
import { WinnerScanner } from './winner-scan.js';

export const MAX_JUDGE_BOARDS = 1_000_000;
/** The longest board `grundy judge abgame` reads (the spec's 10^8 cells), streamed. */
export const MAX_JUDGE_CELLS = 100_000_000;

function missingBoard(line: number, t: number, count: number): JudgeInputError {
  return new JudgeInputError(
    line,
    `expected board ${t} of ${count} (a string of "A", "B" and "."), but the input ended`,
  );
}

function badCell(line: number, t: number, cell: number, code: number): JudgeInputError {
  return new JudgeInputError(
    line,
    `board ${t}: cell ${cell} holds ${describeCharacter(code)}, ` +
      `but only "A", "B" and "." are allowed, e.g. A..B.A..B`,
  );
}

function tooLong(line: number, t: number, cells: string, limit: number): JudgeInputError {
  return new JudgeInputError(
    line,
    `board ${t} has ${cells} cells, but at most ${limit.toLocaleString('en-US')} are allowed per board ` +
      `(for longer boards use grundy solve abgame --file)`,
  );
}

/** What the judge reads of one board: its winner, and its length (for tests of the limit). */
export interface JudgedBoard {
  readonly winner: 'A' | 'B';
  readonly cells: number;
}

/**
 * One board from the bytes, a block at a time, through the winner-only scanner (winner-scan.ts). The scanner
 * stops at the first byte that is not a cell: whitespace ends the board (a token after it on the same line is
 * the next board), anything else is a bad cell, and more than `limit` cells before it is a board too long.
 */
function* readBoard(input: ByteReader, t: number, count: number, limit: number): Reading<JudgedBoard> {
  while (!input.skipSpace()) {
    if (input.eof) throw missingBoard(input.line, t, count);
    yield;
  }
  const line = input.line;
  const scanner = new WinnerScanner();
  let cells = 0;
  for (;;) {
    const start = input.pos;
    const stop = scanner.scan(input.buf, start, input.end);
    cells += stop - start;
    if (cells > limit) throw tooLong(line, t, `more than ${limit.toLocaleString('en-US')}`, limit);
    input.pos = stop;
    if (stop < input.end) {
      const code = input.buf[stop] ?? 0;
      if (!isSpaceByte(code)) throw badCell(line, t, cells + 1, code);
      break;
    }
    if (input.eof) break;
    yield;
  }
  input.lastLine = line;
  return { winner: scanner.winner(), cells };
}

export const abgameJudge: JudgeFormat<AbgameParams, AbgameResult> = {
  async *parse(reader: InputReader) {
    const count = await reader.int('the number of boards T', 1, MAX_JUDGE_BOARDS);
    for (let t = 1; t <= count; t++) {
      // next() rather than expect(): the message is only built when the input has really ended.
      const token = await reader.next();
      if (token === undefined) throw missingBoard(reader.line, t, count);
      const board = token.text;
      if (board.length > MAX_BOARD_CELLS)
        throw tooLong(token.line, t, board.length.toLocaleString('en-US'), MAX_BOARD_CELLS);
      const bad = firstBadIndex(board);
      if (bad >= 0) throw badCell(token.line, t, bad + 1, board.charCodeAt(bad));
      yield { board };
    }
    await reader.expectEnd();
  },
  format(result) {
    return result.winner;
  },
  // 64 KB blocks: the scan of a block runs right after its read, while the block is still in the cache (with
  // 1 MB blocks, reading a 10^8-cell board took about three times as long).
  readBlockBytes: 1 << 16,
  *run(input, answer) {
    const count = yield* input.int('the number of boards T', 1, MAX_JUDGE_BOARDS);
    // Boards lying wholly in a stretch of the block are read and answered in the kernel; the rest (a board
    // across a block border, a mistake) through readBoard.
    const kernel = new KernelStretches(abgameRunKernel);
    for (let t = 1; t <= count; t++) {
      t += kernel.run(input, answer, count - t + 1);
      if (t > count) break;
      answer((yield* readBoard(input, t, count, MAX_JUDGE_CELLS)).winner);
    }
    yield* input.expectEnd();
  },
};

/** The streaming board reader with a lower cell limit, for tests of the limit. */
export function readBoardForTest(input: ByteReader, limit: number): Reading<JudgedBoard> {
  return readBoard(input, 1, 1, limit);
}
