/**
 * SEAGM checks added after the mutation runs (test/mutation/seagm.md), in a file of their own so that the
 * incremental mutation run re-tests only what they cover.
 */
import { describe, expect, it } from 'vitest';
import { distinctPrimes } from '../../src/games/seagm/factor.js';
import { DivisorTable } from '../../src/games/seagm/fast.js';
import { analyse, solveSeagm } from '../../src/games/seagm/solve.js';
import { editorialSolve, expectSameAsBrute } from './seagm.reference.js';

describe('SEAGM prime classes (grundy play) from cards in any order', () => {
  it('lists each class of values ascending with their counts, whatever the order of the cards', () => {
    const cards = [30, 4, 2, 15, 8, 2, 9, 1, 3, 60, 4, 2];
    const a = analyse(cards);
    const distinct = [...new Set(cards)].sort((x, y) => x - y);
    const radical = (v: number): number => distinctPrimes(v).reduce((x, y) => x * y, 1);
    expect(a.classes.map((c) => [c.radical, c.values, c.counts])).toEqual(
      [...new Set(distinct.map(radical))].map((r) => {
        const values = distinct.filter((v) => radical(v) === r);
        return [r, values, values.map((v) => cards.filter((c) => c === v).length)];
      }),
    );
  });
});

describe('SEAGM solver on strictly descending cards', () => {
  it('sorts them (no two neighbours equal, so every neighbour pair is out of order)', () => {
    const cards = [999_999_937, 30, 15, 10, 9, 8, 6, 5, 4, 3, 2, 1];
    const sorted = [...cards].reverse();
    const result = solveSeagm({ cards });
    expect(result).toEqual(solveSeagm({ cards: sorted }));
    expect(result.firstWins).toBe(editorialSolve(sorted).win);
    expect(result.winningCards).toEqual([...result.winningCards].sort((x, y) => x - y));
  });
});

describe('SEAGM positions where a prime runs out mid-search', () => {
  // Tables where the search meets a prime with no card left beside live ones (the mover's move took its last
  // card): the position must play as the one without that prime. Found by a mutant that skipped the reduction.
  it.each([[[3, 9, 10, 18, 35, 75, 210]], [[8, 10, 14, 45, 50, 90]], [[1, 5, 14, 20, 25, 25, 50, 75, 210]]])(
    '%j: the whole result agrees with the brute force',
    (cards) => expectSameAsBrute(cards),
  );
});

describe('SEAGM divisor table: an absent key beside a key in the first slot', () => {
  it('counts 0 for absent keys and the right count for the key in slot 0', () => {
    // 1597 hashes to slot 0 of the smallest (1024-slot) table.
    const table = new DivisorTable(0);
    table.add(1597, 3, 1);
    expect(table.count(1597)).toBe(3);
    expect([2, 3, 1596, 1598].map((key) => table.count(key))).toEqual([0, 0, 0, 0]);
  });
});

describe('SEAGM with over a thousand distinct values, each with two primes of its own', () => {
  it('answers every card wins, with probability 1 (no prime is shared)', () => {
    const primes: number[] = [];
    for (let p = 1_009; primes.length < 2_400; p += 2)
      if (distinctPrimes(p).length === 1 && distinctPrimes(p)[0] === p) primes.push(p);
    // 1,200 cards p * q, every prime on one card only: whatever is taken first, every reply makes g = 1.
    const cards = Array.from({ length: 1_200 }, (_, i) => (primes[i] ?? 1) * (primes[2_399 - i] ?? 1)).sort(
      (x, y) => x - y,
    );
    const r = solveSeagm({ cards });
    expect(r.firstWins).toBe(true);
    expect(r.winningCardCount).toBe(1_200);
    expect(r.winningCards).toEqual(cards.slice(0, 20));
    expect(r.probability).toBe(1);
    expect(r.endsOnTurn.slice(0, 3)).toEqual([0, 1, 0]);
  });
});
