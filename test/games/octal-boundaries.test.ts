/**
 * Octal games, fast and exact: the engine's parts against independent computations written here (the brute
 * force from the definition, a period search by plain scanning, the mask chosen by trying every mask), the
 * work budget at its stride points, and the solver's and the judge's limits at the value, one below and one
 * above. A few seconds in all; `npm run mutate` runs it for every octal mutant.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { bruteValues, octalBrute } from '../../src/games/octal/brute.js';
import { describeCode, describeDigit, MAX_DIGITS, readOctalCode } from '../../src/games/octal/code.js';
import {
  CHECKPOINT,
  makeRule,
  proofNeeds,
  provePeriod,
  ValueTable,
  WORK_STRIDE,
} from '../../src/games/octal/engine.js';
import { octal } from '../../src/games/octal/index.js';
import { octalJudge } from '../../src/games/octal/judge.js';
import type { OctalParams } from '../../src/games/octal/schema.js';
import {
  answerValues,
  codeFacts,
  estimateOctalCost,
  solveOctal,
  TooCostlyError,
  valueFrom,
  ValueUnknownError,
  WORK_PER_MS,
} from '../../src/games/octal/solve.js';
import { runs } from '../support/runs.js';
import { judgeOutput } from './judge-harness.js';

const digitsOf = (code: string) => readOctalCode(code).digits;

function params(code: string, heaps: (number | bigint | string)[], search?: number): OctalParams {
  return parseParams(octal, { code, heaps: heaps.map(String), ...(search === undefined ? {} : { search }) });
}

/** Every code of one to three digits, canonical and distinct. */
const allCodes = [
  ...new Set(
    Array.from({ length: 511 }, (_, c) => readOctalCode(`0.${(c + 1).toString(8).padStart(3, '0')}`).code),
  ),
];

/** The least (n0, p) the theorem proves from g[0..m], by scanning: no Z-function, no shared code. */
function scanPeriod(
  g: ArrayLike<number>,
  m: number,
  k: number,
): { preperiod: number; period: number } | null {
  for (let p = 1; 2 * p + k - 1 <= m; p++) {
    let n0 = m - p + 1;
    while (n0 > 0 && g[n0 - 1 + p] === g[n0 - 1]) n0--;
    if (2 * n0 + 2 * p + k - 1 <= m) return { preperiod: n0, period: p };
  }
  return null;
}

const parity = (x: number) => {
  let p = 0;
  for (let y = x; y !== 0; y &= y - 1) p ^= 1;
  return p;
};

/** The mask with the fewest values of even parity among g[from..to] (the lowest such mask), by trying all. */
function bestMask(g: ArrayLike<number>, from: number, to: number): { mask: number; rare: number } {
  let best = { mask: 0, rare: to - from + 1 };
  for (let mask = 1; mask < 1024; mask++) {
    let rare = 0;
    for (let n = from; n <= to; n++) if (parity(g[n]! & mask) === 0) rare++;
    if (rare < best.rare) best = { mask, rare };
  }
  return best;
}

const rareCount = (g: ArrayLike<number>, mask: number, from: number, to: number) => {
  let rare = 0;
  for (let n = from; n <= to; n++) if (parity(g[n]! & mask) === 0) rare++;
  return rare;
};

describe('octal codes: reading and words', () => {
  it('reads every form, keeps digits up to the last non-zero one, and names each mistake', () => {
    expect(readOctalCode(' 0.7700 ')).toEqual({ code: '0.77', digits: [7, 7], nim: false });
    expect(readOctalCode('.104')).toEqual({ code: '0.104', digits: [1, 0, 4], nim: false });
    expect(readOctalCode('0.000')).toEqual({ code: '0.0', digits: [], nim: false });
    expect(readOctalCode('0.3')).toEqual({ code: '0.3', digits: [3], nim: false });
    for (const nim of ['NIM', 'nim', '0.3...', '.333...', '0.33…'])
      expect(readOctalCode(nim)).toEqual({ code: 'nim', digits: [], nim: true });
    const long = `0.${'1'.repeat(MAX_DIGITS - 1)}7`;
    expect(readOctalCode(long).digits).toHaveLength(MAX_DIGITS);
    expect(() => readOctalCode(`${long}1`)).toThrow(/33 digits after the point, more than 32/);
    expect(() => readOctalCode('  ')).toThrow(/^code is empty; code must be an octal code/);
    expect(() => readOctalCode('0.7...')).toThrow(/"0\.7\.\.\." repeats forever, which only Nim/);
    expect(() => readOctalCode('0.7…')).toThrow(/repeats forever/);
    expect(() => readOctalCode('77')).toThrow(/"77" has no point/);
    expect(() => readOctalCode('1.7')).toThrow(/has "1" before the point, but only 0 may stand there/);
    expect(() => readOctalCode('00.7')).toThrow(/has "00" before the point/);
    expect(() => readOctalCode('0.')).toThrow(/"0\." has no digits after the point/);
    expect(() => readOctalCode('0.78')).toThrow(/has the digit 8, which is not an octal digit/);
    expect(() => readOctalCode('0.79')).toThrow(/has the digit 9, which/);
    expect(() => readOctalCode('0.7a')).toThrow(
      /has "a" after the point, where only octal digits 0-7 may stand/,
    );
    expect(() => readOctalCode('0.7.7')).toThrow(/has "\." after the point/);
  });

  it('says what each digit allows, and what a code allows', () => {
    const words = [1, 2, 3, 4, 5, 6, 7].map((d) => describeDigit(2, d));
    expect(words).toEqual([
      'take 2 leaving nothing',
      'take 2 leaving one heap',
      'take 2 leaving nothing or one heap',
      'take 2 leaving two heaps',
      'take 2 leaving nothing or two heaps',
      'take 2 leaving one heap or two heaps',
      'take 2 leaving nothing, one heap or two heaps',
    ]);
    expect(describeCode(readOctalCode('0.104'))).toBe('take 1 leaving nothing; take 3 leaving two heaps');
    expect(describeCode(readOctalCode('0.0'))).toBe('no moves at all');
    expect(describeCode(readOctalCode('nim'))).toBe('take any number of tokens from one heap (Nim)');
  });
});

describe('octal engine: parts against independent computations', () => {
  it('lists the moves of a code by digit bit', () => {
    const rule = makeRule([7, 5, 4, 3]);
    expect(rule.k).toBe(4);
    expect(Array.from(rule.leaveNone)).toEqual([0, 1, 1, 0, 1]);
    expect(Array.from(rule.singles)).toEqual([1, 4]);
    expect(Array.from(rule.splits)).toEqual([1, 2, 3]);
    expect(proofNeeds({ preperiod: 3, period: 5 }, 2)).toBe(17);
  });

  it('proves the least period exactly at the theorem’s bound, not one value before', () => {
    // 9, then 1 2 3 repeated: n0 = 1, p = 3; with k = 1 the proof needs G(0..2 + 6 + 0) = G(0..8).
    const g = Int32Array.from([9, ...Array.from({ length: 30 }, (_, n) => (n % 3) + 1)]);
    expect(provePeriod(g, 8, 1)).toEqual({ preperiod: 1, period: 3 });
    expect(provePeriod(g, 7, 1)).toBeNull();
    expect(provePeriod(g, 9, 2)).toEqual({ preperiod: 1, period: 3 });
    expect(provePeriod(g, 8, 2)).toBeNull();
    // A constant sequence: period 1 from 0 once 2 + k - 1 values agree.
    expect(provePeriod(new Int32Array(10), 2, 1)).toEqual({ preperiod: 0, period: 1 });
    expect(provePeriod(new Int32Array(10), 1, 1)).toBeNull();
    expect(provePeriod(new Int32Array(10), 2, 2)).toBeNull();
    expect(provePeriod(new Int32Array(10), 3, 2)).toEqual({ preperiod: 0, period: 1 });
  });

  it('finds the same period as a plain scan on random eventually periodic sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 4 }),
        (start, cycle, m, k) => {
          const g = Int32Array.from({ length: m + 1 }, (_, n) =>
            n < start.length ? start[n]! : cycle[(n - start.length) % cycle.length]!,
          );
          expect(provePeriod(g, m, k)).toEqual(scanPeriod(g, m, k));
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('computes G(0..100) of every code of up to three digits as the definition does, sparse space from 8 on', () => {
    const wrong: string[] = [];
    for (const code of allCodes) {
      const want = bruteValues(code, 100).join();
      const sparse = new ValueTable(makeRule(digitsOf(code)), 8, true);
      if (Array.from(sparse.valuesTo(100, false)).join() !== want) wrong.push(`${code} sparse`);
      const filled = new ValueTable(makeRule(digitsOf(code)), 8);
      if (Array.from(filled.valuesTo(100)).join() !== want) wrong.push(`${code} filled`);
    }
    expect(wrong).toEqual([]);
  });

  it('chooses the mask with the fewest rare recent values, and lists exactly the rare positions', () => {
    // Codes whose values outgrow several bit widths (0.6, 0.004, 0.414) and some with one or more splits.
    for (const code of ['0.6', '0.004', '0.414', '0.16', '0.54', '0.74', '0.447', '0.106', '0.765']) {
      const table = new ValueTable(makeRule(digitsOf(code)), 64, true);
      const g = bruteValues(code, 260);
      table.valuesTo(64, false);
      const first = bestMask(g, 32, 64);
      expect(table.rarePositions, `${code} at 64`).toBe(rareCount(g, first.mask, 1, 64));
      table.valuesTo(127, false);
      expect(table.rarePositions, `${code} at 127`).toBe(rareCount(g, first.mask, 1, 127));
      table.valuesTo(128, false);
      const second = bestMask(g, 64, 128);
      expect(table.rarePositions, `${code} at 128`).toBe(rareCount(g, second.mask, 1, 128));
      table.valuesTo(256, false);
      const third = bestMask(g, 128, 256);
      expect(table.rarePositions, `${code} at 256`).toBe(rareCount(g, third.mask, 1, 256));
      expect(Array.from(table.valuesTo(260, false)), code).toEqual(g);
    }
  });

  it('keeps the plain method where the sparse space costs more (expected rare work against a full walk)', () => {
    const kinds = new Set<string>();
    for (const code of ['0.6', '0.106', '0.004', '0.16', '0.414', '0.54', '0.7', '0.3', '0.165', '0.356']) {
      const table = new ValueTable(makeRule(digitsOf(code)), 512);
      // The plain method's values (checked against the definition above and in octal.test.ts).
      const g = new ValueTable(makeRule(digitsOf(code)), 2048).valuesTo(1024, false);
      table.valuesTo(512, false);
      if (makeRule(digitsOf(code)).splits.length === 0) {
        expect(table.rarePositions, code).toBe(-1);
        continue;
      }
      const { mask, rare: windowRare } = bestMask(g, 256, 512);
      const rare = rareCount(g, mask, 1, 512);
      // The engine's rule: sparse when rare listed + (window rare share) * half + 200 < half, half = 513 / 2.
      const sparse = rare + (windowRare / 257) * 256.5 + 200 < 256.5;
      kinds.add(sparse ? 'sparse' : 'plain');
      expect(table.rarePositions, code).toBe(sparse ? rare : -1);
      expect(Array.from(table.valuesTo(1024, false)), code).toEqual(Array.from(g));
    }
    expect([...kinds].sort()).toEqual(['plain', 'sparse']);
    // At the solver's checkpoints: 0.6 and 0.16 get a sparse space by 4,096, 0.106 and 0.004 none.
    const at4096 = (code: string) => {
      const table = new ValueTable(makeRule(digitsOf(code)));
      table.valuesTo(4096, false);
      return table.rarePositions;
    };
    expect(at4096('0.106')).toBe(-1);
    expect(at4096('0.004')).toBe(-1);
    expect(at4096('0.6')).toBeGreaterThan(0);
    expect(at4096('0.16')).toBeGreaterThan(0);
  });
});

describe('octal engine: the work budget', () => {
  /** A fresh table's work once G(0..n) are computed. */
  const workTo = (code: string, n: number, checkpoint = CHECKPOINT) => {
    const table = new ValueTable(makeRule(digitsOf(code)), checkpoint);
    table.valuesTo(n, false);
    return table.workDone;
  };

  it('counts the steps the methods take: every split in the plain method', () => {
    // 0.04 stays plain below its first checkpoint: sum over n of floor(n / 2) splits, one splitting digit.
    const table = new ValueTable(makeRule([0, 4]), 2048);
    table.valuesTo(1000, false);
    let steps = 0;
    for (let n = 1; n <= 1000; n++) steps += n >> 1;
    expect(table.workDone).toBe(steps);
    const two = new ValueTable(makeRule([4, 4]), 2048);
    two.valuesTo(1000, false);
    expect(two.workDone).toBe(2 * steps);
  });

  it('stops at the first stride point past the budget and settles at the last checkpoint before it', () => {
    expect(WORK_STRIDE).toBe(CHECKPOINT);
    // Checkpoint 64, so the stride is 64 too: segments end at 64, 128, 256, 512; stride points every 64.
    const table64 = () => new ValueTable(makeRule([6]), 64);
    const [w64, w128, w192] = [64, 128, 192].map((n) => workTo('0.6', n, 64)) as [number, number, number];
    expect(w64 < w128 && w128 < w192).toBe(true);
    const full = table64();
    full.reach(512);
    expect(full.workDone).toBe(workTo('0.6', 512, 64));
    for (const [budget, settled, length] of [
      // One below the work at 192: the proof at checkpoint 128 runs, the computation stops at 192.
      [w192 - 1, 128, 193],
      [w192, 256, 321],
      [w128 - 1, 128, 193],
      // Past the budget at 64, but 128 ends that segment: its proof runs, the stop comes at 192.
      [w64 - 1, 64, 193],
      [w64, 128, 193],
    ] as const) {
      const table = table64();
      table.reach(512, undefined, budget);
      expect([table.length, table.settledTo(512, budget)], `budget ${budget}`).toEqual([length, settled]);
      // A table grown further answers the same.
      expect(full.settledTo(512, budget), `cached, budget ${budget}`).toBe(settled);
      expect(Array.from(table.values.subarray(0, length))).toEqual(
        Array.from(full.values.subarray(0, length)),
      );
    }
    // A target at or below the stride point where the budget runs out is settled whole.
    expect(full.settledTo(192, w192 - 1)).toBe(192);
    expect(full.settledTo(193, w192 - 1)).toBe(128);
    expect(full.settledTo(64, 0)).toBe(64);
    expect(full.settledTo(65, 0)).toBe(64);
    // A table that has not reached the budget's stride point settles the whole target.
    const short = table64();
    short.reach(100);
    expect(short.settledTo(512, 0)).toBe(64);
    expect(table64().settledTo(512, 0)).toBe(512);
    // The solver's tables: stride 1,024.
    const solverTable = new ValueTable(makeRule([6]));
    solverTable.reach(1500);
    expect(solverTable.settledTo(4096, 0)).toBe(1024);
    expect(solverTable.settledTo(1024, 0)).toBe(1024);
  });

  it('answers what the budget settled, and nothing past it', () => {
    const budget = workTo('0.6', 1024) - 1;
    const facts = codeFacts('0.6', digitsOf('0.6'), 8192, undefined, budget);
    expect([facts.known, facts.computed, facts.period]).toEqual([1024, 1024, null]);
    const g = bruteValues('0.6', 1025);
    expect(valueFrom(facts, 1024n)).toBe(g[1024]);
    expect(valueFrom(facts, 1025n)).toBeUndefined();
    // The judge's per-code budget in work units: a sliver of a millisecond stops 0.6 at its first checkpoint.
    const [known, unknown] = answerValues('0.6', [1024n, 1025n], 0, budget / WORK_PER_MS);
    expect(known).toEqual({ line: String(g[1024]) });
    expect(unknown?.line).toBe('unknown');
    expect(unknown?.note).toMatch(/G\(0\.\.1,024, as far as fits the time one question may take\)/);
    // A period proven before the budget runs out is kept (0.77: proven at 1,024).
    const kayles = codeFacts('0.77', [7, 7], 8192, undefined, 0);
    expect(kayles.period).toEqual({ preperiod: 71, period: 12 });
    expect(kayles.computed).toBe(1024);
  });
});

describe('octal solver: limits and moves', () => {
  it('finds winning moves of every kind, each confirmed by the brute force', () => {
    const cases: [string, number[]][] = [
      ['0.77', [5, 8, 13]],
      ['0.07', [9, 4]],
      ['0.137', [20, 3, 3]],
      ['0.4', [10, 2]],
      ['0.156', [40, 41, 7]],
      ['0.51', [1]],
      ['0.6', [3, 5, 6, 9]],
      ['0.1', [1, 0]],
      ['0.04', [7, 7, 3]],
    ];
    for (const [code, heaps] of cases) {
      const p = params(code, heaps, 1000);
      const fast = solveOctal(p);
      const brute = octalBrute.solve(p);
      expect([fast.values, fast.xor], code).toEqual([brute.values, brute.xor]);
      expect(fast.moves.length > 0, code).toBe(fast.xor !== '0');
      for (const move of fast.moves)
        expect(octalBrute.securesOptimum(p, move), `${code} ${JSON.stringify(move)}`).toBe(true);
    }
    // The first move by tokens taken and then the least split, as the definition lists them.
    let compared = 0;
    for (const code of ['0.4', '0.77', '0.156', '0.51', '0.07']) {
      for (let h = 1; h <= 40; h++) {
        const p = params(code, [h], 1000);
        const brute = octalBrute.solve(p);
        expect(solveOctal(p).moves, `${code} ${h}`).toEqual(brute.moves);
        compared += brute.moves.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('shows at most three moves, and the sample and period sample as far as they go', () => {
    // Nim: 8, 9, 10, 11 and 12 all hold the XOR's top bit (8), so each has a winning move.
    const p = params('nim', [8, 9, 10, 11, 12, 1]);
    expect(solveOctal(p).moves.map((m) => m.heap)).toEqual([0, 1, 2]);
    // Heaps holding the XOR's top bit come in odd numbers: three of them, all shown.
    expect(solveOctal(params('nim', [12, 13, 4])).moves.map((m) => m.heap)).toEqual([0, 1, 2]);
    const many = params('0.77', [5, 9, 5, 9, 5]);
    const fast = solveOctal(many);
    const g77 = bruteValues('0.77', 64);
    const xor = many.heaps.reduce((x, h) => x ^ g77[Number(h)]!, 0);
    const movable = many.heaps.filter((h) => (g77[Number(h)]! ^ xor) < g77[Number(h)]!).length;
    expect(movable).toBe(5);
    expect(fast.moves).toHaveLength(3);
    for (const move of fast.moves) expect(octalBrute.securesOptimum(many, move)).toBe(true);
    expect(fast.sample).toEqual(bruteValues('0.77', 82));
    expect(fast.periodSample).toEqual(bruteValues('0.77', 82).slice(71, 83));
    expect(fast.proof).toEqual({ from: 71, below: 2 * 71 + 12 + 2, computed: 1024 });
    // 0.156: a period (349) longer than the 240 values shown, from 3,479.
    const long = solveOctal(params('0.156', ['1000000000000000000']));
    expect([long.preperiod, long.period]).toEqual([3479, 349]);
    expect(long.periodSample).toEqual(
      Array.from(codeFacts('0.156', [1, 5, 6], 20_000).values.subarray(3479, 3719)),
    );
    expect(long.sample).toEqual(bruteValues('0.156', 239));
  });

  it('reads huge heaps through the period, splits included', () => {
    const p = params('0.4', ['1000000000000000000', '999999999999999999']);
    const fast = solveOctal(p);
    const facts = codeFacts('0.4', [4], 20_000);
    expect(facts.period).not.toBeNull();
    const { preperiod: n0, period: per } = facts.period!;
    const g = bruteValues('0.4', n0 + 3 * per);
    const at = (n: bigint) => g[n0 + Number((n - BigInt(n0)) % BigInt(per))]!;
    expect(fast.values).toEqual([String(at(10n ** 18n)), String(at(10n ** 18n - 1n))]);
    for (const move of fast.moves) {
      const left = move.leave.map(BigInt);
      const rest = BigInt(p.heaps[1 - move.heap]!);
      expect(left.reduce((x, y) => x + y, 0n)).toBe(BigInt(p.heaps[move.heap]!) - BigInt(move.take));
      const xor = [...left, rest].reduce((x, n) => x ^ (n < BigInt(g.length) ? g[Number(n)]! : at(n)), 0);
      expect(xor).toBe(0);
    }
  });

  it('refuses heaps past the table with the reason, and a search past the cost limit with what fits', () => {
    const far = params('0.6', ['1000000000000000000'], 1000);
    expect(() => solveOctal(far, {}, 0)).toThrow(ValueUnknownError);
    expect(() => solveOctal(far, {}, 0)).toThrow(
      /G\(1,000,000,000,000,000,000\) for 0\.6 is unknown: G\(0\.\.4,096, as far as fits.*Heaps up to 4,096 can be answered\./,
    );
    expect(() => solveOctal(params('0.106', [1], 10_000_000))).toThrow(TooCostlyError);
    expect(() => solveOctal(params('0.106', [1], 10_000_000))).toThrow(
      /0\.106 shows no sparse space.*G\(0\.\.10,000,000\) would take about [\d,]+ minutes\. Ask for search \(and heaps\) up to about [\d,]+\./,
    );
  });

  it('estimates cost by the table size: plain below 16,384 values, the profile above', () => {
    const cost = (code: string, search: number, heaps: string[] = ['1']) =>
      estimateOctalCost({ code, heaps, search });
    expect(cost('nim', 10_000_000)).toBe(1);
    // At or below 16,384 values: a quarter of n^2 splits at 2 ns each, plus 1 ms.
    expect(cost('0.106', 16_384)).toBe(Math.ceil(1 + (16_384 * 16_384 * 2e-6) / 4));
    expect(cost('0.106', 16_383)).toBe(Math.ceil(1 + (16_383 * 16_383 * 2e-6) / 4));
    // Above: from the profile. No sparse space: the same quadratic cost times the splits.
    expect(cost('0.106', 16_385)).toBe(Math.ceil((16_385 * 16_385 * 2e-6) / 4));
    expect(cost('0.004', 20_000)).toBe(Math.ceil((20_000 * 20_000 * 2e-6) / 4));
    // Proven within the profile: 1 ms whatever the size; no splits: linear.
    expect(cost('0.77', 10_000_000)).toBe(1);
    expect(cost('0.3', 10_000_000)).toBe(1);
    // Heaps past the search grow it (to the largest heap when it is within 10^7).
    expect(cost('0.106', 1000, ['16384'])).toBe(cost('0.106', 16_384));
    expect(cost('0.106', 1000, ['16385'])).toBe(cost('0.106', 16_385));
    // 0.6: sparse, linear in the size and growing with its rare positions.
    const sixA = cost('0.6', 100_000);
    const sixB = cost('0.6', 200_000);
    expect(sixB).toBeGreaterThan(1.9 * sixA);
    expect(sixB).toBeLessThan(2.1 * sixA);
  });
});

describe('octal judge: limits', () => {
  it('answers per line, Nim exactly, and each code once', async () => {
    const g = bruteValues('0.6', 300);
    const input = '6\n0.6 300\nnim 1000000000000000000\n0.6 0\n0.0 7\n.6 17\n0.77 1000000000000000000\n';
    const kayles = Number((10n ** 18n - 71n) % 12n) + 71;
    const want = [g[300], '1000000000000000000', 0, 0, g[17], bruteValues('0.77', kayles)[kayles]];
    expect(await judgeOutput(octal, input)).toBe(`${want.join('\n')}\n`);
    const five = params('0.77', [5]);
    expect(octalJudge.format(solveOctal(five), five)).toBe(String(bruteValues('0.77', 5)[5]));
  });

  it('looks for a period only when some N lies past 10^7, and says unknown past what it proved', () => {
    const [atLimit] = answerValues('0.77', [10_000_000n]);
    const kayles = bruteValues('0.77', 83);
    expect(atLimit).toEqual({ line: String(kayles[71 + ((10_000_000 - 71) % 12)]) });
    const beyond = answerValues('0.6', [10_000_001n, 3n], 0);
    expect(beyond[0]?.line).toBe('unknown');
    expect(beyond[0]?.note).toMatch(/G\(10,000,001\) for 0\.6 is unknown: G\(0\.\.4,096/);
    expect(beyond[1]).toEqual({ line: String(bruteValues('0.6', 3)[3]) });
    expect(answerValues('nim', [10n ** 18n])).toEqual([{ line: '1000000000000000000' }]);
  });
});
