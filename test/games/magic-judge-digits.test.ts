/**
 * The byte judge's straight-line reading of 17- and 18-digit rooms (most rooms of a large board): the digit
 * groups against their plain definition, and whole boards of such rooms (with leading zeros, stray bytes
 * inside a room, any whitespace, rooms across block borders) against the token judge, output or error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteReader, drive } from '../../src/core/byte-reader.js';
import { magic } from '../../src/games/magic/index.js';
import { magicBigBoard, magicBigReadKernel } from '../../src/games/magic/kernel.js';
import { runs } from '../support/runs.js';
import { judgeOutput, judgeOutputInBlocks, legacyJudgeOutput } from './judge-harness.js';

/** The whitespace bytes (9 to 13, and 32), as the token reader splits tokens. */
const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

interface Read {
  rooms: bigint[];
  lines: number[];
  consumed: number;
  newlines: number;
}

/**
 * What the kernel's loop should read from `bytes` by definition: passages while both rooms are tokens of 1 to 19
 * decimal digits from 1 to nMax, the two different, the second followed by whitespace (or by the end, when the
 * input ends there); where it stops (after the last such passage's second room), with the newlines before.
 */
function readByDefinition(bytes: Uint8Array, eof: boolean, nMax: bigint, most: number, line: number): Read {
  let pos = 0;
  let newlines = 0;
  const token = (): { text: string; line: number } => {
    while (pos < bytes.length && isSpace(bytes[pos] ?? 0)) if (bytes[pos++] === 10) newlines++;
    const start = pos;
    while (pos < bytes.length && !isSpace(bytes[pos] ?? 0)) pos++;
    return { text: String.fromCharCode(...bytes.subarray(start, pos)), line: line + newlines };
  };
  const room = (text: string): bigint | undefined => {
    if (!/^[0-9]{1,19}$/.test(text)) return undefined;
    const value = BigInt(text);
    return value >= 1n && value <= nMax ? value : undefined;
  };
  const read: Read = { rooms: [], lines: [], consumed: 0, newlines: 0 };
  while (read.lines.length < most) {
    const x = token();
    const y = token();
    const [a, b] = [room(x.text), room(y.text)];
    if (a === undefined || b === undefined || a === b || (pos === bytes.length && !eof)) break;
    read.rooms.push(a, b);
    read.lines.push(x.line);
    read.consumed = pos;
    read.newlines = newlines;
  }
  return read;
}

/** Bytes a room may be written with: digits mostly, and the bytes next to them (as characters and in the nibble trick's terms), whitespace, a sign, 0 and 255. */
const stray = fc.constantFrom(0, 9, 10, 32, 43, 45, 47, 58, 63, 64, 0x1a, 0x35 + 0x80, 0xf5, 255);

/** A room as written: a value padded to a width (1 to 20 characters), maybe with one byte replaced. */
const writtenRoom = (nMax: bigint) =>
  fc
    .tuple(
      fc.oneof(
        fc.bigInt({ min: 10n ** 16n, max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 3n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: nMax - 2n, max: nMax + 2n }),
        fc.bigInt({ min: 10n ** 18n, max: 10n ** 19n + 5n }),
      ),
      fc.integer({ min: 1, max: 20 }),
      fc.option(fc.tuple(fc.nat(), stray), { freq: 6 }),
    )
    .map(([value, width, replaced]) => {
      const codes = Array.from(value.toString().padStart(width, '0'), (c) => c.charCodeAt(0));
      if (replaced !== null) codes[replaced[0] % codes.length] = replaced[1];
      return codes;
    });

describe('magic judge: the kernel reads the passages of a large board', () => {
  it('reads rooms of 1 to 19 digits (17 and 18 at once) as the definition does, and stops where it does', () => {
    const space = fc.constantFrom([32], [10], [9], [13, 10], [11], [12], [32, 32], [10, 32]);
    const nMax = fc.constantFrom(
      10n ** 18n,
      999_999_999_999_999_958n,
      123_456_789_012_345_678n,
      10n ** 17n + 7n,
    );
    fc.assert(
      fc.property(
        nMax.chain((n) =>
          fc.tuple(fc.constant(n), fc.array(fc.tuple(writtenRoom(n), space), { maxLength: 14, size: 'max' })),
        ),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 500 }),
        ([n, tokens], lead, eof, most, line) => {
          const bytes = Uint8Array.from([
            ...Array<number>(lead).fill(10),
            ...tokens.flatMap(([room, after]) => [...room, ...after]),
          ]);
          const expected = readByDefinition(bytes, eof, n, most, line);
          const board = magicBigBoard(n, 12);
          const run = magicBigReadKernel(board, bytes, eof, most, line);
          expect({
            rooms: [...board.rooms.subarray(0, 2 * run.tests)],
            lines: [...board.lines.subarray(0, run.tests)],
            consumed: run.consumed,
            newlines: run.newlines,
          }).toEqual(expected);
          expect(board.read).toBe(expected.lines.length);
        },
      ),
      { numRuns: runs(1500) },
    );
  });

  it('goes on from the passage the board has read so far, and reads every byte of an 18- and a 17-digit room', () => {
    const rooms = ['123456789012345678', '98765432109876543'];
    for (const [r, room] of rooms.entries()) {
      for (let k = 0; k < room.length; k++) {
        for (const code of [47, 48, 57, 58, 0x35 + 0x80]) {
          const codes = Array.from(room, (c) => c.charCodeAt(0));
          codes[k] = code;
          const bytes = Uint8Array.from([...codes, 32, 53, 10]);
          const board = magicBigBoard(10n ** 18n, 3);
          board.read = 1;
          const run = magicBigReadKernel(board, bytes, true, 5, 7);
          const text = String.fromCharCode(...codes);
          const plain = /^[0-9]+$/.test(text);
          expect(run.tests, `${text} (room ${r})`).toBe(plain ? 1 : 0);
          if (plain) expect([board.rooms[2], board.rooms[3], board.lines[1]]).toEqual([BigInt(text), 5n, 7]);
        }
      }
    }
  });
});

const byBlocks = (input: string, block: number): Promise<string> => judgeOutputInBlocks(magic, input, block);

const settle = (work: () => Promise<string>): Promise<string> =>
  work().catch((error: unknown) => `error: ${(error as Error).message}`);

/** A room value: mostly 17 or 18 digits, sometimes 1 or 2, or at the top of the range (or just past it). */
const roomValue = (n: bigint) =>
  fc.oneof(
    fc.bigInt({ min: 10n ** 16n, max: 10n ** 17n - 1n }),
    fc.bigInt({ min: 10n ** 17n, max: n }),
    fc.bigInt({ min: 1n, max: 2n }),
    fc.bigInt({ min: n - 3n, max: n + 1n }),
  );

/** How a room is written: its width (leading zeros fill it) and, rarely, one byte replaced by a stray one. */
const writing = fc.tuple(
  fc.integer({ min: 15, max: 20 }),
  fc.option(fc.tuple(fc.nat(), fc.constantFrom('x', ':', '/', '-', ' ')), { freq: 30 }),
);

function written(value: bigint, [width, stray]: [number, [number, string] | null]): string {
  const text = value.toString().padStart(width, '0');
  if (stray === null) return text;
  const [at, char] = stray;
  const k = at % text.length;
  return `${text.slice(0, k)}${char}${text.slice(k + 1)}`;
}

describe('magic judge: boards of 17- and 18-digit rooms', () => {
  it('answers (or fails) as the token judge, whole and in blocks of any size', async () => {
    const n = 999_999_999_999_999_958n;
    const space = fc.constantFrom(' ', '\t', '\n', '\r\n', '  ', ' \n ');
    // Rooms from a pool of six, so that misreading one changes which rooms are joined (or which passages repeat).
    const end = fc.tuple(fc.nat({ max: 5 }), writing, space);
    await fc.assert(
      fc.asyncProperty(
        fc.array(roomValue(n), { minLength: 6, maxLength: 6 }),
        fc.array(fc.tuple(end, end), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 17, max: 70 }),
        async (pool, passages, block) => {
          const room = ([index, how, after]: [number, [number, [number, string] | null], string]) =>
            `${written(pool[index] ?? 1n, how)}${after}`;
          const body = passages.map(([x, y]) => `${room(x)}${room(y)}`).join('');
          const input = `1\n\n${n} ${passages.length} 1\n${body}`;
          const expected = await settle(() => legacyJudgeOutput(magic, input));
          expect(await settle(() => judgeOutput(magic, input))).toBe(expected);
          expect(await settle(() => byBlocks(input, block))).toBe(expected);
        },
      ),
      { numRuns: runs(500) },
    );
  });
});

describe('magic judge: 17- and 18-digit rooms at every block border', () => {
  // Rooms of 17, 18 and 19 characters (leading zeros) with one-byte separators, some of them newlines, a
  // pair joining rooms 1 and 2 only through them, and a passage listed again on the last line.
  const rooms = [
    '12345678901234567',
    '123456789012345678',
    '0123456789012345678',
    '98765432109876543',
    '987654321098765432',
    '0987654321098765432',
  ];
  const lines = [
    `1\n${rooms[0]}`,
    `${rooms[0]} ${rooms[1]}\n${rooms[3]}`,
    `${rooms[2]}\n${rooms[3]}`,
    `${rooms[4]}\t${rooms[5]}`,
    `${rooms[5]}\n2`,
    `${rooms[1]} ${rooms[2]}`,
    `${rooms[2]} ${rooms[5]}`,
    `0${rooms[3]} ${rooms[0]}`,
    `${rooms[5]} 0${rooms[0]}`,
  ];
  const board = (extra: string) =>
    `1\n\n999999999999999958 ${lines.length + (extra === '' ? 0 : 1)} 0\n${lines.join('\n')}\n${extra}`;

  it.each([
    ['answers', ''],
    ['names the repeated passage and its line', `${rooms[4]} ${rooms[5]}\n`],
  ])('%s as the token judge, whatever the block size', async (_what, extra) => {
    const input = board(extra);
    const expected = await settle(() => legacyJudgeOutput(magic, input));
    expect(await settle(() => judgeOutput(magic, input))).toBe(expected);
    for (let block = 17; block <= 128; block++) {
      expect(await settle(() => byBlocks(input, block)), `block ${block}`).toBe(expected);
    }
  });
});

describe('magic judge: a room cut by the block end, with whitespace left over just past it', () => {
  it.each([17, 18])('does not take the first %i digits of a longer room for the whole room', async (cut) => {
    const room = '0123456789012345678';
    const head = `1\n\n999999999999999958 1 0\n5 ${room.slice(0, cut)}`;
    const rest = `${room.slice(cut)}\n`;
    // The block holds the head; the byte after it, left over from an earlier read, is a space.
    const reader = new ByteReader();
    reader.buf = new TextEncoder().encode(`${head} `);
    reader.end = head.length;
    const lines: string[] = [];
    const run = magic.judge.run?.bind(magic.judge);
    if (run === undefined) throw new Error('magic has no byte judge');
    let sent = false;
    await drive(
      reader,
      run(reader, (line) => lines.push(line)),
      {
        next: () => {
          const chunk = sent ? undefined : new TextEncoder().encode(rest);
          sent = true;
          return Promise.resolve(chunk);
        },
      },
    );
    expect(lines).toEqual((await legacyJudgeOutput(magic, `${head}${rest}`)).trimEnd().split('\n'));
  });
});
