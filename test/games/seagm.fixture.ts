import fc from 'fast-check';
import { expect } from 'vitest';
import { bruteReplyWins, BRUTE_LIMIT } from '../../src/games/seagm/brute.js';
import { seagm } from '../../src/games/seagm/index.js';
import { wholeResultCheck, type ConformanceFixture } from './conformance.js';

/** Small cards with shared primes, so that gcds, repeats and the card 1 all turn up. */
export const smallCards = fc.array(
  fc.oneof(
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 64 }),
    fc.constantFrom(6, 10, 15, 30, 42, 70, 105, 210, 4, 8, 9, 27),
  ),
  // Up to the brute force's limit, really: fast-check's default size would stop near 10 by chance only.
  { minLength: 1, maxLength: BRUTE_LIMIT, size: 'max' },
);

/** How many first cards an explanation names. */
const MOVES_SHOWN = 5;

export const fixture: ConformanceFixture = {
  small: smallCards.map((cards) => ({ cards })),
  sizes: [
    {
      name: 'number of cards',
      measure: (c: { cards: number[] }) => c.cards.length,
      min: 1,
      max: BRUTE_LIMIT,
    },
    { name: 'card value', measure: (c: { cards: number[] }) => Math.max(...c.cards), min: 1, max: 210 },
  ],
  wholeResult: wholeResultCheck(seagm, ({ params, fast, brute, explanation, confirms }) => {
    const { refutations, probability, endsOnTurn, ...exact } = fast;
    // n, gcd, the verdict, the set and count of winning first cards, the exact fraction.
    expect(exact).toEqual({
      n: brute.n,
      gcdAll: brute.gcdAll,
      firstWins: brute.firstWins,
      winningCards: brute.winningCards,
      winningCardCount: brute.winningCardCount,
      fraction: brute.fraction,
    });
    expect(probability).toBeCloseTo(brute.probability, 12);
    expect(endsOnTurn).toHaveLength(brute.endsOnTurn.length);
    endsOnTurn.forEach((p, i) => expect(p).toBeCloseTo(brute.endsOnTurn[i] ?? -1, 9));
    // A lost position names refutations, each a card on the table answered by a reply that wins.
    expect(refutations.length > 0).toBe(!brute.firstWins);
    for (const { card, reply } of refutations) {
      expect(params.cards).toContain(card);
      if (reply !== null) expect(bruteReplyWins(params.cards, card, reply)).toBe(true);
    }
    // The explanation names the smallest winning first cards, in order, each confirmed.
    expect(explanation.moves.map((m) => m.move.card)).toEqual(brute.winningCards.slice(0, MOVES_SHOWN));
    for (const { move } of explanation.moves) expect(confirms(move)).toBe(true);
    // The headline names the smallest winning first card, and so do the reasons unless parity alone decides.
    if (brute.firstWins) {
      const card = new RegExp(`\\b${brute.winningCards[0]}\\b`);
      expect(explanation.headline).toMatch(card);
      if (brute.gcdAll === 1) expect(explanation.reasons.join(' ')).toMatch(card);
    }
    // Whole-number chances read 0 and 1, never 0/1 or 1/1.
    const { num, den } = brute.fraction ?? { num: -1, den: -1 };
    if (String(den) === '1') expect(explanation.headline).toMatch(new RegExp(`probability ${num}(?![/\\d])`));
    else expect(explanation.headline).toContain(`${num}/${den}`);
  }),
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
