/**
 * The byte scanner behind ABGAME's text, stream and judge paths at its edges: every whitespace byte around a
 * board, whitespace split over chunks, a token after the trailing whitespace, and the cell numbers a result
 * names when the board starts after leading whitespace; and the judge's board reader over input cut into
 * pieces anywhere; the token judge; the stream's summary. The reference is the text solver on the bare board.
 */
import { describe, expect, it } from 'vitest';
import { ByteReader, drive, streamSource, type Reading } from '../../src/core/byte-reader.js';
import { InputError, JudgeInputError } from '../../src/core/errors.js';
import { abgame } from '../../src/games/abgame/index.js';
import { readBoardForTest } from '../../src/games/abgame/judge.js';
import { BoardScanner, solveBoard } from '../../src/games/abgame/solve.js';
import { legacyJudgeOutput } from './judge-harness.js';

const encoder = new TextEncoder();

/** The six ASCII whitespace bytes: tab, line feed, vertical tab, form feed, carriage return, space. */
const WHITESPACE = ['\t', '\n', '\v', '\f', '\r', ' '] as const;

/** A board A wins with a named move (a contested gap), and one it wins by a spare move. */
const BOARDS = ['A...B.A.B', 'A..A.B.B', 'B..A.A...'];

function scan(parts: readonly string[], loop: 'sparse' | 'dense' | 'auto' = 'auto') {
  const scanner = new BoardScanner({ loop, blockSize: 4 });
  for (const part of parts) scanner.feed(encoder.encode(part));
  return scanner.finish();
}

function refusal(parts: readonly string[]): string {
  try {
    scan(parts);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(parts)}`);
}

describe('ABGAME scanner: whitespace around the board', () => {
  it.each(WHITESPACE.map((w) => [JSON.stringify(w), w] as const))(
    '%s before and after the board is ignored, and cells count from the board',
    (_name, w) => {
      for (const board of BOARDS) {
        const expected = abgame.solve({ board });
        expect(scan([`${w}${w}${board}${w}`])).toEqual(expected);
        // Split over chunks: whitespace alone in a chunk, the board cut, whitespace after in pieces.
        expect(scan([w, `${w}${board.slice(0, 3)}`, board.slice(3), w, `${w}${w}`])).toEqual(expected);
      }
    },
  );

  it('a byte that is not whitespace (backspace, shift-out, unit separator) is refused where the board is', () => {
    for (const code of [8, 14, 31]) {
      const c = String.fromCharCode(code);
      expect(refusal([`${c}A.B`])).toContain(`cell 1 holds a control character (code ${code})`);
      expect(refusal([`A.B${c}`])).toContain(`cell 4 holds a control character (code ${code})`);
      expect(refusal([' A.B', `  ${c}`])).toContain('cell 4 holds a space');
    }
  });

  it('anything after the trailing whitespace is refused, naming the first whitespace cell', () => {
    expect(refusal(['A.B ', '  x'])).toContain('cell 4 holds a space');
    expect(refusal(['A.B\t', 'B'])).toContain('cell 4 holds a tab');
    expect(refusal(['  A.B', '\n', '\nA'])).toContain('cell 4 holds a line break');
    expect(refusal(['\v\fAB..', '.B\fA'])).toContain('cell 7 holds a control character (code 12)');
  });

  it('at the cell limit, a bad character is named as such, and one more cell is over the limit', () => {
    for (const loop of ['sparse', 'dense', 'auto'] as const) {
      const scanner = (): BoardScanner => new BoardScanner({ maxCells: 6, loop, blockSize: 4 });
      expect(() => scanner().feed(encoder.encode('A....Bx'))).toThrow('cell 7 holds "x"');
      expect(() => scanner().feed(encoder.encode('A....B.'))).toThrow('at most 6 cells are allowed');
      const split = scanner();
      split.feed(encoder.encode('A...'));
      expect(() => split.feed(encoder.encode('.BB'))).toThrow('at most 6 cells are allowed');
    }
  });

  it('reads only the first `length` bytes of a chunk, whatever follows them', () => {
    for (const loop of ['sparse', 'dense'] as const) {
      const scanner = new BoardScanner({ loop });
      // Whitespace past `length` is not read: the board still starts at the next chunk's first cell.
      scanner.feed(encoder.encode('  \t   '), 3);
      scanner.feed(encoder.encode('A..B.Ax'), 6);
      expect(scanner.finish()).toEqual(abgame.solve({ board: 'A..B.A' }));
    }
  });

  it('whitespace alone is no board', () => {
    for (const w of WHITESPACE) expect(refusal([w, `${w}${w}`])).toContain('give at least 1 cell');
    expect(refusal([])).toContain('give at least 1 cell');
  });
});

/** Runs `read` over `input` handed over in pieces cut at `cuts`, as a file or a pipe delivers it. */
async function driveChunks<T>(
  input: string,
  cuts: readonly number[],
  read: (reader: ByteReader) => Reading<T>,
): Promise<T> {
  const bytes = encoder.encode(input);
  const points = [...new Set([...cuts, bytes.length])].sort((a, b) => a - b);
  async function* pieces(): AsyncGenerator<Uint8Array> {
    let start = 0;
    for (const point of points) {
      yield await Promise.resolve(bytes.slice(start, point));
      start = point;
    }
  }
  const reader = new ByteReader();
  return drive(reader, read(reader), streamSource(pieces()));
}

async function judgeChunks(input: string, cuts: readonly number[]): Promise<string[]> {
  const run = abgame.judge.run?.bind(abgame.judge);
  if (run === undefined) throw new Error('abgame has no byte judge');
  const answers: string[] = [];
  // The judge gives its answers a line or several at a time.
  await driveChunks(input, cuts, (reader) => run(reader, (lines) => answers.push(...lines.split('\n'))));
  return answers;
}

async function refusedChunks(
  input: string,
  cuts: readonly number[],
  limit: number,
): Promise<JudgeInputError> {
  try {
    await driveChunks(input, cuts, (reader) => readBoardForTest(reader, limit));
  } catch (error) {
    if (error instanceof JudgeInputError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe('ABGAME judge: boards cut across the blocks it reads', () => {
  const boards = ['A..B', 'A...B.A.B', 'B', '.A.A..B...B.', 'AB..', 'A..A.B.B'];
  const winners = boards.map((board) => abgame.solve({ board }).winner);

  it.each([
    ['one board a line', `${boards.length}\n${boards.join('\n')}\n`],
    ['blank lines and CRLF', `${boards.length}\r\n\r\n${boards.join('\r\n\n')}\r\n`],
    [
      'several boards a line',
      `${boards.length} ${boards.slice(0, 3).join(' ')}\n${boards.slice(3).join('\t')}`,
    ],
  ])('%s: the same answers wherever the input is cut', async (_name, input) => {
    for (let cut = 0; cut <= input.length; cut++) {
      expect(await judgeChunks(input, [cut]), `cut at ${cut}`).toEqual(winners);
    }
    for (let cut = 0; cut + 3 <= input.length; cut++) {
      expect(await judgeChunks(input, [cut, cut + 1, cut + 3])).toEqual(winners);
    }
  });

  it('a board of exactly the limit is read across pieces; one cell more is refused', async () => {
    const atLimit = 'A........B';
    for (let cut = 0; cut <= atLimit.length + 1; cut++) {
      const result = await driveChunks(`\n${atLimit}\n`, [cut], (reader) => readBoardForTest(reader, 10));
      expect(result.cells).toBe(10);
      const long = await refusedChunks(`\n${atLimit}B\n`, [cut], 10);
      expect(long.message).toContain('board 1 has more than 10 cells, but at most 10 are allowed per board');
      expect(long.line).toBe(2);
    }
  });

  it('a board past the limit is refused as too long, even when a bad character follows it', async () => {
    for (let cut = 0; cut <= 14; cut++) {
      for (const input of ['\nA.........B.x\n', '\nA.........BB x\n', '\nA..........\n']) {
        const error = await refusedChunks(input, [cut], 10);
        expect(error.message, `${JSON.stringify(input)} cut at ${cut}`).toContain(
          'board 1 has more than 10 cells',
        );
      }
    }
  });

  it('a bad cell is named by its place in the board, wherever the pieces are cut', async () => {
    for (let cut = 0; cut <= 10; cut++) {
      expect((await refusedChunks('A.....B.!\n', [cut], 10)).message).toContain('cell 9 holds "!"');
      expect((await refusedChunks('  A..B...BX', [cut, cut + 2], 10)).message).toContain('cell 9 holds "X"');
    }
  });

  it('a missing board is named when the input ends in whitespace', async () => {
    for (let cut = 0; cut <= 8; cut++) {
      const error = await refusedChunks(' \n \n\t \n', [cut], 10);
      expect(error.message).toContain('expected board 1 of 1');
    }
  });
});

async function legacyError(input: string): Promise<JudgeInputError> {
  try {
    await legacyJudgeOutput(abgame, input);
  } catch (error) {
    if (error instanceof JudgeInputError) return error;
    throw error;
  }
  throw new Error(`the token judge accepted ${JSON.stringify(input)}`);
}

describe('ABGAME token judge (parse, format): the same answers and refusals as the byte judge', () => {
  it('answers every board, however the boards are spread over lines', async () => {
    const boards = ['A.B', 'A..B', 'A..B.A..B', 'B', '.A.A..B...B.'];
    const expected = boards.map((board) => `${abgame.solve({ board }).winner}\n`).join('');
    expect(await legacyJudgeOutput(abgame, `${boards.length}\n${boards.join('\n')}\n`)).toBe(expected);
    expect(await legacyJudgeOutput(abgame, `${boards.length} ${boards.join(' \t')}`)).toBe(expected);
  });

  it('names the board, the line and the cell of a bad character', async () => {
    const error = await legacyError('3\nA.B\n\nA..B\nA..C.B\n');
    expect(error.line).toBe(5);
    expect(error.message).toContain('board 3: cell 4 holds "C"');
    expect((await legacyError('1\nxA.B\n')).message).toContain('board 1: cell 1 holds "x"');
  });

  it('names a missing board, and refuses input after the last board', async () => {
    const missing = await legacyError('3\nA.B\nAB\n');
    expect(missing.message).toContain('expected board 3 of 3');
    expect((await legacyError('1\nAB\n\nAB\n')).line).toBe(4);
  });

  it('takes a board of 1,000,000 cells as a token and refuses one of 1,000,001, pointing at the file route', async () => {
    const board = `A${'.'.repeat(999_998)}B`;
    expect(await legacyJudgeOutput(abgame, `1\n${board}\n`)).toBe(`${abgame.solve({ board }).winner}\n`);
    const error = await legacyError(`2\nAB\n${board}.\n`);
    expect(error.line).toBe(3);
    expect(error.message).toContain(
      'board 2 has 1,000,001 cells, but at most 1,000,000 are allowed per board',
    );
    expect(error.message).toContain('grundy solve abgame --file');
  });
});

describe('ABGAME stream: the summary of what was read', () => {
  it.each([
    ['A', 'a board of 1 cell with 1 character'],
    ['.', 'a board of 1 cell with 0 characters'],
    ['A.B', 'a board of 3 cells with 2 characters'],
    ['.A..', 'a board of 4 cells with 1 character'],
  ])('%s: %s', async (board, summary) => {
    const streamed = await abgame.solveStream?.(
      (async function* () {
        yield await Promise.resolve(encoder.encode(board));
      })(),
    );
    expect(streamed?.inputSummary).toBe(summary);
  });
});

describe('ABGAME text solver: characters past ASCII', () => {
  it('refuses them rather than letting them wrap around to a byte that reads as "A" or "B"', () => {
    // U+0141 and U+0142 end in the bytes of "A" and "B"; U+012E in that of ".".
    for (const board of ['A\u0141', '\u0142..A', 'A\u012eB']) {
      expect(() => solveBoard(board), board).toThrow(InputError);
    }
    expect(() => solveBoard('A.\u00c1')).toThrow('cell 3 holds');
    // Every character past ASCII is described alike, from U+0080 on.
    const message = (board: string): string => {
      try {
        solveBoard(board);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(board)}`);
    };
    expect(message('A\u0080')).toBe(message('A\u00c1'));
    expect(message('A\u0080')).toBe(message('A\u0141'));
  });
});

describe('ABGAME scanner: which winning move it names, and results that stay put', () => {
  it('names the first contested gap that holds the top bit of the XOR', () => {
    // Contested gaps 3, 3, 2: XOR 2; all three hold bit 1, so the first pair's A slides 2 cells (3 -> 1).
    for (const loop of ['sparse', 'dense'] as const) {
      expect(scan(['A...B.A...B.A..B'], loop).move).toEqual({
        from: 1,
        to: 3,
        kind: 'contested',
        gapBefore: 3,
        gapAfter: 1,
      });
    }
    // B on the left: the A is the pair's right end and slides left.
    expect(scan(['B...A.B...A.B..A']).move).toEqual({
      from: 5,
      to: 3,
      kind: 'contested',
      gapBefore: 3,
      gapAfter: 1,
    });
  });

  it('names the first private gap of A for a spare move, before the odd last A', () => {
    // A-A gap 2, then an odd A with 1 cell to the wall: 3 spare moves to none, XOR 0.
    expect(scan(['A..A.A.']).move).toEqual({ from: 1, to: 2, kind: 'spare', gapBefore: 2, gapAfter: 1 });
    // Only the odd last A has room.
    expect(scan(['AA.BB.A..']).move).toEqual({ from: 7, to: 8, kind: 'spare', gapBefore: 2, gapAfter: 1 });
  });

  it('leaves an earlier result unchanged when more of the board is fed', () => {
    const scanner = new BoardScanner();
    scanner.feed(encoder.encode('A.B'));
    const first = scanner.finish();
    const shown = structuredClone(first.contestedShown);
    scanner.feed(encoder.encode('B..A.A...B'));
    const second = scanner.finish();
    expect(first.contestedShown).toEqual(shown);
    expect(second.contestedShown).toHaveLength(3);
  });
});

describe('ABGAME scanner: long boards through the word loops', () => {
  /** A dense board of `length` cells from a fixed pattern. */
  const dense = (length: number): string =>
    'AB.BA..AB.A.BBA.'.repeat(Math.ceil(length / 16)).slice(0, length);

  it('a bad character or a space inside a long board is named on every loop, at every alignment', () => {
    const board = dense(600);
    for (const loop of ['sparse', 'dense', 'auto'] as const) {
      for (const at of [300, 301, 302, 303, 511]) {
        // A word of two bad halves ('x.x.') too, so a table that took such halves would be caught.
        for (const bad of ['x', ' ', '\u0000', 'x.x.', 'xAxB']) {
          const text = board.slice(0, at) + bad + board.slice(at + bad.length);
          const bytes = encoder.encode(`...${text}`);
          for (const shift of [0, 1, 2, 3]) {
            // Sub-arrays at every offset, so words start at every alignment.
            const piece = bytes.subarray(3 - shift);
            const scanner = new BoardScanner({ loop });
            expect(() => scanner.feed(piece), `${loop} ${at} ${shift}`).toThrow(
              `cell ${at + 1 + shift} holds`,
            );
          }
        }
      }
    }
  });

  it('a cell limit that ends inside a word, at every alignment, is enforced on both loops', () => {
    const board = dense(400);
    const bytes = encoder.encode(`...${board}`);
    for (const loop of ['sparse', 'dense'] as const) {
      for (const shift of [0, 1, 2, 3]) {
        // Short pieces are read cell by cell; from 256 bytes on, through the words.
        for (const limit of [5, 6, 7, 9, 10, 297, 298, 299, 301]) {
          const piece = bytes.subarray(3 - shift, 3 + limit + 1);
          const scanner = new BoardScanner({ maxCells: limit + shift, loop, blockSize: 4 });
          expect(() => scanner.feed(piece), `${loop} ${shift} ${limit}`).toThrow(
            `at most ${limit + shift} cells are allowed`,
          );
        }
      }
    }
  });
});
