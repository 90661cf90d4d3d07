import fc from 'fast-check';
import { expect } from 'vitest';
import { BRUTE_LIMIT } from '../../src/games/multiplication/brute.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import { wholeResultCheck, type ConformanceFixture } from './conformance.js';

/** N small enough for the brute force, biased towards few primes and the official sample. */
export const smallN = fc.oneof(
  fc.integer({ min: 2, max: 300 }),
  fc.integer({ min: 2, max: BRUTE_LIMIT }),
  fc.constantFrom(
    10,
    20,
    30,
    40,
    50,
    60,
    70,
    80,
    90,
    100,
    36,
    48,
    72,
    1024,
    2 ** 19,
    3 ** 12,
    999_983,
    510_510,
    720_720,
  ),
  fc
    .tuple(
      fc.constantFrom(2, 3, 5, 7, 997),
      fc.integer({ min: 0, max: 6 }),
      fc.constantFrom(11, 13, 101),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([p, a, q, b]) => Math.max(2, Math.min(1_000_000, p ** a * q ** b))),
);

export const fixture: ConformanceFixture = {
  small: fc.record({ n: smallN.map(String), first: fc.constantFrom('Alice', 'Bob') }),
  sizes: [{ name: 'N', measure: (c: { n: string }) => Number(c.n), min: 2, max: BRUTE_LIMIT }],
  wholeResult: wholeResultCheck(multiplication, ({ fast, brute, explanation, confirms }) => {
    // The winner by name or the tie, and the case of the closed form named from N's exponents.
    expect(fast).toEqual(brute);
    expect(explanation.winner).toBe(brute.winner);
    for (const { move } of explanation.moves) expect(confirms(move)).toBe(true);
  }),
  invalid: [
    { fields: { n: '1', first: 'Alice' }, mentions: ['n must be', 'from 2 to 10^18', 'e.g. 40', 'got 1'] },
    { fields: { n: '1000000000000000001' }, mentions: ['n must be', '10^18'] },
    { fields: { n: 'forty' }, mentions: ['n must be', '"forty"', 'e.g. 40'] },
    { fields: { n: '2.5', first: 'Bob' }, mentions: ['n must be', '"2.5"'] },
    { fields: { n: '-40' }, mentions: ['from 2 to 10^18'] },
    { fields: { n: '40', first: 'Carol' }, mentions: ['first must be Alice or Bob'] },
    { fields: { n: '' }, mentions: ['Missing "n"', 'e.g.', '40'] },
  ],
};
