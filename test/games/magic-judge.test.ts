/**
 * `grundy judge magic`, both readers: the byte judge (`run`, what the CLI uses) fed whole and in small blocks,
 * and the token judge (`parse`). Valid inputs answer as the brute force (small boards) or as the schema path
 * and the solver (huge boards, rooms near 2^53 and 10^18); bad inputs fail with the exact message and line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteReader, drive } from '../../src/core/byte-reader.js';
import { parseParams } from '../../src/core/params.js';
import { bruteFirstWins } from '../../src/games/magic/brute.js';
import { magic } from '../../src/games/magic/index.js';
import { MAX_TESTS } from '../../src/games/magic/judge.js';
import { PAIR_KEY_LIMIT } from '../../src/games/magic/schema.js';
import { solveMagic } from '../../src/games/magic/solve.js';
import { runs } from '../support/runs.js';
import { judgeOutput, legacyJudgeOutput } from './judge-harness.js';

/** The byte judge's output, the input handed over in blocks of `block` bytes (0: all at once). */
async function byBytes(input: string, block: number): Promise<string> {
  const bytes = new TextEncoder().encode(input);
  const reader = new ByteReader();
  const lines: string[] = [];
  let at = 0;
  const step = block === 0 ? bytes.length + 1 : block;
  const run = magic.judge.run?.bind(magic.judge);
  if (run === undefined) throw new Error('magic has no byte judge');
  await drive(
    reader,
    run(reader, (line) => lines.push(line)),
    {
      next: () => {
        const chunk = at < bytes.length ? bytes.slice(at, at + step) : undefined;
        at += step;
        return Promise.resolve(chunk);
      },
    },
  );
  return lines.map((line) => `${line}\n`).join('');
}

/** What every reader makes of `input`: its output, or its error message. */
async function readings(input: string): Promise<string[]> {
  const settle = (work: () => Promise<string>): Promise<string> =>
    work().catch((error: unknown) => `error: ${(error as Error).message}`);
  return [
    await settle(() => legacyJudgeOutput(magic, input)),
    await settle(() => byBytes(input, 0)),
    // Read from memory: the reader knows from the start that nothing follows the block.
    await settle(() => judgeOutput(magic, input)),
    await settle(() => byBytes(input, 1)),
    await settle(() => byBytes(input, 5)),
  ];
}

async function expectEveryReader(input: string, expected: string): Promise<void> {
  const all = await readings(input);
  expect(all, JSON.stringify(input)).toEqual(all.map(() => expected));
}

const BIG = '1000000000000000000';
const roomOf = (n: string | number | bigint): string => `(an integer from 1 to ${n})`;

describe('magic judge: exact errors, line numbers included, from every reader', () => {
  it.each([
    // Small boards (N^2 below 2^53): rooms read as exact numbers.
    ['1\n3 1 0\n0 2\n', `line 3: expected a room of passage 1 of test 1 ${roomOf(3)}, found "0"`],
    ['1\n3 1 0\n1 4\n', `line 3: expected a room of passage 1 of test 1 ${roomOf(3)}, found "4"`],
    ['1\n3 1 0\n1 x\n', `line 3: expected a room of passage 1 of test 1 ${roomOf(3)}, found "x"`],
    ['1\n3 1 0\n+1 2\n', `line 3: expected a room of passage 1 of test 1 ${roomOf(3)}, found "+1"`],
    ['1\n3 1 0\n1 -1\n', `line 3: expected a room of passage 1 of test 1 ${roomOf(3)}, found "-1"`],
    ['1\n3 1 0\n1 2.0\n', `line 3: expected a room of passage 1 of test 1 ${roomOf(3)}, found "2.0"`],
    [
      '1\n3 1 0\n1 00000000000000000\n',
      `line 3: expected a room of passage 1 of test 1 ${roomOf(3)}, found "00000000000000000"`,
    ],
    ['1\n3 2 0\n1 2\n1', `line 4: expected a room of passage 2 of test 1 ${roomOf(3)}, but the input ended`],
    ['1\n3 2 0\n1 2\n', `line 4: expected a room of passage 2 of test 1 ${roomOf(3)}, but the input ended`],
    [
      '1\n3 1 0\n\n2 2\n',
      'line 4: test 1: passage 1 ("2-2") joins room 2 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [
      '1\n3 1 0\n2\n2\n',
      'line 3: test 1: passage 1 ("2-2") joins room 2 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [
      '2\n3 0 0\n3 2 0\n1 3\n1 1\n',
      'line 5: test 2: passage 2 ("1-1") joins room 1 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [
      '1\n4 4 0\n1 3\n2\n4\n3 1\n1 2\n',
      'line 6: test 1: passage "1-3" is listed twice (as passages 1 and 3); two rooms are joined by at most one passage',
    ],
    [
      `1\n${PAIR_KEY_LIMIT} 3 0\n${PAIR_KEY_LIMIT} 1\n2 3\n1 ${PAIR_KEY_LIMIT}\n`,
      `line 5: test 1: passage "${PAIR_KEY_LIMIT}-1" is listed twice (as passages 1 and 3); two rooms are joined by at most one passage`,
    ],
    [
      `1\n${PAIR_KEY_LIMIT} 1 0\n1 ${PAIR_KEY_LIMIT + 1n}\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(PAIR_KEY_LIMIT)}, found "${PAIR_KEY_LIMIT + 1n}"`,
    ],
    [
      `1\n${PAIR_KEY_LIMIT} 1 0\n1 00000000000000000000\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(PAIR_KEY_LIMIT)}, found "00000000000000000000"`,
    ],
    [
      `1\n${PAIR_KEY_LIMIT} 1 0\n1 2x\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(PAIR_KEY_LIMIT)}, found "2x"`,
    ],
    [
      `1\n${PAIR_KEY_LIMIT} 1 0\n1 2.\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(PAIR_KEY_LIMIT)}, found "2."`,
    ],
    // Huge boards: rooms up to 10^18, given dense ids as they are read.
    [`1\n${BIG} 1 0\n0 2\n`, `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "0"`],
    [`1\n${BIG} 1 0\n1 000\n`, `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "000"`],
    [
      `1\n${BIG} 1 0\n1000000000000000001 2\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "1000000000000000001"`,
    ],
    [
      `1\n${BIG} 1 0\n2 1000000000000000001\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "1000000000000000001"`,
    ],
    [
      `1\n${BIG} 1 0\n2 1999999999999999999\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "1999999999999999999"`,
    ],
    [
      `1\n${BIG} 1 0\n2 10000000000000000000\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "10000000000000000000"`,
    ],
    [
      `1\n${BIG} 1 0\n2 2000000000000000000\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "2000000000000000000"`,
    ],
    [
      `1\n${10n ** 18n - 1n} 1 0\n2 ${BIG}\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(10n ** 18n - 1n)}, found "${BIG}"`,
    ],
    [
      `1\n${BIG} 3 0\n5 5\n\n6 6\n7 7\n`,
      'line 3: test 1: passage 1 ("5-5") joins room 5 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [
      `1\n${BIG} 1 0\n1000000005 1000000005\n`,
      'line 3: test 1: passage 1 ("1000000005-1000000005") joins room 1000000005 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [`1\n${BIG} 1 0\n1 x\n`, `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "x"`],
    [`1\n${BIG} 1 0\n1 7x\n`, `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "7x"`],
    [`1\n${BIG} 1 0\n1 -1\n`, `line 3: expected a room of passage 1 of test 1 ${roomOf(BIG)}, found "-1"`],
    [
      `1\n${BIG} 2 0\n1 2\n3`,
      `line 4: expected a room of passage 2 of test 1 ${roomOf(BIG)}, but the input ended`,
    ],
    [
      `1\n${PAIR_KEY_LIMIT + 1n} 1 0\n1 ${PAIR_KEY_LIMIT + 2n}\n`,
      `line 3: expected a room of passage 1 of test 1 ${roomOf(PAIR_KEY_LIMIT + 1n)}, found "${PAIR_KEY_LIMIT + 2n}"`,
    ],
    [
      `1\n${BIG} 1 0\n9007199254740993 9007199254740993\n`,
      'line 3: test 1: passage 1 ("9007199254740993-9007199254740993") joins room 9007199254740993 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [
      `1\n${BIG} 1 0\n1000000000000000000\n\n1000000000000000000\n`,
      'line 3: test 1: passage 1 ("1000000000000000000-1000000000000000000") joins room 1000000000000000000 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [
      `1\n${BIG} 1 0\n0009 000000000000000000000009\n`,
      'line 3: test 1: passage 1 ("9-9") joins room 9 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [
      // Loops are reported before repeats, and the first loop before later ones.
      `1\n${BIG} 5 0\n3 4\n4 3\n1 2\n5\n5\n6 6\n`,
      'line 6: test 1: passage 4 ("5-5") joins room 5 to itself; a passage joins two different rooms, e.g. 1-3',
    ],
    [
      `1\n${BIG} 4 0\n9007199254740993 5\n2\n3\n5 9007199254740993\n1 3\n`,
      'line 6: test 1: passage "9007199254740993-5" is listed twice (as passages 1 and 3); two rooms are joined by at most one passage',
    ],
    [
      `1\n${BIG} 3 0\n999999999000000001 999999999000000002\n1000000000 2\n999999999000000002 999999999000000001\n`,
      'line 5: test 1: passage "999999999000000001-999999999000000002" is listed twice (as passages 1 and 3); two rooms are joined by at most one passage',
    ],
    [
      `1\n${BIG} 3 0\n2 1\n1 3\n1 2\n`,
      'line 5: test 1: passage "2-1" is listed twice (as passages 1 and 3); two rooms are joined by at most one passage',
    ],
    // The counts.
    ['0\n', 'line 1: expected T, the number of tests (an integer from 1 to 100), found "0"'],
    [
      `${MAX_TESTS + 1}\n`,
      `line 1: expected T, the number of tests (an integer from 1 to 100), found "${MAX_TESTS + 1}"`,
    ],
    [
      '1\n1 0 0\n',
      'line 2: expected N, the number of rooms of test 1 (an integer from 2 to 1000000000000000000), found "1"',
    ],
    [
      '1\n1000000000000000001 0 0\n',
      'line 2: expected N, the number of rooms of test 1 (an integer from 2 to 1000000000000000000), found "1000000000000000001"',
    ],
    [
      '1\n3 1000001 0\n',
      'line 2: expected M, the number of passages of test 1 (an integer from 0 to 1000000), found "1000001"',
    ],
    [
      '1\n3 0 1000000001\n',
      'line 2: expected P, the telepoints of test 1 (an integer from 0 to 1000000000), found "1000000001"',
    ],
    ['1\n3 0 0\n7\n', 'line 3: expected the end of the input, found "7"'],
  ])('%j', async (input, message) => {
    await expectEveryReader(input, `error: ${message}`);
  });
});

const gap = fc.constantFrom(' ', '\n', '\t', '\r\n', '\v', '\f', ' \n\n ');

/** Tokens joined by random whitespace, some before the first. */
function spaced(tokens: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(gap, { minLength: tokens.length + 1, maxLength: tokens.length + 1 })
    .map((gaps) => tokens.map((token, i) => `${gaps[i] ?? ' '}${token}`).join('') + (gaps.at(-1) ?? ''));
}

/** A room as written: its digits, sometimes after leading zeros (at most `width` characters in all). */
const written = (room: bigint, width: number): fc.Arbitrary<string> =>
  fc
    .nat({ max: 3 })
    .map((zeros) => room.toString().padStart(Math.min(width, room.toString().length + zeros), '0'));

interface Board {
  readonly n: bigint;
  readonly passages: readonly (readonly [bigint, bigint])[];
  readonly p: number;
}

/** Every pair of distinct rooms from `pool` (at most 1..n), in a random order and orientation. */
function boardOver(n: bigint, pool: readonly bigint[], maxPassages: number): fc.Arbitrary<Board> {
  const rooms = [...new Set(pool.filter((r) => r >= 1n && r <= n))];
  const pairs: [bigint, bigint][] = [];
  for (let i = 0; i < rooms.length; i++)
    for (let j = i + 1; j < rooms.length; j++) pairs.push([rooms[i] ?? 1n, rooms[j] ?? 1n]);
  return fc
    .tuple(
      fc.shuffledSubarray(pairs, { maxLength: Math.min(maxPassages, pairs.length) }),
      fc.array(fc.boolean(), { minLength: maxPassages, maxLength: maxPassages }),
      fc.integer({ min: 0, max: 2 }),
    )
    .map(([chosen, flips, p]) => ({
      n,
      passages: chosen.map(([a, b], i) => (flips[i] === true ? ([b, a] as const) : ([a, b] as const))),
      p,
    }));
}

/** A board's tokens, each room written with up to `width` characters. */
function tokensOf(board: Board, width: number): fc.Arbitrary<string[]> {
  const rooms = board.passages.flatMap(([a, b]) => [written(a, width), written(b, width)]);
  return fc
    .tuple(...rooms)
    .map((text) => [String(board.n), String(board.passages.length), String(board.p), ...text]);
}

/** T tests of boards from `boards`, laid out in one input, with the boards themselves. */
function inputOf(boards: fc.Arbitrary<Board>, width: (n: bigint) => number) {
  return fc.array(boards, { minLength: 1, maxLength: 4 }).chain((list) =>
    fc
      .tuple(...list.map((b) => tokensOf(b, width(b.n))))
      .chain((tokens) => spaced([String(list.length), ...tokens.flat()]))
      .map((text) => ({ text, list })),
  );
}

const smallBoards = fc
  .integer({ min: 2, max: 6 })
  .chain((n) => boardOver(BigInt(n), [1n, 2n, 3n, 4n, 5n, 6n], 15));

const HUGE = [
  PAIR_KEY_LIMIT - 1n,
  PAIR_KEY_LIMIT,
  PAIR_KEY_LIMIT + 1n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  10n ** 18n - 1n,
  10n ** 18n,
];
const hugeBoards = fc
  .constantFrom(...HUGE)
  .chain((n) =>
    boardOver(
      n,
      [
        1n,
        2n,
        3n,
        4n,
        999_999_999n,
        1_000_000_000n,
        1_000_000_001n,
        2n ** 53n - 1n,
        2n ** 53n,
        2n ** 53n + 1n,
        n - 1n,
        n,
      ],
      12,
    ),
  );

describe('magic judge: answers from every reader', () => {
  it('small boards (up to 6 rooms, leading zeros, any whitespace) answer as the brute force', async () => {
    await fc.assert(
      fc.asyncProperty(
        inputOf(smallBoards, () => 16),
        async ({ text, list }) => {
          const expected = list.map((b) =>
            bruteFirstWins({
              rooms: String(b.n),
              passages: b.passages.map(([x, y]) => [Number(x), Number(y)]),
              p1: b.p,
              p2: b.p,
            })
              ? 'First\n'
              : 'Second\n',
          );
          await expectEveryReader(text, expected.join(''));
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('huge boards (N near 94,906,265, 2^53 and 10^18) answer as the solver given the same rooms', async () => {
    await fc.assert(
      fc.asyncProperty(
        inputOf(hugeBoards, (n) => (n > PAIR_KEY_LIMIT ? 24 : 16)),
        async ({ text, list }) => {
          const expected = list.map((b) => {
            const params = parseParams(magic, {
              rooms: String(b.n),
              passages: b.passages.map(([x, y]) => [String(x), String(y)]),
              telepoints: b.p,
            });
            return solveMagic(params).outcome === 'first' ? 'First\n' : 'Second\n';
          });
          await expectEveryReader(text, expected.join(''));
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('reads rooms with leading zeros (however many), and rooms that share their last nine digits, as the solver does', async () => {
    // Zeros past the readers' digit limits (16 digits on boards numbered directly, 19 and 40 on big ones).
    const pad = (zeros: number, room: string): string => `${'0'.repeat(zeros)}${room}`;
    for (const [n, passages, shown] of [
      [
        10n,
        [
          [1n, 9n],
          [10n, 2n],
          [3n, 10n],
        ],
        ['0000000000000001 9', `10 ${pad(24, '2')}`, '3 010'],
      ],
      [
        PAIR_KEY_LIMIT,
        [
          [1n, 3n],
          [2n, PAIR_KEY_LIMIT],
        ],
        ['1 3', `${pad(15, '2')} ${pad(40, '94906265')}`],
      ],
      [
        10n ** 18n,
        [
          [1n, 1_000_000_001n],
          [2n, 1_000_000_002n],
          [1_000_000_001n, 1_000_000_002n],
          [5n, 1_000_000_005n],
        ],
        ['1 1000000001', `${pad(45, '2')} 1000000002`, `${pad(12, '1000000001')} 1000000002`, '5 1000000005'],
      ],
      // Room 1,000,000,002 is not room 2: with no telepoints First loses (he would win were it room 2).
      [10n ** 18n, [[3n, 1_000_000_002n]], null],
    ] as const) {
      const lines = shown ?? passages.map(([a, b]) => `${a} ${b}`);
      for (const p of [0, 1]) {
        const params = parseParams(magic, {
          rooms: String(n),
          passages: passages.map(([a, b]) => [String(a), String(b)]),
          telepoints: p,
        });
        const answer = solveMagic(params).outcome === 'first' ? 'First\n' : 'Second\n';
        await expectEveryReader(`1\n${n} ${passages.length} ${p}\n${lines.join('\n')}\n`, answer);
      }
    }
  });

  it('tells apart 1,000 rooms that share their last nine digits', async () => {
    // Rooms j * 10^9 + 5 and j * 10^9 + 6: confusing any two of them would list a passage twice.
    const passages = Array.from({ length: 500 }, (_, j) => [
      String(BigInt(j + 1) * 10n ** 9n + 5n),
      String(BigInt(j + 1) * 10n ** 9n + 6n),
    ]);
    const params = parseParams(magic, { rooms: BIG, passages, telepoints: 1 });
    const answer = solveMagic(params).outcome === 'first' ? 'First\n' : 'Second\n';
    const text = `1\n${BIG} 500 1\n${passages.map(([a, b]) => `${a} ${b}`).join('\n')}\n`;
    const all = await readings(text);
    expect(all).toEqual(all.map(() => answer));
  });

  it(`reads ${MAX_TESTS} tests, and thousands of passages between far-apart rooms`, async () => {
    await expectEveryReader(`${MAX_TESTS}\n${'2 0 0\n'.repeat(MAX_TESTS)}`, 'Second\n'.repeat(MAX_TESTS));
    // Rooms 10^18 - 7k: chains of four (k, k+1, k+2, k+3 joined in a path), room 1 on the first, 2 alone.
    const passages: [string, string][] = [['1', String(10n ** 18n)]];
    for (let k = 0n; k < 300n; k++) {
      if (k % 4n !== 3n) passages.push([String(10n ** 18n - 7n * k), String(10n ** 18n - 7n * (k + 1n))]);
    }
    const answers = new Set<string>();
    for (const p of [0, 1, 2]) {
      const rooms = 10n ** 18n;
      const text = `1\n${rooms} ${passages.length} ${p}\n${passages.map(([a, b]) => `${a} ${b}`).join('\n')}\n`;
      const params = parseParams(magic, { rooms: String(rooms), passages, telepoints: p });
      const answer = solveMagic(params).outcome === 'first' ? 'First\n' : 'Second\n';
      const all = await readings(text);
      expect(all).toEqual(all.map(() => answer));
      answers.add(answer);
    }
    // The telepoints decide this board: both answers occur.
    expect(answers.size).toBe(2);
  });
});
