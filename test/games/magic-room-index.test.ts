/**
 * The room table of the MAGIC solver (`RoomIndex`) and its disjoint-set union, against plain references: a
 * Map from each room's decimal text to the order of first sight, and a flood over an edge list. Rooms come
 * as safe integers, as decimal strings beyond 2^53 (split into two exact halves) and as strings of more than
 * 24 digits (kept whole); tables start tiny so that every growth path runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DisjointSets } from '../../src/games/magic/dsu.js';
import { RoomIndex } from '../../src/games/magic/room-index.js';
import type { Room } from '../../src/games/magic/schema.js';
import { runs } from '../support/runs.js';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A room in its canonical form: a number up to 2^53 - 1, else its decimal string. */
const canonical = (value: bigint): Room => (value <= SAFE ? Number(value) : value.toString());

const roomValue = fc.oneof(
  fc.bigInt({ min: 1n, max: 40n }),
  fc.bigInt({ min: 1n, max: SAFE }),
  fc.bigInt({ min: SAFE - 3n, max: SAFE + 3n }),
  fc.bigInt({ min: SAFE + 1n, max: 10n ** 24n - 1n }),
  fc.bigInt({ min: 10n ** 24n - 2n, max: 10n ** 24n + 2n }),
  fc.bigInt({ min: 10n ** 24n, max: 10n ** 30n }),
  // Rooms that share their low nine digits, or their high ones.
  fc.bigInt({ min: 0n, max: 5n }).map((k) => 10n ** 18n - k * 10n ** 9n),
  fc.bigInt({ min: 0n, max: 5n }).map((k) => 10n ** 18n - k),
);

describe('magic RoomIndex', () => {
  it('hands out ids in order of first sight, finds them again and gives each room back exactly', () => {
    fc.assert(
      fc.property(
        fc.array(roomValue, { maxLength: 120, size: 'max' }),
        fc.integer({ min: 0, max: 40 }),
        (values, expected) => {
          const index = new RoomIndex(expected);
          const reference = new Map<string, number>();
          const seen: number[][] = [];
          const wanted: number[][] = [];
          for (const value of values) {
            const room = canonical(value);
            const key = value.toString();
            const before = reference.get(key) ?? -1;
            if (!reference.has(key)) reference.set(key, reference.size);
            seen.push([index.find(room), index.idOf(room), index.size]);
            wanted.push([before, reference.get(key) ?? -1, reference.size]);
          }
          const back = [...reference].map(([key, id]) => [
            index.room(id),
            index.find(canonical(BigInt(key))),
          ]);
          expect(back).toEqual([...reference].map(([key, id]) => [canonical(BigInt(key)), id]));
          expect(seen).toEqual(wanted);
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('idOfSplit names the same room as its decimal string', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: SAFE + 1n, max: 10n ** 24n - 1n }), { maxLength: 60, size: 'max' }),
        fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
        (values, bySplit) => {
          const index = new RoomIndex(0);
          const reference = new Map<bigint, number>();
          const ids = values.map((value, i) => {
            if (!reference.has(value)) reference.set(value, reference.size);
            return bySplit[i] === true
              ? index.idOfSplit(Number(value / 10n ** 9n), Number(value % 10n ** 9n))
              : index.idOf(value.toString());
          });
          expect(ids).toEqual(values.map((value) => reference.get(value)));
          const back = [...reference].map(([value, id]) => [index.room(id), index.find(value.toString())]);
          expect(back).toEqual([...reference].map(([value, id]) => [value.toString(), id]));
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('an unseen room is not found, before and after the first big one; a bad id is refused', () => {
    const index = new RoomIndex(4);
    expect(index.find('9007199254740993')).toBe(-1);
    expect(index.find('1000000000000000000000000000')).toBe(-1);
    expect(index.find(7)).toBe(-1);
    expect(index.idOf(7)).toBe(0);
    expect(index.idOf('9007199254740993')).toBe(1);
    expect(index.find('9007199254740994')).toBe(-1);
    expect(index.find('19007199254740993')).toBe(-1);
    expect(index.find(8)).toBe(-1);
    expect(index.room(1)).toBe('9007199254740993');
    expect(() => index.room(2)).toThrow(new RangeError('no room with id 2'));
    expect(() => index.room(-1)).toThrow(new RangeError('no room with id -1'));
    expect(index.room(0)).toBe(7);
  });

  it('keeps rooms apart that share their high or their low digits, and rooms of one kind only', () => {
    const index = new RoomIndex(0);
    const rooms = [10n ** 18n - 10n ** 9n, 10n ** 18n - 2n * 10n ** 9n, 10n ** 18n - 1n, 10n ** 18n - 2n].map(
      canonical,
    );
    expect(rooms.map((room) => index.idOf(room))).toEqual([0, 1, 2, 3]);
    expect(rooms.map((room) => index.find(room))).toEqual([0, 1, 2, 3]);
    // Numbers only, then big rooms only: each table grows on its own count.
    const numbers = new RoomIndex(0);
    const small = Array.from({ length: 3000 }, (_, k) => k * 4294967296 + 7);
    expect(small.map((room) => numbers.idOf(room))).toEqual(small.map((_, id) => id));
    const bigs = new RoomIndex(0);
    const large = Array.from({ length: 3000 }, (_, k) => canonical(10n ** 18n - BigInt(k) * 999_999_937n));
    expect(large.map((room) => bigs.idOf(room))).toEqual(large.map((_, id) => id));
    expect(large.map((room) => bigs.find(room))).toEqual(large.map((_, id) => id));
    expect(large.map((_, id) => bigs.room(id))).toEqual(large);
    // 2,000 rooms with the same high digits: probing meets the same high again and again.
    const close = new RoomIndex(0);
    const near = Array.from({ length: 2000 }, (_, k) => canonical(10n ** 18n - BigInt(k)));
    expect(near.map((room) => close.idOf(room))).toEqual(near.map((_, id) => id));
  });

  it('keeps id 0 through every growth: rooms 1 to 20,000 in order, room 1 found after each', () => {
    // A growth that took the slot of id 0 for an empty one would give it to a later room (at 8,192 rooms here).
    const index = new RoomIndex(1);
    const lost: number[] = [];
    for (let room = 1; room <= 20_000; room++) {
      index.idOf(room);
      if (index.find(1) !== 0) lost.push(room);
    }
    expect(lost).toEqual([]);
    expect(index.find(20_000)).toBe(19_999);
  });

  it('keeps 5,000 strided rooms of each kind apart (every table grows many times)', () => {
    const index = new RoomIndex(1);
    const rooms: Room[] = [];
    for (let k = 0; k < 5000; k++) {
      rooms.push(
        k * 4294967296 + 1,
        canonical(10n ** 18n - BigInt(k) * 10n ** 9n),
        canonical(10n ** 25n + BigInt(k)),
      );
    }
    const ids = rooms.map((room) => index.idOf(room));
    const found = rooms.map((room) => index.find(room));
    const back = ids.map((id) => index.room(id));
    expect(ids).toEqual(rooms.map((_, id) => id));
    expect(found).toEqual(ids);
    expect(back).toEqual(rooms);
    expect(index.size).toBe(rooms.length);
  });
});

describe('magic DisjointSets', () => {
  it('joins as a flood over the same passages does, with sizes, and says when a passage closes a cycle', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })), {
              maxLength: 40,
              size: 'max',
            }),
          ),
        ),
        ([n, edges]) => {
          const sets = new DisjointSets(n);
          const label = Array.from({ length: n }, (_, i) => i);
          const joined: boolean[] = [];
          const apart: boolean[] = [];
          const together: boolean[] = [];
          const flooded: boolean[] = [];
          for (const [x, y] of edges) {
            apart.push(label[x] !== label[y]);
            joined.push(sets.union(x, y));
            const [from, to] = [label[y], label[x]];
            for (let i = 0; i < n; i++) if (label[i] === from) label[i] = to ?? i;
            for (let i = 0; i < n; i++) {
              together.push(sets.find(i) === sets.find(x));
              flooded.push(label[i] === label[x]);
            }
          }
          expect(joined).toEqual(apart);
          expect(together).toEqual(flooded);
          const roots = label.map((_, i) => sets.find(i));
          // A room is a root exactly when find leads to itself.
          expect(label.map((_, i) => sets.isRoot(i))).toEqual(roots.map((root, i) => root === i));
          expect(label.map((_, i) => sets.sizeOf(i))).toEqual(
            label.map((l) => label.filter((m) => m === l).length),
          );
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('finds the root from the bottom of a tree four levels deep', () => {
    const sets = new DisjointSets(16);
    for (const step of [1, 2, 4, 8]) for (let i = 0; i + step < 16; i += 2 * step) sets.union(i, i + step);
    expect(sets.find(15)).toBe(0);
    expect(sets.isRoot(0)).toBe(true);
    // Room 1 hangs right under room 0: its link is 0, a parent, not a size.
    expect(sets.isRoot(1)).toBe(false);
    expect(sets.isRoot(15)).toBe(false);
    expect(sets.sizeOf(0)).toBe(16);
  });

  it('stays shallow: union by size keeps every path under log2(n) + 1 steps on a long chain', () => {
    const n = 1 << 12;
    const sets = new DisjointSets(n);
    // Each new room is named first: the larger set must still become the root.
    for (let i = 1; i < n; i++) sets.union(i, i - 1);
    let deepest = 0;
    for (let i = 0; i < n; i++) {
      let depth = 0;
      for (let x = i; !sets.isRoot(x); x = sets.link[x] ?? x) depth++;
      deepest = Math.max(deepest, depth);
    }
    expect(deepest).toBeLessThanOrEqual(12);
    expect(sets.sizeOf(0)).toBe(n);
  });
});
