/**
 * The byte judge's straight-line reading of 17- and 18-digit rooms (most rooms of a large board): the digit
 * groups against their plain definition, and whole boards of such rooms (with leading zeros, stray bytes
 * inside a room, any whitespace, rooms across block borders) against the token judge, output or error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteReader, drive } from '../../src/core/byte-reader.js';
import { magic } from '../../src/games/magic/index.js';
import { eightDigits as eightInView, nineDigits as nineInView } from '../../src/games/magic/judge.js';
import { runs } from '../support/runs.js';
import { judgeOutput, judgeOutputInBlocks, legacyJudgeOutput } from './judge-harness.js';

/** The digit readers over the bytes of a plain array (they read through a DataView of it). */
const viewOf = (bytes: Uint8Array): DataView =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const eightDigits = (bytes: Uint8Array, at: number): number => eightInView(viewOf(bytes), at);
const nineDigits = (bytes: Uint8Array, at: number): number => nineInView(viewOf(bytes), at);

/** The value of `text` when it is all decimal digits, else -1. */
function digitsByDefinition(text: string): number {
  return /^[0-9]+$/.test(text) ? Number(text) : -1;
}

/** Digits mostly, and the bytes just around them ('/' and ':'), whitespace, a sign, a letter, 0 and 255. */
const byte = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 48, max: 57 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 9, 10, 32, 43, 45, 47, 58, 97, 255) },
);

describe('magic judge: nine and eight digits at once', () => {
  it.each([
    ['nineDigits', nineDigits, 9],
    ['eightDigits', eightDigits, 8],
  ] as const)(
    '%s reads the digits as the definition does, and -1 for any other byte',
    (_name, read, count) => {
      fc.assert(
        fc.property(
          fc.array(byte, { minLength: count, maxLength: count }),
          fc.nat({ max: 3 }),
          (bytes, offset) => {
            const buf = new Uint8Array(offset + count + 2).fill(49);
            buf.set(bytes, offset);
            const text = String.fromCharCode(...bytes);
            expect(read(buf, offset)).toBe(digitsByDefinition(text));
          },
        ),
        { numRuns: runs(2000) },
      );
    },
  );

  it.each([
    ['nineDigits', nineDigits, 9],
    ['eightDigits', eightDigits, 8],
  ] as const)(
    '%s checks every position: each digit read at its place, each other byte refused',
    (_name, read, count) => {
      for (let k = 0; k < count; k++) {
        for (const code of [0, 32, 47, 58, 255]) {
          const bytes = new Uint8Array(count).fill(53);
          bytes[k] = code;
          expect(read(bytes, 0), `byte ${code} at ${k}`).toBe(-1);
        }
        for (let d = 0; d <= 9; d++) {
          const text = '5'.repeat(k) + String(d) + '5'.repeat(count - k - 1);
          expect(read(new TextEncoder().encode(text), 0), text).toBe(Number(text));
        }
      }
    },
  );

  it('reads the extremes: all zeros, all nines, and refuses the bytes next to the digits', () => {
    const of = (text: string) => new TextEncoder().encode(text);
    expect(nineDigits(of('000000000'), 0)).toBe(0);
    expect(nineDigits(of('999999999'), 0)).toBe(999_999_999);
    expect(eightDigits(of('99999999'), 0)).toBe(99_999_999);
    expect(nineDigits(of('12345678:'), 0)).toBe(-1);
    expect(nineDigits(of('/23456789'), 0)).toBe(-1);
    expect(eightDigits(of('1234567:'), 0)).toBe(-1);
    expect(eightDigits(of('/2345678'), 0)).toBe(-1);
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
