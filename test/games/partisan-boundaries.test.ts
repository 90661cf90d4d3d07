/**
 * PartisanGame at the limits of its solver, one below and one above, against the direct DP of the brute
 * force: the step budget of the cycle search, the direct-DP fallback, the 128 positions a first move and its
 * answer can reach, the 32/33/64-bit window halves, the one-line strategy's largest sum, and the pattern cap.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directTable, partisanBrute } from '../../src/games/partisan/brute.js';
import { partisan } from '../../src/games/partisan/index.js';
import { PATTERN_LIMIT, type PartisanParams, type PartisanResult } from '../../src/games/partisan/schema.js';
import { PeriodNotCertifiedError, solvePartisan } from '../../src/games/partisan/solve.js';
import { expectReaches } from '../support/reach.js';
import { runs } from '../support/runs.js';
import { SEARCH } from './partisan.fixture.js';

const params = (n: number | bigint, alice: number[], bob: number[]): PartisanParams => ({
  n: n.toString(),
  alice: [...alice].sort((x, y) => x - y),
  bob: [...bob].sort((x, y) => x - y),
});

/** What a user sees of a result: everything but the period search's own record. */
function seen(result: PartisanResult): Omit<PartisanResult, 'certified' | 'searched' | 'cycle'> {
  const { certified: _c, searched: _s, cycle: _cycle, ...rest } = result;
  return rest;
}

/** The cycle a result claims, checked on the direct DP: A and B repeat with the period from the pre-period on. */
function expectCycleHolds(p: PartisanParams, result: PartisanResult): void {
  const cycle = result.cycle;
  if (cycle === null) throw new Error('no cycle');
  const end = cycle.preperiod + 3 * cycle.period + 64;
  const { a, b } = directTable(params(end, p.alice, p.bob));
  for (let m = cycle.preperiod; m + cycle.period <= end; m++) {
    expect([m, a[m], b[m]]).toEqual([m, a[m + cycle.period], b[m + cycle.period]]);
  }
  // The pattern strings are the DP's values, cut at PATTERN_LIMIT.
  const wl = (values: Uint8Array, from: number, count: number) =>
    Array.from(values.subarray(from, from + count), (v) => (v === 1 ? 'W' : 'L')).join('');
  expect(cycle.headA).toBe(wl(a, 0, Math.min(cycle.preperiod, PATTERN_LIMIT)));
  expect(cycle.headB).toBe(wl(b, 0, Math.min(cycle.preperiod, PATTERN_LIMIT)));
  expect(cycle.periodA).toBe(wl(a, cycle.preperiod, Math.min(cycle.period, PATTERN_LIMIT)));
}

const examples: [string, number[], number[]][] = [
  ['{4} vs {5}', [4], [5]],
  ['{1..5} vs {1..5}', [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]],
  ['{2, 3} vs {4}', [2, 3], [4]],
  ['{6, 14, 16} vs {5, 13, 24}', [6, 14, 16], [5, 13, 24]],
];

describe('partisan: the step budget of the cycle search', () => {
  it.each(examples)(
    '%s: certified with exactly the positions it needs, not with one fewer',
    (_name, alice, bob) => {
      const needed = solvePartisan(params(10, alice, bob), SEARCH).searched;
      const enough = solvePartisan(params(10, alice, bob), { stepBudget: needed });
      expect(enough.certified).toBe(true);
      expect(enough.searched).toBe(needed);
      expectCycleHolds(params(10, alice, bob), enough);
      const short = solvePartisan(params(10, alice, bob), { stepBudget: needed - 1 });
      expect(short.certified).toBe(false);
      expect(short.cycle).toBeNull();
      expect(short.searched).toBe(needed - 1);
    },
  );

  it.each(examples)(
    '%s: without a period, direct DP answers n up to the positions searched, not one more',
    (_name, alice, bob) => {
      const budget = solvePartisan(params(10, alice, bob), SEARCH).searched - 1;
      for (const n of [budget - 1, budget]) {
        const p = params(n, alice, bob);
        const result = solvePartisan(p, { stepBudget: budget });
        expect(result.certified).toBe(false);
        expect(seen(result)).toEqual(seen(partisanBrute.solve(p)));
      }
      expect(() => solvePartisan(params(budget + 1, alice, bob), { stepBudget: budget })).toThrow(
        PeriodNotCertifiedError,
      );
    },
  );
});

describe('partisan: the 128 positions below n that a move and its answer reach', () => {
  const wide: [number[], number[]][] = [
    [[64], [64]],
    [
      [63, 64],
      [1, 64],
    ],
    [
      [1, 64],
      [63, 64],
    ],
    [
      [33, 64],
      [31, 32, 64],
    ],
  ];
  it.each([0, 1, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257])('n = %i', (n) => {
    for (const [alice, bob] of wide) {
      const p = params(n, alice, bob);
      expect(seen(partisan.solve(p, SEARCH))).toEqual(seen(partisanBrute.solve(p)));
    }
  });

  it('{64} vs {64}: Bob answers x with 128 - x exactly when n mod 128 < 64 (the largest sum)', () => {
    for (const n of [127, 128, 129, 191, 192, 255, 256]) {
      const p = params(n, [64], [64]);
      const result = partisan.solve(p, SEARCH);
      expect(result).toMatchObject({ aliceWins: n % 128 >= 64, bobSum: n % 128 < 64 ? 128 : null });
      expect(seen(result)).toEqual(seen(partisanBrute.solve(p)));
    }
  });
});

describe('partisan: the window halves (moves up to 32 in one 32-bit word, 33..64 in the other)', () => {
  it.each([1, 2, 31, 32, 33, 34, 63, 64])(
    'largest move %i: agrees with direct DP and the period holds',
    (largest) => {
      const sets = fc.tuple(
        fc.uniqueArray(fc.integer({ min: 1, max: largest }), { maxLength: 5, size: 'max' }),
        fc.uniqueArray(fc.integer({ min: 1, max: largest }), { maxLength: 5, size: 'max' }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3000 }),
      );
      expectReaches(sets, ([, , , n]) => n, { min: 0, max: 3000, within: 0.02 }, 300);
      fc.assert(
        fc.property(sets, ([a, b, aliceHasLargest, n]) => {
          // One of the players holds the largest move, so the window is exactly that wide.
          const alice = aliceHasLargest ? [...new Set([...a, largest])] : a;
          const bob = aliceHasLargest ? b : [...new Set([...b, largest])];
          const p = params(n, alice, bob);
          const result = partisan.solve(p, SEARCH);
          expect(result.width).toBe(largest);
          expect(seen(result)).toEqual(seen(partisanBrute.solve(p)));
          if (result.cycle !== null && result.cycle.preperiod + 3 * result.cycle.period < 20_000) {
            expectCycleHolds(p, result);
          }
        }),
        { numRuns: runs(40) },
      );
    },
  );
});

describe('partisan: patterns stop at 200 positions', () => {
  it.each([
    [199, [14, 19, 25, 27, 28, 31, 36, 38, 42, 52, 54, 59, 60], [11, 25, 26, 29, 30, 32, 33, 38, 43, 53, 54]],
    [200, [6, 14, 16], [5, 13, 24]],
    [201, [13, 20, 27, 29, 31, 47, 48, 54], [19, 22, 33, 36, 40, 42, 45, 46, 51, 53, 54]],
  ])('a pre-period of %i positions', (preperiod, alice, bob) => {
    const p = params(1000, alice, bob);
    const result = partisan.solve(p, SEARCH);
    expect(result.cycle?.preperiod).toBe(preperiod);
    expect(result.cycle?.headA).toHaveLength(Math.min(preperiod, PATTERN_LIMIT));
    expectCycleHolds(p, result);
    expect(seen(result)).toEqual(seen(partisanBrute.solve(p)));
  });
});
