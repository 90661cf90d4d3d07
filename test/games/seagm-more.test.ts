/**
 * SEAGM checks added after the mutation runs (test/mutation/seagm.md), in a file of their own so that the
 * incremental mutation run re-tests only what they cover.
 */
import { describe, expect, it } from 'vitest';
import { distinctPrimes } from '../../src/games/seagm/factor.js';
import { analyse, solveSeagm } from '../../src/games/seagm/solve.js';
import { editorialSolve } from './seagm.reference.js';

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
