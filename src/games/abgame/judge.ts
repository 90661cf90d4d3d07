/**
 * The original CodeChef ABGAME format: T, then T boards, one per line; the answer is `A` or `B` per board.
 * Grundy's own limits apply (up to 10^6 boards of up to 10^8 cells each), not the contest's. `run` streams
 * every board through the one-pass scanner, so a board of 10^8 cells is read in constant memory.
 */
import { isSpaceByte, type ByteReader, type Reading } from '../../core/byte-reader.js';
import { InputError, JudgeInputError } from '../../core/errors.js';
import type { JudgeFormat } from '../../core/game.js';
import type { InputReader } from '../../core/reader.js';
import { CHAR_A, CHAR_B, DOT, MAX_BOARD_CELLS, describeCharacter, firstBadIndex } from './limits.js';
import type { AbgameParams, AbgameResult } from './schema.js';
import { BoardScanner } from './solve.js';

export const MAX_JUDGE_BOARDS = 1_000_000;
/** The longest board `grundy judge abgame` reads (the spec's 10^8 cells), streamed. */
export const MAX_JUDGE_CELLS = 100_000_000;

const LINE_FEED = 10;

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

function isCell(code: number): boolean {
  return code === DOT || code === CHAR_A || code === CHAR_B;
}

/**
 * One board from the bytes, fed to the scanner a line (or a block) at a time. A piece that holds a space
 * makes the scanner stop the board there (and throw if another token follows on the line); that case, and
 * a bad character, are sorted out by looking at the piece again.
 */
function* readBoard(input: ByteReader, t: number, count: number, limit: number): Reading<AbgameResult> {
  while (!input.skipSpace()) {
    if (input.eof) throw missingBoard(input.line, t, count);
    yield;
  }
  const line = input.line;
  const scanner = new BoardScanner({ maxCells: limit });
  let cells = 0;
  for (;;) {
    const buf = input.buf;
    const start = input.pos;
    const newline = input.find(LINE_FEED, start);
    const stop = newline >= 0 ? newline : input.end;
    try {
      scanner.feed(buf.subarray(start, stop));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      let p = start;
      while (p < stop && isCell(buf[p] ?? 0)) p++;
      const before = cells + (p - start);
      if (before >= limit && (p === stop || isCell(buf[p] ?? 0) || before > limit)) {
        throw tooLong(line, t, `more than ${limit.toLocaleString('en-US')}`, limit);
      }
      const code = buf[p] ?? 0;
      if (!isSpaceByte(code)) throw badCell(line, t, before + 1, code);
      // Another token follows on the same line: this board ended at p.
      input.pos = p;
      break;
    }
    input.pos = stop;
    if (newline >= 0 || input.eof) break;
    if (stop > start && isSpaceByte(buf[stop - 1] ?? 0)) break;
    cells += stop - start;
    yield;
  }
  input.lastLine = line;
  return scanner.finish();
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
  *run(input, answer) {
    const count = yield* input.int('the number of boards T', 1, MAX_JUDGE_BOARDS);
    for (let t = 1; t <= count; t++) answer((yield* readBoard(input, t, count, MAX_JUDGE_CELLS)).winner);
    yield* input.expectEnd();
  },
};

/** The streaming board reader with a lower cell limit, for tests of the limit. */
export function readBoardForTest(input: ByteReader, limit: number): Reading<AbgameResult> {
  return readBoard(input, 1, 1, limit);
}
