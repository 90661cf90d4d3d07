/**
 * The judge's lean SEAGM path (solve.ts: solveSeagmJudge): only W and P, stopping at the first winning card.
 * Checked against the brute force (small tables) and against the full solver solveSeagm, whose own tests
 * compare it with the brute force and the editorial DP.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../support/runs.js';
import { seagm } from '../../src/games/seagm/index.js';
import { solveSeagm, solveSeagmJudge } from '../../src/games/seagm/solve.js';
import { smallCards } from './seagm.fixture.js';
import { judgeOutput, legacyJudgeOutput } from './judge-harness.js';

const lean = (r: { firstWins: boolean; probability: number; fraction: unknown }) => ({
  firstWins: r.firstWins,
  probability: r.probability,
  fraction: r.fraction,
});

/** Larger tables of cards made of a few primes, so classes share primes and the search runs deep. */
const sharedCards = fc.array(
  fc
    .subarray([2, 3, 5, 7, 11, 13, 17, 19, 23], { minLength: 1, maxLength: 6 })
    .map((ps) => ps.reduce((x, y) => x * y, 1)),
  { minLength: 1, maxLength: 300, size: 'max' },
);

describe('SEAGM lean judge solver', () => {
  it('agrees with the brute force on W and the exact fraction', () => {
    fc.assert(
      fc.property(smallCards, (cards) => {
        const brute = seagm.brute.solve({ cards: [...cards].sort((x, y) => x - y) });
        const r = solveSeagmJudge(cards);
        expect(r.firstWins).toBe(brute.firstWins);
        expect(r.fraction).toEqual(brute.fraction);
      }),
      { numRuns: runs(200) },
    );
  });

  it('gives exactly the full solver W, P and fraction, exact and double paths, cards in any order', () => {
    fc.assert(
      fc.property(sharedCards, fc.boolean(), (cards, exact) => {
        const limit = exact ? 1_000 : 0;
        const sorted = [...cards].sort((x, y) => x - y);
        const full = lean(solveSeagm({ cards: sorted }, limit));
        expect(lean(solveSeagmJudge(cards, limit))).toEqual(full);
        expect(lean(solveSeagmJudge(Int32Array.from(sorted), limit))).toEqual(full);
      }),
      { numRuns: runs(150) },
    );
  });

  it('prints what the token judge (parse, schema, full solver) prints', async () => {
    const samples = fc.sample(fc.array(sharedCards, { minLength: 1, maxLength: 4 }), runs(30));
    for (const tests of samples) {
      const input = `${tests.length}\n${tests.map((c) => `${c.length}\n${c.join(' ')}\n`).join('')}`;
      expect(await judgeOutput(seagm, input)).toBe(await legacyJudgeOutput(seagm, input));
    }
  });

  it.each([
    [[1], false],
    [[1, 1, 1], false],
    [[7], true],
    [[6, 10, 15], false],
    [[2, 3], true],
    [[4, 8], false],
    [[2, 4, 8, 16, 32], true],
  ])('boundary table %j: W = %s', (cards, wins) => {
    expect(solveSeagmJudge(cards).firstWins).toBe(wins);
    expect(solveSeagmJudge(cards).firstWins).toBe(solveSeagm({ cards }).firstWins);
  });
});
