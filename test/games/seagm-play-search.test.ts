/**
 * The prime-set search of `grundy play` (solve.ts: OptimalSearch) on tables found by the mutation run
 * (test/mutation/seagm.md), each against a minimax over the cards left (its own gcd, no prime sets). In a file
 * of its own so that an incremental mutation run re-tests only what it covers.
 */
import { describe, expect, it } from 'vitest';
import { distinctPrimes } from '../../src/games/seagm/factor.js';
import { analyse, OptimalSearch } from '../../src/games/seagm/solve.js';
import { gcd, minimax, without } from './seagm.reference.js';

describe('SEAGM prime-set search (grundy play) where two prime sets could share a memo entry', () => {
  // One search answers every first card, as play.ts asks it: the first card 33 memoises primes 3 * 11 at odd
  // t, then the first card 1155 meets 5 * 7 at even t. A key that did not keep the radical and t's parity apart
  // (radical / 2 + t mod 2 gives both 17.5) would answer the second from the first. Found by that mutant, on
  // random tables against the unmutated search.
  const tables = [[4, 4, 6, 7, 14, 15, 15, 33, 66, 70, 70, 165, 1155]];
  it.each(tables.map((t) => [t]))('every first card and every g of %j', (cards) => {
    const wins = minimax();
    const a = analyse(cards);
    const wrong: string[] = [];
    const search = new OptimalSearch(a);
    for (const cls of a.classes) {
      const first = cls.values[0] ?? 1;
      const expected = first !== 1 && !wins(without(cards, first), first);
      if ((cls.primes.length > 0 && !search.wins(cls.primes, cls.radical, 1)) !== expected) {
        wrong.push(`first card ${first}`);
      }
    }
    // Mid-game, as play.ts asks: g's primes, nothing taken from these cards yet (a fresh search each time).
    const gs = [...new Set(cards.flatMap((x) => cards.map((y) => gcd(x, y))))].filter((g) => g > 1);
    for (const g of gs) {
      const primes = distinctPrimes(g);
      const radical = primes.reduce((x, y) => x * y, 1);
      const fresh = new OptimalSearch(a);
      if (fresh.wins(primes, radical, 0) !== wins(cards, g)) wrong.push(`g = ${g}`);
    }
    expect(gs.length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  it('at g = 1 (no primes left) the player to move has won: the previous move made g = 1', () => {
    const search = new OptimalSearch(analyse([2, 3, 6]));
    expect([0, 1, 2].map((t) => search.wins([], 1, t))).toEqual([true, true, true]);
  });
});
