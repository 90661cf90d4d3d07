/**
 * The byte judge's own bookkeeping for large boards: dense ids handed out bucket by bucket, the passages that
 * close a cycle (found while joining), and the repeat check that looks only at those. Each is compared with a
 * plain definition written here, and whole boards large enough to use many buckets with the token judge, which
 * numbers rooms and finds repeats its own way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DisjointSets, joinPassages } from '../../src/games/magic/dsu.js';
import { magic } from '../../src/games/magic/index.js';
import { magicBigBoard, magicJoinBigKernel, magicNumberKernel } from '../../src/games/magic/kernel.js';
import { firstRepeat, firstRepeatByRoom, PAIR_KEY_LIMIT } from '../../src/games/magic/limits.js';
import { runs } from '../support/runs.js';
import { judgeError, judgeOutput, legacyJudgeOutput } from './judge-harness.js';

/** The first position whose key was seen before, with the first position of that key: by definition. */
/** A room count n (2 to `rooms`) and up to `passages` passages between rooms 0..n-1, loops and repeats allowed. */
const roomsAndPassages = (rooms: number, passages: number) =>
  fc
    .integer({ min: 2, max: rooms })
    .chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: passages, size: 'max' }),
      ),
    );

function firstRepeatByDefinition(keys: readonly number[]): [number, number] | undefined {
  for (let i = 0; i < keys.length; i++) {
    for (let j = 0; j < i; j++) if (keys[j] === keys[i]) return [j, i];
  }
  return undefined;
}

describe('magic judge: the repeat check among the passages that close a cycle', () => {
  it('finds the same first repeat as the definition, given any candidates that hold every later listing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 40, size: 'max' }),
        fc.array(fc.nat(), { maxLength: 10, size: 'max' }),
        (small, extra) => {
          // Keys spread past 2^32, so the table's hash sees both halves.
          const keys = small.map((k) => k * 2 ** 21 + (k % 3));
          const later = keys.flatMap((key, i) => (keys.indexOf(key) < i ? [i] : []));
          const padding = keys.length === 0 ? [] : extra.map((e) => e % keys.length);
          const candidates = Int32Array.from(new Set([...later, ...padding])).sort();
          expect(firstRepeat(Float64Array.from(keys), candidates)).toEqual(firstRepeatByDefinition(keys));
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('finds the same first repeat by grouping passages by room as the definition does over pairs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }).chain((size) =>
          fc.tuple(
            fc.constant(size),
            fc.array(
              fc.tuple(fc.nat(size - 1), fc.nat(size - 1)).filter(([a, b]) => a !== b),
              { maxLength: 30, size: 'max' },
            ),
          ),
        ),
        ([size, passages]) => {
          const keys = passages.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`);
          const byDefinition = (() => {
            for (let i = 0; i < keys.length; i++) {
              const j = keys.indexOf(keys[i] ?? '');
              if (j < i) return [j, i];
            }
            return undefined;
          })();
          expect(firstRepeatByRoom(Int32Array.from(passages.flat()), size)).toEqual(byDefinition);
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('says nothing when there are no candidates, and finds a repeat listed three times at its second listing', () => {
    expect(firstRepeat(Float64Array.from([5, 5]), new Int32Array(0))).toBeUndefined();
    expect(firstRepeat(Float64Array.from([7, 1, 7, 2, 7]), Int32Array.from([2, 4]))).toEqual([0, 2]);
    expect(firstRepeat(Float64Array.from([3, 9, 9, 3]), Int32Array.from([2, 3]))).toEqual([1, 2]);
  });

  it('joins passages in order and returns exactly those whose rooms were already connected', () => {
    fc.assert(
      fc.property(roomsAndPassages(9, 25), ([n, passages]) => {
        const ends = Int32Array.from(passages.flat());
        const closing = joinPassages(new DisjointSets(n), ends);
        // Connected before passage i: reachable over passages 0..i-1, by a plain search.
        const expected = passages.flatMap(([a, b], i) => {
          const seen = new Set([a]);
          const queue = [a];
          for (let room = queue.pop(); room !== undefined; room = queue.pop()) {
            for (const [x, y] of passages.slice(0, i)) {
              for (const [from, to] of [
                [x, y],
                [y, x],
              ] as const) {
                if (from === room && !seen.has(to)) {
                  seen.add(to);
                  queue.push(to);
                }
              }
            }
          }
          return seen.has(b) ? [i] : [];
        });
        expect([...closing]).toEqual(expected);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('magic judge: joining in chunks', () => {
  it('joins long lists of passages, across the chunks they are joined in, as one plain loop does', () => {
    fc.assert(
      fc.property(roomsAndPassages(400, 1_200), ([n, passages]) => {
        const plain = new DisjointSets(n);
        const expected = passages.flatMap(([a, b], i) => (plain.union(a, b) ? [] : [i]));
        const sets = new DisjointSets(n);
        expect([...joinPassages(sets, Int32Array.from(passages.flat()))]).toEqual(expected);
        expect([...sets.link]).toEqual([...plain.link]);
      }),
      { numRuns: runs(100) },
    );
  });
});

/** A board of `m` passages among `labels` rooms (1 and 2 among them), placed by `place`, as judge input. */
function board(
  n: bigint,
  passages: readonly (readonly [number, number])[],
  place: (label: number) => bigint,
  p = 1,
): string {
  const lines = [`1`, `${n} ${passages.length} ${p}`];
  for (const [a, b] of passages) lines.push(`${place(a)} ${place(b)}`);
  return `${lines.join('\n')}\n`;
}

/** Random distinct passages among rooms 1..labels, no loops: a sparse graph with some cycles. */
const passagesAmong = (labels: number, count: number) =>
  fc.uniqueArray(
    fc
      .tuple(fc.integer({ min: 1, max: labels }), fc.integer({ min: 1, max: labels }))
      .filter(([a, b]) => a !== b),
    { minLength: count, maxLength: count, selector: ([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`) },
  );

const ways = {
  // Beyond the pair key limit: (high, low) halves, labels spread over 1..10^18.
  split: {
    n: 10n ** 18n,
    place: (label: number): bigint =>
      label <= 2 ? BigInt(label) : 10n ** 18n - BigInt(label) * 999_999_937n,
  },
  // Below it, but with N far above 8M: the kernel's ids, rooms of one 32-bit word.
  hashed: {
    n: PAIR_KEY_LIMIT,
    place: (label: number): bigint => (label <= 2 ? BigInt(label) : PAIR_KEY_LIMIT - BigInt(label) * 11n),
  },
};

describe('magic judge: boards of thousands of rooms, numbered bucket by bucket', () => {
  it.each(Object.entries(ways))('%s: the same answer as the token judge', async (_way, { n, place }) => {
    await fc.assert(
      fc.asyncProperty(passagesAmong(9_000, 6_000), fc.integer({ min: 0, max: 2 }), async (passages, p) => {
        const text = board(n, passages, place, p);
        expect(await judgeOutput(magic, text)).toBe(await legacyJudgeOutput(magic, text));
      }),
      // A failure is shown as drawn: shrinking boards of thousands of passages would take minutes.
      { numRuns: runs(6), endOnFailure: true },
    );
  });

  it.each(Object.entries(ways))(
    '%s: a passage listed again deep in the board, also reversed: the same error',
    async (_way, { n, place }) => {
      await fc.assert(
        fc.asyncProperty(passagesAmong(9_000, 5_000), fc.nat(), fc.boolean(), async (passages, at, flip) => {
          const [a, b] = passages[at % passages.length] ?? [1, 2];
          const text = board(n, [...passages, flip ? [b, a] : [a, b]], place);
          const error = await judgeError(magic, text);
          expect(error.message).toMatch(/listed twice/);
          expect(error.message).toContain(
            `passages ${(at % passages.length) + 1} and ${passages.length + 1}`,
          );
          await expect(legacyJudgeOutput(magic, text)).rejects.toThrow(error.message);
        }),
        { numRuns: runs(4), endOnFailure: true },
      );
    },
  );
});

describe('magic judge: dense ids and joins for 64-bit rooms, in the kernel', () => {
  /** Ids by definition for rooms as numbers: 1 and 2 are 0 and 1, the others 2, 3, ... in order of first sight. */
  const byDefinition = (rooms: readonly bigint[]): { ids: number[]; size: number } => {
    const seen = new Map<bigint, number>([
      [1n, 0],
      [2n, 1],
    ]);
    const ids = rooms.map((room) => {
      const id = seen.get(room) ?? seen.size;
      seen.set(room, id);
      return id;
    });
    return { ids, size: seen.size };
  };
  /** A board of the rooms (two per passage; an odd count gets a room 1 more), numbered and joined in the kernel. */
  const numbered = (rooms: readonly bigint[]) => {
    const whole = rooms.length % 2 === 0 ? rooms : [...rooms, 1n];
    const board = magicBigBoard(10n ** 18n, whole.length / 2);
    board.rooms.set(whole);
    const { ends, size } = magicNumberKernel(board);
    const ids = [...ends];
    const { link, closing } = magicJoinBigKernel(board, size);
    return { whole, ids, size, link: [...link], closing: [...closing] };
  };
  /** Rooms up to 10^18 from a pool, so that they repeat: some share their low 32 bits, some are 1 or 2. */
  const pooled = (pool: number) =>
    fc
      .array(fc.bigInt({ min: 1n, max: 10n ** 18n }), { minLength: 1, maxLength: pool })
      .chain((values) =>
        fc.constantFrom(...values, 1n, 2n, (values[0] ?? 3n) + 2n ** 32n, (values[0] ?? 3n) + 2n ** 40n),
      );

  it('numbers rooms as the definition does, and joins them as DisjointSets and joinPassages do', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((pool) => fc.array(pooled(pool), { maxLength: 120, size: 'max' })),
        (rooms) => {
          const { whole, ids, size, link, closing } = numbered(rooms);
          expect({ ids, size }).toEqual(byDefinition(whole));
          const sets = new DisjointSets(size);
          const plain = joinPassages(sets, Int32Array.from(ids));
          expect({ link, closing }).toEqual({ link: [...sets.link], closing: [...plain] });
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('numbers them the same over many buckets, around the sizes where the bucket count changes', () => {
    // 8,193 rooms take a second bucket bit, 16,385 a third; rooms from a pool of 3,000 repeat across buckets.
    const sizes = [8_192, 8_194, 16_384, 16_386, 40_000];
    fc.assert(
      fc.property(
        fc.constantFrom(...sizes),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 18n }), { minLength: 3_000, maxLength: 3_000 }),
        fc.integer(),
        (count, pool, seed) => {
          let state = seed >>> 0;
          const rooms = Array.from({ length: count }, () => {
            state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
            return state % 50 === 0 ? BigInt(1 + (state % 2)) : (pool[state % pool.length] ?? 3n);
          });
          const { whole, ids, size } = numbered(rooms);
          expect({ ids, size }).toEqual(byDefinition(whole));
        },
      ),
      { numRuns: runs(8), endOnFailure: true },
    );
  });

  it('gives rooms 1 and 2 ids 0 and 1 wherever they stand, and counts them when absent', () => {
    expect(numbered([]).size).toBe(2);
    const { ids, size } = numbered([7n, 2n, 7n, 10n ** 18n, 1n, 2n]);
    expect({ ids, size }).toEqual({ ids: [2, 1, 2, 3, 0, 1], size: 4 });
  });
});
