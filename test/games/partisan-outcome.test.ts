/**
 * PartisanGame: the judge's outcome-only path (one cycle search and one table of A per pair of move sets)
 * against the full solver, through the table and through the fallback, and the judge end to end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partisan as game } from '../../src/games/partisan/index.js';
import { directTable } from '../../src/games/partisan/brute.js';
import { findCycle, makeRule, valuesFrom } from '../../src/games/partisan/engine.js';
import { partisanCycleKernel, partisanValuesKernel } from '../../src/games/partisan/kernel.js';
import { lookupParts, OutcomeCache, TABLE_POSITIONS } from '../../src/games/partisan/outcome.js';
import { solvePartisan } from '../../src/games/partisan/solve.js';
import { runs } from '../support/runs.js';
import { judgeOutput } from './judge-harness.js';

const sorted = (moves: number[]): number[] => [...moves].sort((x, y) => x - y);
const moves = (max: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: 6, size: 'max' }).map(sorted);
const position = fc.oneof(
  fc.bigInt({ min: 0n, max: 300n }),
  fc.bigInt({ min: 0n, max: 10n ** 18n }),
  fc.bigInt({ min: 2n ** 53n - 50n, max: 2n ** 53n + 50n }),
);
/** A few pairs of sets and many positions, so that tests share pairs as in a contest input. */
const batch = (max: number) =>
  fc
    .tuple(
      fc.array(fc.tuple(moves(max), moves(max)), { minLength: 1, maxLength: 4 }),
      fc.array(fc.tuple(fc.nat(), position), { minLength: 1, maxLength: 30 }),
    )
    .map(([pairs, picks]) => picks.map(([i, n]) => ({ n, pair: pairs[i % pairs.length] ?? [[], []] })));

function expectSolverAnswers(cache: OutcomeCache, tests: { n: bigint; pair: number[][] }[]): void {
  for (const { n, pair } of tests) {
    const [alice = [], bob = []] = pair;
    const want = solvePartisan({ n: n.toString(), alice, bob }, {}).aliceWins;
    expect([n, alice, bob, cache.aliceWins(n, alice, bob)]).toEqual([n, alice, bob, want]);
  }
}

describe('partisan: the outcome-only path of the judge', () => {
  it('answers as solvePartisan, from the tables (moves within 1..12 and 1..64)', () => {
    fc.assert(
      fc.property(fc.oneof(batch(12), batch(64)), (tests) => expectSolverAnswers(new OutcomeCache(), tests)),
      { numRuns: runs(200) },
    );
  });

  it('answers as solvePartisan when pairs fall back to the full solver (tables limited to 0 and 20 positions)', () => {
    fc.assert(
      fc.property(batch(12), fc.constantFrom(0, 20), (tests, limit) =>
        expectSolverAnswers(new OutcomeCache(limit), tests),
      ),
      { numRuns: runs(100) },
    );
  });

  it('answers a pair whose cycle is too long to tabulate through the solver', () => {
    // Alice and Bob both with {6, 11, 53, 58, 64}: period 2,508,961, far past TABLE_POSITIONS.
    const alice = [6, 11, 53, 58, 64];
    for (const n of [10n ** 18n, 123_456_789n]) {
      const want = solvePartisan({ n: n.toString(), alice, bob: alice }, {}).aliceWins;
      expect(new OutcomeCache().aliceWins(n, alice, alice)).toBe(want);
    }
  });

  it('gives the judge the solver answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(batch(8), batch(64)), async (tests) => {
        const input = `${tests.length}\n${tests
          .map(({ n, pair: [a = [], b = []] }) => [n, a.length, ...a, b.length, ...b].join(' '))
          .join('\n')}\n`;
        const want = tests.map(({ n, pair: [alice = [], bob = []] }) =>
          solvePartisan({ n: n.toString(), alice, bob }, {}).aliceWins ? 'Alice' : 'Bob',
        );
        expect(await judgeOutput(game, input)).toBe(`${want.join('\n')}\n`);
      }),
      { numRuns: runs(50) },
    );
  });
});

describe('partisan: a position given as high * 10^9 + low', () => {
  it('folds into a table as the plain definition does, for every size of table the judge keeps', () => {
    const table = fc
      .tuple(
        fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: TABLE_POSITIONS - 1 })),
        fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: TABLE_POSITIONS })),
        fc.integer(),
      )
      .filter(([pre, period]) => pre + period <= TABLE_POSITIONS)
      .map(([preperiod, period, seed]) => {
        // A pattern of A values that no shorter rule repeats: bits of a multiplicative hash of the position.
        const a = Uint8Array.from(
          { length: preperiod + period },
          (_, i) => (Math.imul(i + 1, seed | 1) >>> 17) & 1,
        );
        return { preperiod, period, a };
      });
    const n = fc.oneof(
      fc.bigInt({ min: 0n, max: 200_000n }),
      fc.bigInt({ min: 10n ** 9n - 5n, max: 10n ** 9n + 5n }),
      fc.bigInt({ min: 0n, max: 10n ** 18n }),
      fc.bigInt({ min: 10n ** 18n - 5n, max: 10n ** 18n }),
    );
    fc.assert(
      fc.property(table, n, ({ preperiod, period, a }, position) => {
        const at =
          position < BigInt(preperiod)
            ? position
            : BigInt(preperiod) + ((position - BigInt(preperiod)) % BigInt(period));
        const high = Number(position / 10n ** 9n);
        const low = Number(position % 10n ** 9n);
        expect(lookupParts({ preperiod, period, a }, high, low)).toBe(a[Number(at)] === 1);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('answers every pair of sets within {1, 2, 21, 22, 32, 33, 40} in one input as direct DP does', async () => {
    // Moves on both sides of the two mask words (32 | 33) and of the numeric cache keys (Alice's 21 | 22), pairs
    // that differ only in the high word or only in one player's set: each pair keeps its own table.
    const moves = [1, 2, 21, 22, 32, 33, 40];
    const sets = Array.from({ length: 1 << moves.length }, (_, bits) =>
      moves.filter((_, i) => (bits >> i) & 1),
    );
    const piles = [0, 37, 250];
    const lines: string[] = [];
    const want: string[] = [];
    for (const alice of sets)
      for (const bob of sets) {
        const { a } = directTable({ n: '250', alice, bob });
        for (const n of piles) {
          lines.push([n, alice.length, ...alice, bob.length, ...bob].join(' '));
          want.push(a[n] === 1 ? 'Alice' : 'Bob');
        }
      }
    expect(await judgeOutput(game, `${lines.length}\n${lines.join('\n')}\n`)).toBe(`${want.join('\n')}\n`);
  });

  it('answers through the full solver a pair too long to tabulate, on the quick path too', async () => {
    // {6, 11, 53, 58, 64} for both: period 2,508,961, past TABLE_POSITIONS. Bob wins the first two piles.
    const set = [6, 11, 53, 58, 64];
    const piles = [5n, 7_777_777n, 123_456_789n, 10n ** 18n];
    const input = `${piles.length}\n${piles.map((n) => `${n} 5 ${set.join(' ')} 5 ${set.join(' ')}`).join('\n')}\n`;
    const want = piles.map((n) =>
      solvePartisan({ n: n.toString(), alice: set, bob: set }, {}).aliceWins ? 'Alice' : 'Bob',
    );
    expect(await judgeOutput(game, input)).toBe(`${want.join('\n')}\n`);
  });

  it('lets the judge name a repeated move above 32 and a pile past 10^18 on its quick path', async () => {
    await expect(judgeOutput(game, '1\n9 2 40 40 1 1\n')).rejects.toThrow(/line 2: .*40 appears twice/);
    await expect(judgeOutput(game, '2\n9 1 40 1 1\n1000000000000000001 1 1 1 1\n')).rejects.toThrow(
      /line 3: .*from 0 to 1000000000000000000.*"1000000000000000001"/,
    );
    for (const pile of ['2000000000000000000', '9999999999999999999'])
      await expect(judgeOutput(game, `1\n${pile} 0 0\n`)).rejects.toThrow(
        new RegExp(`line 2: .*from 0 to 1000000000000000000.*"${pile}"`),
      );
    const edge = `1\n${10n ** 18n} 1 40 1 33\n`;
    const want = solvePartisan({ n: String(10n ** 18n), alice: [40], bob: [33] }, {}).aliceWins;
    expect(await judgeOutput(game, edge)).toBe(want ? 'Alice\n' : 'Bob\n');
  });
});

describe('partisan: the outcome tables position by position', () => {
  const subsets = (max: number): number[][] =>
    Array.from({ length: (1 << max) - 1 }, (_, mask) =>
      Array.from({ length: max }, (__, i) => i + 1).filter((m) => ((mask + 1) >> (m - 1)) & 1),
    );

  it('gives A(n) of the direct table for every n up to 120 and every pair of sets within 1..4', () => {
    const cache = new OutcomeCache();
    let withPreperiod = 0;
    for (const alice of subsets(4))
      for (const bob of subsets(4)) {
        const { a } = directTable({ n: '120', alice, bob });
        const got = Array.from({ length: 121 }, (_, n) => (cache.aliceWins(BigInt(n), alice, bob) ? 1 : 0));
        expect([alice, bob, got.join('')]).toEqual([alice, bob, Array.from(a.subarray(0, 121)).join('')]);
        const { cycle } = findCycle(makeRule(alice, bob), 1_000_000);
        if (cycle !== null && cycle.preperiod > 0) withPreperiod++;
      }
    // The fold past the pre-period is exercised, not only period-from-0 sequences.
    expect(withPreperiod).toBeGreaterThan(10);
  });

  it('folds with the pre-period subtracted, on pairs where adding it would land elsewhere', () => {
    // Pairs of sets within 1..6 whose pre-period is not a multiple of half the period: (m - pre) and (m + pre)
    // then fold to different places.
    const telling: [number[], number[], number, number][] = [];
    for (const alice of subsets(6))
      for (const bob of subsets(6)) {
        const { cycle } = findCycle(makeRule(alice, bob), 1_000_000);
        if (cycle !== null && cycle.preperiod > 0 && (2 * cycle.preperiod) % cycle.period !== 0)
          telling.push([alice, bob, cycle.preperiod, cycle.period]);
      }
    expect(telling.length).toBeGreaterThan(10);
    const cache = new OutcomeCache();
    for (const [alice, bob, pre, period] of telling.slice(0, 60)) {
      const last = pre + 3 * period;
      const { a } = directTable({ n: String(last), alice, bob });
      for (let n = 0; n <= last; n++)
        expect([alice, bob, n, cache.aliceWins(BigInt(n), alice, bob)]).toEqual([alice, bob, n, a[n] === 1]);
      for (const n of [2n ** 53n + 1n, 2n ** 53n + 2n, 10n ** 18n + 1n]) {
        const want = solvePartisan({ n: n.toString(), alice, bob }, {}).aliceWins;
        expect([alice, bob, n, cache.aliceWins(n, alice, bob)]).toEqual([alice, bob, n, want]);
      }
    }
  });

  it('folds positions beyond 2^53 and up to 10^18 as the solver does', () => {
    const cache = new OutcomeCache();
    // 2^53 - 1 is the last position folded as a plain number; a run of positions on either side of 2^53 and
    // below 10^18 meets every residue of the short periods, with the pre-period counted in.
    const run = (from: bigint): bigint[] => Array.from({ length: 12 }, (_, i) => from + BigInt(i));
    const far = [...run(2n ** 53n - 2n), ...run(10n ** 18n - 11n)];
    for (const alice of subsets(4))
      for (const bob of subsets(4))
        for (const n of far) {
          const want = solvePartisan({ n: n.toString(), alice, bob }, {}).aliceWins;
          expect([alice, bob, n, cache.aliceWins(n, alice, bob)]).toEqual([alice, bob, n, want]);
        }
  });
});

describe('partisan: the kernel walk the judge tabulates with', () => {
  /** Sets within 1..64 that often reach the widths where the two 32-bit halves meet (32, 33) and the top (64). */
  const wide = fc
    .uniqueArray(fc.oneof(fc.integer({ min: 1, max: 64 }), fc.constantFrom(1, 31, 32, 33, 63, 64)), {
      maxLength: 8,
      size: 'max',
    })
    .map(sorted);

  it('gives the rule the largest move as its width and keeps that many bits', () => {
    fc.assert(
      fc.property(wide, wide, (alice, bob) => {
        const rule = makeRule(alice, bob);
        const width = Math.max(1, ...alice, ...bob);
        const keep = (1n << BigInt(width)) - 1n;
        const mask = (moves: number[]): bigint => moves.reduce((m, x) => m | (1n << BigInt(x - 1)), 0n);
        const words = (lo: number, hi: number): bigint => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
        expect([rule.width, words(rule.keepLo, rule.keepHi)]).toEqual([width, keep]);
        expect([words(rule.aliceLo, rule.aliceHi), words(rule.bobLo, rule.bobHi)]).toEqual([
          mask(alice),
          mask(bob),
        ]);
      }),
      { numRuns: runs(300) },
    );
  });

  it("finds findCycle's pre-period and period, and valuesFrom's A position by position", () => {
    fc.assert(
      fc.property(wide, wide, (alice, bob) => {
        const rule = makeRule(alice, bob);
        const { cycle } = findCycle(rule, 10_000_000);
        const found = partisanCycleKernel(rule, 40_000_000);
        if (cycle === null || found === null)
          throw new Error('a cycle within 1..64 closes long before the budget');
        expect([alice, bob, Math.max(0, found.start - rule.width), found.period]).toEqual([
          alice,
          bob,
          cycle.preperiod,
          cycle.period,
        ]);
        const count = Math.min(cycle.preperiod + cycle.period + 2 * rule.width, 5000);
        const got = new Uint8Array(count);
        partisanValuesKernel(rule, got);
        expect([alice, bob, Array.from(got).join('')]).toEqual([
          alice,
          bob,
          Array.from(valuesFrom(rule, 0, count).a).join(''),
        ]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('gives up exactly where findCycle does: finds the cycle with the budget it took, not with one less', () => {
    fc.assert(
      fc.property(wide, wide, (alice, bob) => {
        const rule = makeRule(alice, bob);
        const { cycle, searched } = findCycle(rule, 10_000_000);
        expect([alice, bob, partisanCycleKernel(rule, searched)?.period]).toEqual([
          alice,
          bob,
          cycle?.period,
        ]);
        expect([alice, bob, partisanCycleKernel(rule, searched - 1)]).toEqual([alice, bob, null]);
      }),
      { numRuns: runs(300) },
    );
  });
});
