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
import { addRoom, denseIds, numberRooms, RoomBuckets, roomAt } from '../../src/games/magic/judge.js';
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

/** Ids by definition: rooms 1 and 2 are 0 and 1, every other room the next id when first seen. */
function idsByDefinition(rooms: readonly (readonly [number, number])[]): { ids: number[]; size: number } {
  const seen = new Map<string, number>([
    ['0:1', 0],
    ['0:2', 1],
  ]);
  const ids = rooms.map(([high, low]) => {
    const key = `${high}:${low}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    seen.set(key, seen.size);
    return seen.size - 1;
  });
  return { ids, size: seen.size };
}

describe('magic judge: dense ids for rooms held as halves', () => {
  // Rooms as (high, low) halves: few distinct values, so rooms repeat, and 1 and 2 (0:1, 0:2) turn up.
  const room = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 40 }));
  const check = (rooms: readonly (readonly [number, number])[]): void => {
    const { ends, size } = denseIds(
      Int32Array.from(rooms, ([high]) => high),
      Int32Array.from(rooms, ([, low]) => low),
    );
    const expected = idsByDefinition(rooms);
    expect([...ends]).toEqual(expected.ids);
    expect(size).toBe(expected.size);
  };

  it('numbers rooms 1 and 2 as 0 and 1, the others 2, 3, ... in order of first sight', () => {
    fc.assert(
      fc.property(fc.array(room, { maxLength: 60, size: 'max' }), (rooms) => check(rooms)),
      { numRuns: runs(400) },
    );
  });

  it('numbers them the same when they are spread over many buckets', () => {
    // Over 4,096 rooms take several buckets; rooms drawn from 20,000 values repeat across them.
    const many = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4_000 }));
    fc.assert(
      fc.property(fc.array(many, { minLength: 9_000, maxLength: 20_000 }), (rooms) => check(rooms)),
      { numRuns: runs(10), endOnFailure: true },
    );
  });

  it('gives rooms 1 and 2 their ids wherever they stand, and counts them even when absent', () => {
    check([]);
    check([
      [0, 7],
      [0, 2],
      [0, 7],
      [5, 1],
      [0, 1],
      [0, 2],
    ]);
  });
});

describe('magic judge: rooms spread over buckets as they are read', () => {
  // Few distinct values, sharing high or low halves, so rooms repeat; 1 and 2 (0:1, 0:2) turn up.
  const room = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 40 }));
  const numbered = (
    rooms: readonly (readonly [number, number])[],
    capacity?: number,
  ): { ids: number[]; size: number; table: RoomBuckets } => {
    const table = new RoomBuckets(rooms.length, capacity);
    rooms.forEach(([high, low], at) => addRoom(table, high, low, at));
    const { ends, size } = numberRooms(table, rooms.length);
    return { ids: [...ends], size, table };
  };

  it('numbers rooms as a Map does when buckets fill up and the rest spills', () => {
    fc.assert(
      fc.property(
        fc.array(room, { maxLength: 80, size: 'max' }),
        fc.integer({ min: 1, max: 6 }),
        (rooms, capacity) => {
          const { ids, size, table } = numbered(rooms, capacity);
          expect({ ids, size }).toEqual(idsByDefinition(rooms));
          // Every room is found again at its position, spilled or not.
          rooms.forEach(([high, low], at) => expect(roomAt(table, at)).toEqual([high, low]));
          expect(roomAt(table, rooms.length)).toBeUndefined();
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('numbers them as a Map does around the sizes where the bucket count changes, one room named very often', () => {
    // 4,096 and 8,192 rooms are where a second and a third bucket bit begin; a room at every third position
    // fills its bucket far past its share, so it spills with the bucket's own capacity.
    const often = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 3_000 }));
    const sizes = [4_095, 4_096, 4_097, 8_191, 8_192, 8_193];
    fc.assert(
      fc.property(
        fc.constantFrom(...sizes),
        fc.array(often, { minLength: 8_193, maxLength: 8_193 }),
        (count, drawn) => {
          const rooms = drawn.slice(0, count).map((r, at): [number, number] => (at % 3 === 0 ? [7, 123] : r));
          const { ids, size, table } = numbered(rooms);
          expect(table.spilled).toBeGreaterThan(0);
          expect({ ids, size }).toEqual(idsByDefinition(rooms));
        },
      ),
      { numRuns: runs(12), endOnFailure: true },
    );
  });

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
  // Below it, but with N far above 8M: the bucketed table with high halves of zero.
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
