/**
 * The byte judges (`judge.run`, src/core/byte-reader.ts) against the token judges they replace in `grundy judge`
 * (`judge.parse` through InputReader, then the game's zod schema, then solve): on random valid inputs cut into
 * blocks at random places the output is the same, and on corrupted inputs the error is the same, word for word,
 * line number included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteReader, drive, readAll, type ByteSource, type Reading } from '../../src/core/byte-reader.js';
import type { AnyGame } from '../../src/core/game.js';
import { InputReader } from '../../src/core/reader.js';
import { abgame } from '../../src/games/abgame/index.js';
import { magic } from '../../src/games/magic/index.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import { partisan } from '../../src/games/partisan/index.js';
import { seagm } from '../../src/games/seagm/index.js';
import { legacyJudgeOutput } from '../games/judge-harness.js';
import { runs } from '../support/runs.js';

type Outcome = { readonly output: string } | { readonly error: string };

/** Blocks of `bytes` cut at the given places (any byte, inside a number or a UTF-8 character too). */
function blocks(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const places = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const place of [...places, bytes.length]) {
    out.push(bytes.slice(from, place));
    from = place;
  }
  return out;
}

function sourceOf(chunks: readonly Uint8Array[]): ByteSource {
  let next = 0;
  return { next: () => Promise.resolve(chunks[next++]) };
}

async function viaBytes(game: AnyGame, text: string, cuts: readonly number[]): Promise<Outcome> {
  const run = game.judge.run?.bind(game.judge);
  if (run === undefined) throw new Error(`${game.id} has no byte judge`);
  const lines: string[] = [];
  const reader = new ByteReader();
  try {
    const chunks = blocks(new TextEncoder().encode(text), cuts);
    await drive(
      reader,
      run(reader, (line) => lines.push(line)),
      sourceOf(chunks),
    );
    return { output: lines.map((line) => `${line}\n`).join('') };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

async function viaTokens(game: AnyGame, text: string): Promise<Outcome> {
  try {
    return { output: await legacyJudgeOutput(game, text) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

// ---- inputs: tokens joined by random whitespace

const space = fc.constantFrom(' ', '\n', '  ', '\t', '\r\n', '\n\n', ' \n ');

/** Tokens joined by random whitespace, with some around them. */
function layout(tokens: fc.Arbitrary<string[]>): fc.Arbitrary<string> {
  return tokens.chain((list) =>
    fc
      .tuple(fc.array(space, { minLength: list.length + 1, maxLength: list.length + 1 }), fc.boolean())
      .map(([gaps, lead]) => {
        let text = lead ? (gaps[0] ?? '') : '';
        list.forEach((token, i) => (text += `${token}${gaps[i + 1] ?? ' '}`));
        return text;
      }),
  );
}

/** T, then the tests' tokens. */
function tests(test: fc.Arbitrary<string[]>): fc.Arbitrary<string[]> {
  return fc.array(test, { minLength: 1, maxLength: 3 }).map((list) => [String(list.length), ...list.flat()]);
}

const seagmInput = layout(
  tests(
    fc
      .array(fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 1_000_000_000 })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((cards) => [String(cards.length), ...cards.map(String)]),
  ),
);

const multiplicationInput = layout(
  tests(
    fc
      .tuple(
        fc.oneof(fc.bigInt({ min: 2n, max: 1000n }), fc.bigInt({ min: 2n, max: 10n ** 18n })),
        fc.constantFrom('Alice', 'Bob'),
      )
      .map(([n, who]) => [n.toString(), who]),
  ),
);

const moveSet = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 });
const partisanInput = layout(
  tests(
    fc
      .tuple(
        fc.oneof(fc.bigInt({ min: 0n, max: 50n }), fc.bigInt({ min: 0n, max: 10n ** 18n })),
        moveSet,
        moveSet,
      )
      .map(([n, a, b]) => [
        n.toString(),
        String(a.length),
        ...a.map(String),
        String(b.length),
        ...b.map(String),
      ]),
  ),
);

const BIG = 10n ** 18n;
const magicTest = fc.oneof(
  // A small board: rooms 1..n, distinct passages.
  fc.integer({ min: 2, max: 7 }).chain((n) =>
    fc
      .tuple(
        fc.uniqueArray(
          fc
            .tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: n }))
            .filter(([x, y]) => x !== y)
            .map(([x, y]) => [x, y] as const),
          { maxLength: 5, selector: ([x, y]) => (x < y ? `${x} ${y}` : `${y} ${x}`) },
        ),
        fc.integer({ min: 0, max: 3 }),
      )
      .map(([passages, p]) => [`${n}`, `${passages.length}`, `${p}`, ...passages.flat().map(String)]),
  ),
  // A huge board: rooms beyond 2^53 among small ones.
  fc
    .tuple(
      fc.uniqueArray(
        fc
          .tuple(
            fc.oneof(fc.bigInt({ min: 1n, max: 4n }), fc.bigInt({ min: BIG - 5n, max: BIG })),
            fc.oneof(fc.bigInt({ min: 1n, max: 4n }), fc.bigInt({ min: BIG - 5n, max: BIG })),
          )
          .filter(([x, y]) => x !== y),
        { maxLength: 5, selector: ([x, y]) => (x < y ? `${x} ${y}` : `${y} ${x}`) },
      ),
      fc.integer({ min: 0, max: 2 }),
    )
    .map(([passages, p]) => [`${BIG}`, `${passages.length}`, `${p}`, ...passages.flat().map(String)]),
);
const magicInput = layout(tests(magicTest));

const abgameInput = layout(tests(fc.stringMatching(/^[AB.]{1,16}$/).map((board) => [board])));

const games: [AnyGame, fc.Arbitrary<string>][] = [
  [seagm, seagmInput],
  [multiplication, multiplicationInput],
  [partisan, partisanInput],
  [magic, magicInput],
  [abgame, abgameInput],
];

const cuts = fc.array(fc.nat(), { maxLength: 6 });

/** One corruption of a valid input: a byte replaced, dropped or added, the text cut short, or more appended. */
const corruption = fc.tuple(
  fc.constantFrom('replace', 'drop', 'insert', 'truncate', 'append'),
  fc.nat(),
  fc.constantFrom(
    'x',
    '-',
    '+',
    '0',
    '9',
    ' ',
    '\n',
    'A',
    '.',
    'é',
    '\u0000',
    '1 2',
    'Bob',
    '99999999999999999999',
  ),
);

function corrupt(text: string, [kind, at, what]: [string, number, string]): string {
  const i = at % (text.length + 1);
  switch (kind) {
    case 'replace':
      return text.slice(0, i) + what + text.slice(i + 1);
    case 'drop':
      return text.slice(0, i) + text.slice(i + 1);
    case 'insert':
      return text.slice(0, i) + what + text.slice(i);
    case 'truncate':
      return text.slice(0, i);
    default:
      return `${text} ${what}\n`;
  }
}

describe.each(games.map(([game, input]) => [game.id, game, input] as const))(
  'the %s byte judge',
  (_id, game, input) => {
    it('gives the token judge output on valid inputs, however the bytes are cut into blocks', async () => {
      await fc.assert(
        fc.asyncProperty(input, cuts, async (text, at) => {
          const expected = await viaTokens(game, text);
          expect(expected).toHaveProperty('output');
          expect(await viaBytes(game, text, at)).toEqual(expected);
        }),
        { numRuns: runs(120) },
      );
    });

    it('gives the same output or the same line-numbered error on corrupted inputs', async () => {
      await fc.assert(
        fc.asyncProperty(input, corruption, cuts, async (text, how, at) => {
          const bad = corrupt(text, how);
          expect(await viaBytes(game, bad, at)).toEqual(await viaTokens(game, bad));
        }),
        { numRuns: runs(250) },
      );
    });
  },
);

// ---- the reader itself against InputReader, call by call

type Step =
  | { readonly kind: 'int'; readonly min: number; readonly max: number }
  | { readonly kind: 'bigint'; readonly min: bigint; readonly max: bigint }
  | { readonly kind: 'digits' }
  | { readonly kind: 'word' }
  | { readonly kind: 'token' }
  | { readonly kind: 'end' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'int', min: 0, max: 1000 }),
  fc.constant<Step>({ kind: 'int', min: 1, max: Number.MAX_SAFE_INTEGER }),
  fc.constant<Step>({ kind: 'bigint', min: 0n, max: 10n ** 18n }),
  fc.constant<Step>({ kind: 'bigint', min: 5n, max: 10n ** 30n }),
  fc.constant<Step>({ kind: 'digits' }),
  fc.constant<Step>({ kind: 'word' }),
  fc.constant<Step>({ kind: 'token' }),
  fc.constant<Step>({ kind: 'end' }),
);

const tokenText = fc.oneof(
  fc.integer({ min: 0, max: 2000 }).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 25n }).map(String),
  fc.constantFrom(
    'Alice',
    'Bob',
    'alice',
    '+7',
    '-0',
    '-3',
    '007',
    '0x10',
    'é9',
    '1e5',
    '\u0000',
    '99999999999999999',
    '9999999999999999999',
    '10000000000000000000',
    '0000000000000000042',
    '00000000000000000042',
  ),
);
const text = layout(fc.array(tokenText, { maxLength: 8 }));

/** The largest number of 19 digits, the most `tryDigits` reads. */
const MAX_DIGITS = 10n ** 19n - 1n;

/** The words a `word` step accepts: ASCII ones (matched byte by byte) and one that is not. */
const names = ['Alice', 'Bob', 'é9'];

function* byteSteps(reader: ByteReader, steps: readonly Step[]): Reading<unknown[]> {
  const out: unknown[] = [];
  for (const s of steps) {
    if (s.kind === 'int') {
      const fast = reader.tryInt(s.min, s.max);
      out.push(fast >= 0 ? fast : yield* reader.int('a number', s.min, s.max));
    } else if (s.kind === 'bigint') out.push(yield* reader.bigint('a big number', s.min, s.max));
    else if (s.kind === 'digits') {
      // tryDigits, and the careful path when it cannot decide (it must then have consumed nothing).
      out.push(
        reader.tryDigits()
          ? BigInt(reader.high) * 10n ** 9n + BigInt(reader.low)
          : yield* reader.bigint('a big number', 0n, MAX_DIGITS),
      );
    } else if (s.kind === 'word') out.push(yield* reader.word('a name', names));
    else if (s.kind === 'token') out.push(yield* reader.token());
    else out.push(yield* reader.expectEnd());
  }
  return out;
}

async function tokenSteps(reader: InputReader, steps: readonly Step[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const s of steps) {
    if (s.kind === 'int') out.push(await reader.int('a number', s.min, s.max));
    else if (s.kind === 'bigint') out.push(await reader.bigint('a big number', s.min, s.max));
    else if (s.kind === 'digits') out.push(await reader.bigint('a big number', 0n, MAX_DIGITS));
    else if (s.kind === 'word') out.push(await reader.word('a name', names));
    else if (s.kind === 'token') out.push(await reader.next());
    else out.push(await reader.expectEnd());
  }
  return out;
}

async function settle(work: () => Promise<unknown[]>): Promise<unknown> {
  try {
    return { values: await work() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('ByteReader', () => {
  it('reads what InputReader reads, call by call, with the same errors, across any block borders', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(step, { minLength: 1, maxLength: 10 }),
        cuts,
        async (input, steps, at) => {
          const expected = await settle(() => tokenSteps(InputReader.fromString(input), steps));
          const reader = new ByteReader();
          const chunks = blocks(new TextEncoder().encode(input), at);
          const actual = await settle(() => drive(reader, byteSteps(reader, steps), sourceOf(chunks)));
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('reads numbers of up to 19 digits with tryDigits, and leaves longer ones to the careful path', async () => {
    const numbers = fc.array(fc.stringMatching(/^[0-9]{1,22}$/), { minLength: 1, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(layout(numbers), cuts, async (input, at) => {
        const steps: Step[] = [
          ...input
            .trim()
            .split(/\s+/)
            .map((): Step => ({ kind: 'digits' })),
          { kind: 'end' },
        ];
        const expected = await settle(() => tokenSteps(InputReader.fromString(input), steps));
        const reader = new ByteReader();
        const chunks = blocks(new TextEncoder().encode(input), at);
        const actual = await settle(() => drive(reader, byteSteps(reader, steps), sourceOf(chunks)));
        expect(actual).toEqual(expected);
      }),
      { numRuns: runs(300) },
    );
  });

  it('refuses a token longer than MAX_TOKEN_CHARS without holding more than it, across blocks', async () => {
    const reader = new ByteReader();
    let served = 0;
    const source: ByteSource = {
      next: () => {
        served++;
        return Promise.resolve(served <= 64 ? new Uint8Array(1 << 15).fill(0x37) : undefined);
      },
    };
    await expect(drive(reader, reader.token(), source)).rejects.toThrow(
      /^line 1: found a token of more than 1,048,576 characters/,
    );
    expect(served).toBe(33);
  });

  it('asks a file descriptor for blocks of its own size, keeping a token that runs across them', async () => {
    const bytes = new TextEncoder().encode('12 345678901 x\n');
    const asked: number[] = [];
    let at = 0;
    const source: ByteSource = {
      readInto(target, offset, length) {
        asked.push(length);
        const n = Math.min(length, bytes.length - at);
        target.set(bytes.subarray(at, at + n), offset);
        at += n;
        return n;
      },
      next: () => Promise.reject(new Error('a descriptor source is read with readInto')),
    };
    const reader = new ByteReader(4);
    const read = function* (): Reading<unknown[]> {
      return [
        yield* reader.int('a', 0, 99),
        yield* reader.token(),
        yield* reader.token(),
        yield* reader.token(),
      ];
    };
    expect(await drive(reader, read(), source)).toEqual([
      12,
      { text: '345678901', line: 1 },
      { text: 'x', line: 1 },
      undefined,
    ]);
    // 4 bytes a block; the unread tail of a block is kept, so a later block has room for 4 more.
    expect(Math.max(...asked)).toBeLessThanOrEqual(4);
    expect(asked.length).toBeGreaterThanOrEqual(bytes.length / 4);
  });

  it('reads all of a text held in memory, and says so when a reading wants more', () => {
    expect(readAll('Bob\n', (reader) => reader.word('x', ['Bob', 'Alice']))).toBe('Bob');
    expect(() =>
      readAll('12', () =>
        (function* () {
          yield;
          return 0;
        })(),
      ),
    ).toThrow(/more input after the end/);
    expect(readAll(' 42 ', (reader) => reader.int('x', 0, 99))).toBe(42);
  });

  it('matches a word byte for byte only as ASCII: a lone Latin-1 byte is not the word "é"', () => {
    const latin1 = new Uint8Array([0x20, 0xe9, 0x0a]);
    expect(() => readAll(latin1, (reader) => reader.word('x', ['é']))).toThrow(
      'line 1: expected x ("é"), found "?"',
    );
    expect(
      readAll(latin1, function* (reader) {
        const miss = reader.tryWord(['é']);
        return [miss, yield* reader.token()];
      }),
    ).toEqual([undefined, { text: '\ufffd', line: 1 }]);
    expect(readAll(new TextEncoder().encode('\n é\n'), (r) => r.word('x', ['e', 'é']))).toBe('é');
    const split = ByteReader.of('Bob Alice\n\nBob');
    expect([split.tryWord(['Bob']), split.tryWord(['Bob']), split.tryWord(['Alice', 'Bob'])]).toEqual([
      'Bob',
      undefined,
      'Alice',
    ]);
    expect([split.tryWord(['Bob']), split.line, split.lastLine]).toEqual(['Bob', 3, 3]);
  });
});
