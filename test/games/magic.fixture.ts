/** Conformance inputs for MAGIC: boards of up to 6 rooms (the brute force's limit) and refused inputs. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { BRUTE_LIMIT, classifyMove } from '../../src/games/magic/brute.js';
import { magic } from '../../src/games/magic/index.js';
import { wholeResultCheck, type ConformanceFixture } from './conformance.js';

type Candidate = { rooms: string; passages: number[][] };

function allPairs(n: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let a = 1; a <= n; a++) for (let b = a + 1; b <= n; b++) pairs.push([a, b]);
  return pairs;
}

const telepoints = fc.oneof(
  fc.record({ telepoints: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ p1: fc.integer({ min: 0, max: 3 }), p2: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ telepoints: fc.integer({ min: 0, max: 2 }), p2: fc.integer({ min: 0, max: 2 }) }),
);

export const fixture: ConformanceFixture = {
  small: fc.integer({ min: 2, max: BRUTE_LIMIT }).chain((n) =>
    fc
      .tuple(
        fc.subarray(allPairs(n)).chain((pairs) => fc.shuffledSubarray(pairs, { minLength: pairs.length })),
        fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
        telepoints,
      )
      .map(([pairs, flips, points]) => ({
        rooms: String(n),
        // Either order of a pair names the same passage.
        passages: pairs.map(([a, b], i) => (flips[i] === true ? [b, a] : [a, b])),
        ...points,
      })),
  ),
  sizes: [
    { name: 'rooms', measure: (c: Candidate) => Number(c.rooms), min: 2, max: BRUTE_LIMIT },
    { name: 'passages', measure: (c: Candidate) => c.passages.length, min: 0, max: 15 },
  ],
  wholeResult: wholeResultCheck(magic, ({ params, fast, brute, explanation, confirms }) => {
    // The component picture, the rule and the verdict; the listed moves may be other winning moves than
    // the brute force's first ones, but each must win and be described as the brute force describes it.
    const { moves, ...picture } = fast;
    const { moves: bruteMoves, ...brutePicture } = brute;
    expect(picture).toEqual(brutePicture);
    expect(moves.length > 0).toBe(bruteMoves.length > 0);
    for (const winning of moves) {
      expect(confirms(winning.move)).toBe(true);
      expect(classifyMove(params, winning.move)).toEqual(winning);
    }
    expect(explanation.moves.map((m) => m.move)).toEqual(moves.map((m) => m.move));
  }),
  invalid: [
    { fields: { rooms: '1' }, mentions: ['rooms', '2', '10^18', 'e.g.'] },
    { fields: { rooms: '10000000000000000001' }, mentions: ['rooms', '10^18'] },
    { fields: { rooms: 'four' }, mentions: ['rooms', 'four'] },
    { fields: { rooms: '4', passages: '1-1' }, mentions: ['1-1', 'itself'] },
    { fields: { rooms: '4', passages: '1-3 2-4 3-1' }, mentions: ['1-3', 'twice', 'passages 1 and 3'] },
    { fields: { rooms: '4', passages: '1-9' }, mentions: ['1-9', 'room 9', '1 to 4'] },
    { fields: { rooms: '4', passages: '1-x' }, mentions: ['1-x', '1-3 2-4'] },
    { fields: { rooms: '4', passages: '1 2 3' }, mentions: ['3', 'no partner'] },
    { fields: { rooms: '4', telepoints: -1 }, mentions: ['telepoints', '0 to 10^9'] },
    { fields: { rooms: '4', p1: 2_000_000_000 }, mentions: ['p1', '10^9'] },
    { fields: { rooms: '4', p2: 'lots' }, mentions: ['p2', 'e.g. 1'] },
  ],
  runs: 150,
};
