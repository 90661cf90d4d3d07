/** MAGIC's room table against a Map: the same dense ids and rooms back, for safe and huge room numbers. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RoomIndex } from '../../src/games/magic/room-index.js';
import type { Room } from '../../src/games/magic/schema.js';
import { runs } from '../support/runs.js';

/** A room in canonical form: a number up to 2^53, else its decimal string (up to 30 digits here). */
const room: fc.Arbitrary<Room> = fc.oneof(
  fc.integer({ min: 1, max: 50 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, 10 ** 15),
  fc.bigInt({ min: 2n ** 53n + 1n, max: 10n ** 18n }).map((b) => b.toString()),
  fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 53n + 40n }).map((b) => b.toString()),
  fc.constantFrom('1000000000000000000', '9007199254740993', '123456789012345678901234567890'),
);

describe('RoomIndex', () => {
  test('hands out the same dense ids as a Map and gives each room back', () => {
    fc.assert(
      fc.property(fc.array(room, { maxLength: 300, size: 'max' }), fc.nat({ max: 4 }), (rooms, expected) => {
        const index = new RoomIndex(expected);
        const reference = new Map<string, number>();
        for (const r of rooms) {
          const key = String(r);
          const before = reference.get(key);
          expect(index.find(r)).toBe(before ?? -1);
          const id = index.idOf(r);
          // Dense ids in order of first sight.
          expect(id).toBe(before ?? reference.size);
          if (before === undefined) reference.set(key, id);
        }
        expect(index.size).toBe(reference.size);
        for (const [key, id] of reference) expect(String(index.room(id))).toBe(key);
      }),
      { numRuns: runs(200) },
    );
  });

  test('a huge room given as (high, low) halves is the same room as its decimal string', () => {
    const index = new RoomIndex(2);
    const id = index.idOfSplit(999_999_999, 999_999_958);
    expect(index.idOf('999999999999999958')).toBe(id);
    expect(index.room(id)).toBe('999999999999999958');
    expect(index.idOfSplit(1_000_000_000, 0)).toBe(index.idOf('1000000000000000000'));
  });
});
