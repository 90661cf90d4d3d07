import { describe, expect, it } from 'vitest';
import type { JudgeInputError } from '../../src/core/errors.js';
import { paramsFromFields } from '../../src/core/params.js';
import { createRng } from '../../src/core/rng.js';
import { directTable, partisanBrute } from '../../src/games/partisan/brute.js';
import { constantSumReply } from '../../src/games/partisan/first-round.js';
import { partisan } from '../../src/games/partisan/index.js';
import type { PartisanParams, PartisanResult } from '../../src/games/partisan/schema.js';
import { PeriodNotCertifiedError, solvePartisan } from '../../src/games/partisan/solve.js';
import { runs } from '../support/runs.js';
import { judgeError as judgeErrorOf, judgeOutput } from './judge-harness.js';
import { SEARCH } from './partisan.fixture.js';
const judge = async (input: string): Promise<string> =>
  (await judgeOutput(partisan, input)).replace(/\n$/, '');
const judgeError = (input: string): Promise<JudgeInputError> => judgeErrorOf(partisan, input);

/** The exhaustive checks take about 2 s here; room for slower machines. */
const SLOW_MS = 30_000;

/** Under `npm run mutate` (vitest.mutate.config.ts): every statement instrumented, rerun per mutant. */
const MUTATION = process.env['GRUNDY_MUTATION'] === '1';

/**
 * Piles the exhaustive checks try: every n up to 300 under `npm test`. Under `npm run mutate`
 * (GRUNDY_MUTATION=1, every statement instrumented, rerun per mutant) only the piles at the edges: the
 * smallest, each side of the 128 positions a move and its answer reach, and the top.
 */
const EXHAUSTIVE_PILES: readonly number[] = MUTATION
  ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 127, 128, 129, 255, 300]
  : Array.from({ length: 301 }, (_, n) => n);

/** The search reports its progress every this many positions. */
const PROGRESS_STEP = 1 << 20;

/**
 * A long period: 2,508,961 (6.7 M positions searched) under `npm test`. Under `npm run mutate` the search
 * would take minutes a mutant, so a period of 602 stands in; the 2^20 progress step is checked on its own.
 */
const LONG: { readonly set: number[]; readonly period: number } = MUTATION
  ? { set: [14, 38, 52], period: 602 }
  : { set: [6, 11, 53, 58, 64], period: 2_508_961 };

const SAMPLE_INPUT = `5
7 2 3 4 1 4
10 1 1 3 4 3 2
104982 4 2 3 4 5 2 2 5
999999999 1 4 1 5
1000000000 5 1 2 3 4 5 5 1 2 3 4 5
`;
const SAMPLE_OUTPUT = 'Alice\nBob\nAlice\nBob\nAlice';

/** All 32 subsets of {1..5}. */
const smallSets: number[][] = Array.from({ length: 32 }, (_, mask) =>
  [1, 2, 3, 4, 5].filter((_, i) => (mask >> i) & 1),
);

function params(n: number | bigint, alice: number[], bob: number[]): PartisanParams {
  return { n: n.toString(), alice, bob };
}

function randomSet(rng: ReturnType<typeof createRng>, max: number): number[] {
  const p = rng.int(3, 50) / 100;
  const moves: number[] = [];
  for (let x = 1; x <= max; x++) if (rng.chance(p)) moves.push(x);
  return moves.length > 0 ? moves : [rng.int(1, max)];
}

describe('partisan: the TopCoder examples', () => {
  it('tells the contest examples apart as the write-up does (period 9, period 6)', () => {
    const three = solvePartisan(params(999_999_999, [4], [5]), SEARCH);
    expect(three.cycle?.period).toBe(9);
    expect(three.bobSum).toBe(9);
    const four = solvePartisan(params(1_000_000_000, [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]), SEARCH);
    expect(four.cycle?.period).toBe(6);
    expect(four.cycle?.periodA).toBe('LWWWWW');
  });
});

describe('partisan: solve against direct DP', () => {
  it(
    'agrees with the brute force for every pair of sets within 1..5 and every n up to 300',
    () => {
      const mismatches: string[] = [];
      // Five mismatches say enough (and under `npm run mutate` a broken solver stops early).
      pairs: for (const alice of smallSets) {
        for (const bob of smallSets) {
          const table = directTable(params(300, alice, bob));
          for (const n of EXHAUSTIVE_PILES) {
            const result = solvePartisan(params(n, alice, bob), SEARCH);
            const moves = alice.filter((x) => x <= n && table.b[n - x] === 0);
            const replies = result.bobReplies.every(
              ({ alice: x, bob: y }) => bob.includes(y) && x + y <= n && table.a[n - x - y] === 0,
            );
            const everyMoveAnswered =
              result.aliceWins ||
              result.bobReplies.map((r) => r.alice).join() === alice.filter((x) => x <= n).join();
            if (
              !result.certified ||
              result.aliceWins !== (table.a[n] === 1) ||
              result.bobWinsMovingFirst !== (table.b[n] === 1) ||
              result.aliceMoves.join() !== moves.join() ||
              !replies ||
              !everyMoveAnswered
            ) {
              mismatches.push(`n = ${n}, alice {${alice.join(',')}}, bob {${bob.join(',')}}`);
              if (mismatches.length === 5) break pairs;
            }
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    'gives Bob a constant-sum strategy only where Alice really loses',
    () => {
      let found = 0;
      for (const alice of smallSets) {
        for (const bob of smallSets) {
          const table = directTable(params(300, alice, bob));
          for (const n of EXHAUSTIVE_PILES) {
            if (constantSumReply(alice, bob, BigInt(n)) !== null) {
              found++;
              expect(table.a[n]).toBe(0);
            }
          }
        }
      }
      // Not vacuous: for about a fifth of the 1,024 pairs of sets at each pile, Bob has the strategy.
      expect(found).toBeGreaterThan(EXHAUSTIVE_PILES.length * 100);
    },
    SLOW_MS,
  );

  it(
    'proves periods: random sets within 1..64 repeat exactly as claimed, far beyond the repeat',
    () => {
      const rng = createRng(701);
      for (let trial = 0; trial < runs(150); trial++) {
        const alice = randomSet(rng, 64);
        const bob = rng.chance(0.4) ? [...alice] : randomSet(rng, 64);
        const { cycle } = solvePartisan(params(0, alice, bob), SEARCH);
        if (cycle === null) throw new Error('no period');
        const { preperiod: pre, period } = cycle;
        const limit = Math.max(20_000, pre + 4 * period + 200);
        const { a, b } = directTable(params(limit, alice, bob));
        for (let m = pre + period; m <= limit; m++) {
          if (a[m] !== a[m - period] || b[m] !== b[m - period]) throw new Error(`not periodic at ${m}`);
        }
        // Minimal: one step earlier the pair does not repeat, and no shorter shift repeats over a period.
        if (pre > 0)
          expect(a[pre - 1] !== a[pre - 1 + period] || b[pre - 1] !== b[pre - 1 + period]).toBe(true);
        if (period <= 500) {
          for (let d = 1; d < period; d++) {
            let same = true;
            for (let m = pre; m < pre + period && same; m++) same = a[m] === a[m + d] && b[m] === b[m + d];
            expect(same).toBe(false);
          }
        }
        const patternA = Array.from(a.subarray(pre, pre + Math.min(period, 200)), (v) =>
          v === 1 ? 'W' : 'L',
        );
        expect(cycle.periodA).toBe(patternA.join(''));
        // Huge piles land where the period says.
        for (let k = 0; k < 5; k++) {
          // Far enough past the pre-period that every move from m also lands inside the period.
          const m = pre + 128 + rng.int(0, period - 1);
          const n = BigInt(m) + BigInt(period) * BigInt(rng.int(1, 1_000_000_000)) * 1_000_000n;
          const huge = solvePartisan(params(n, alice, bob), SEARCH);
          expect(huge.aliceWins).toBe(a[m] === 1);
          expect(huge.cycle?.offset).toBe((m - pre) % period);
          for (const x of huge.aliceMoves) expect(b[m - x]).toBe(0);
        }
      }
    },
    SLOW_MS,
  );

  it(
    'reports the search progress every 2^20 positions, then 1 when done (budget 2^20 + 1)',
    () => {
      const set = [6, 11, 53, 58, 64];
      const progress: number[] = [];
      const budget = PROGRESS_STEP + 1;
      const result = solvePartisan(params(1000, set, set), {
        stepBudget: budget,
        onProgress: (f) => progress.push(f),
      });
      expect(result.certified).toBe(false);
      expect(result.searched).toBe(budget);
      // The first phase of the search counts as 60% of the work; the answer then completes it.
      expect(progress).toHaveLength(2);
      expect(progress[0]).toBeGreaterThan(0.59);
      expect(progress[0]).toBeLessThan(0.6);
      expect(progress[1]).toBe(1);
      const { a, b } = directTable(params(1000, set, set));
      expect(result.aliceWins).toBe(a[1000] === 1);
      expect(result.aliceMoves).toEqual(set.filter((x) => b[1000 - x] === 0));
    },
    SLOW_MS,
  );

  it(
    `certifies Alice and Bob with {${LONG.set.join(', ')}}: period ${LONG.period.toLocaleString('en-US')}, checked against direct DP`,
    () => {
      const { set, period } = LONG;
      const progress: number[] = [];
      const n = 10n ** 18n;
      const result = solvePartisan(params(n, set, set), { ...SEARCH, onProgress: (f) => progress.push(f) });
      expect(result.certified).toBe(true);
      expect(result.cycle?.period).toBe(period);
      expect(result.cycle?.preperiod).toBe(0);
      // One report per 2^20 positions searched (the second phase stays short: no pre-period), then 1.
      expect(progress).toHaveLength(Math.floor(result.searched / PROGRESS_STEP) + 1);
      expect(progress.every((f) => f >= 0 && f <= 1)).toBe(true);
      expect(progress.at(-1)).toBe(1);
      const place = Number(n % BigInt(period));
      const { a, b } = directTable(params(place + 2 * period + 64, set, set));
      expect(result.aliceWins).toBe(a[place] === 1);
      expect(result.aliceMoves).toEqual(set.filter((x) => b[place - x] === 0));
      for (let m = period; m < a.length; m += 997) expect(a[m]).toBe(a[m - period]);
    },
    SLOW_MS,
  );
});

describe('partisan: when the step budget runs out', () => {
  const set = [6, 11, 53, 58, 64];

  it('still answers exactly by direct DP when n is within reach, and says no period was certified', () => {
    for (const n of [0, 63, 500, 999]) {
      const result = solvePartisan(params(n, set, set), { stepBudget: 1000 });
      expect(result.certified).toBe(false);
      expect(result.cycle).toBeNull();
      expect(result.searched).toBe(1000);
      const brute = partisanBrute.solve(params(n, set, set));
      expect(result.aliceWins).toBe(brute.aliceWins);
      expect(result.aliceMoves).toEqual(brute.aliceMoves);
      const explanation = partisan.explain(params(n, set, set), result);
      expect(explanation.reasons.join(' ')).toContain('No period could be certified');
      expect(explanation.facts.find((f) => f.label === 'Period')?.value).toBe('not certified');
    }
  });

  it('refuses, saying why, when n is beyond direct DP', () => {
    expect(() => solvePartisan(params(10n ** 18n, set, set), { stepBudget: 1000 })).toThrow(
      PeriodNotCertifiedError,
    );
    expect(() => solvePartisan(params(1001, set, set), { stepBudget: 1000 })).toThrow(/step budget/);
  });
});

describe('partisan: explanations', () => {
  function explainFor(n: number | bigint, alice: number[], bob: number[]) {
    const p = params(n, alice, bob);
    const result: PartisanResult = partisan.solve(p, SEARCH);
    return { p, result, explanation: partisan.explain(p, result) };
  }

  it("names Alice's move, confirmed by the brute force", () => {
    for (const alice of smallSets) {
      for (const bob of smallSets) {
        const { p, result, explanation } = explainFor(97, alice, bob);
        expect(explanation.outcome).toBe(result.aliceWins ? 'first' : 'second');
        for (const move of explanation.moves) expect(partisanBrute.securesOptimum(p, move.move)).toBe(true);
        if (result.aliceWins) expect(explanation.moves.length).toBeGreaterThan(0);
        else expect(explanation.whyNoMove).toBeTruthy();
      }
    }
  });

  it('gives the period, its pattern and where n falls', () => {
    const { explanation } = explainFor(999_999_999, [4], [5]);
    const text = [explanation.headline, ...explanation.reasons, explanation.whyNoMove ?? ''].join(' ');
    expect(text).toContain('period 9');
    expect(text).toContain('LLLLWWWWW');
    expect(text).toContain('0 places into the period');
    expect(explanation.whyNoMove).toContain('Bob takes 9 minus that');
    expect(explanation.facts).toContainEqual({ label: 'Period', value: '9' });
  });

  it('says when Alice cannot move at all', () => {
    expect(explainFor(10, [], [1]).explanation.whyNoMove).toContain('no moves');
    expect(explainFor(2, [3], [1]).explanation.whyNoMove).toContain('smallest move is 3');
  });

  it('keeps long periods short in the result', () => {
    const { result, explanation } = explainFor(12_345, LONG.set, LONG.set);
    expect(result.cycle?.periodA.length).toBe(200);
    expect(JSON.stringify(explanation).length).toBeLessThan(10_000);
    expect(explanation.reasons.join(' ')).toContain(
      `first 200 of ${LONG.period.toLocaleString('en-US')} shown`,
    );
  });
});

describe('partisan: input', () => {
  it('reads sets as "3 4", "3,4", "{3, 4}", and empty as "", "-", "none" or nothing', () => {
    const parse = (alice: string | undefined) => paramsFromFields(partisan, { n: '7', alice, bob: '4' });
    for (const text of ['3 4', '4,3', '{3, 4}', '[4 3]', ' 3 ; 4 '])
      expect(parse(text).alice).toEqual([3, 4]);
    for (const text of ['', '-', 'none', 'None', undefined]) expect(parse(text).alice).toEqual([]);
    expect(paramsFromFields(partisan, { n: '1_000_000' }).n).toBe('1000000');
  });

  it('accepts n as a bigint and keeps it a decimal string', () => {
    const parsed = partisan.params.parse({ n: 10n ** 18n, alice: [1], bob: [] });
    expect(parsed.n).toBe('1000000000000000000');
  });
});

/**
 * Last in the file: the judge solves with the product's step budget, so under `npm run mutate` a mutant that
 * breaks the cycle search is best caught first by the tests above, which pass a small one (bail stops there).
 */
describe('partisan: judge', () => {
  it('matches the TopCoder examples byte for byte', async () => {
    expect(await judge(SAMPLE_INPUT)).toBe(SAMPLE_OUTPUT);
  });

  it('names the line of a repeated move', async () => {
    const error = await judgeError('2\n7 2 3 4 1 4\n10 1 1 3 4 3 4\n');
    expect(error.message).toContain('line 3');
    expect(error.message).toContain('4 appears twice');
  });

  it('names the line of an out-of-range value', async () => {
    expect((await judgeError('1\n7 2 3 65 1 4\n')).message).toMatch(/line 2: .*from 1 to 64.*"65"/);
    expect((await judgeError('1\n1000000000000000001 0 0\n')).message).toContain('line 2');
  });

  it('names the line where the input ends early, and refuses trailing tokens', async () => {
    expect((await judgeError('2\n7 2 3 4 1 4\n')).message).toContain('input ended');
    expect((await judgeError('1\n7 0 0\n8\n')).message).toContain('line 3');
  });

  it('accepts empty sets and Grundy-sized piles', async () => {
    const input = '4\n0 0 0\n5 1 1 0\n1000000000000000000 1 1 0\n1000000000000000000 0 2 1 2\n';
    expect(await judge(input)).toBe('Bob\nAlice\nAlice\nBob');
  });
});
