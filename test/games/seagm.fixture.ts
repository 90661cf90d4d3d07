import fc from 'fast-check';
import type { ConformanceFixture } from './conformance.js';

/** Small cards with shared primes, so that gcds, repeats and the card 1 all turn up. */
export const smallCards = fc.array(
  fc.oneof(
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 64 }),
    fc.constantFrom(6, 10, 15, 30, 42, 70, 105, 210, 4, 8, 9, 27),
  ),
  { minLength: 1, maxLength: 9 },
);

export const fixture: ConformanceFixture = {
  small: smallCards.map((cards) => ({ cards })),
  invalid: [
    { fields: { numbers: '2 6 x' }, mentions: ['numbers', 'card 3', '"x"', '1 to 10^9', '2 6 3'] },
    { fields: { numbers: '0 5' }, mentions: ['card 1', '"0"', '1 to 10^9'] },
    { fields: { numbers: '1000000001' }, mentions: ['1 to 10^9'] },
    { fields: { numbers: '2.5' }, mentions: ['whole number'] },
    { fields: { numbers: '-3 4' }, mentions: ['"-3"'] },
    { fields: { numbers: '' }, mentions: ['Missing "numbers"', 'e.g.', '2 6 3'] },
    {
      fields: { numbers: Array.from({ length: 100_001 }, () => '2').join(' ') },
      mentions: ['at most 100,000 cards'],
    },
  ],
};
