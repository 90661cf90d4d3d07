/**
 * The fast solver (fast.ts) on tables where its search drops an exhausted prime and keeps several live ones,
 * so the reduced position's primes and their subset counts (looked up by their products) decide the answer. Found by two
 * mutants of that reduction (test/mutation/seagm.md) on random tables of cards with two to six of the primes
 * 2 to 13. Whole result against the brute force. In a file of its own so that an incremental mutation run
 * re-tests only what it covers.
 */
import { describe, it } from 'vitest';
import { expectSameAsBrute } from './seagm.reference.js';

describe('SEAGM positions where a prime runs out beside several live ones', () => {
  it.each([[[10, 130, 330, 390, 3003, 15015]], [[14, 30, 33, 55, 273, 4290]]])(
    '%j: the whole result agrees with the brute force',
    (cards) => expectSameAsBrute(cards),
  );
});
