/**
 * Octal games, fast and exact: codes read and described, the solver's and the judge's limits at the value, one
 * below and one above, the work budget as answers see it, and moves against the brute force. A few seconds;
 * `npm run mutate` runs it for the mutants of code.ts, solve.ts and judge.ts (octal-engine-parts.test.ts
 * covers engine.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { bruteValues, octalBrute } from '../../src/games/octal/brute.js';
import { describeCode, describeDigit, MAX_DIGITS, readOctalCode } from '../../src/games/octal/code.js';
import { makeRule, proofNeeds, ValueTable } from '../../src/games/octal/engine.js';
import { octal } from '../../src/games/octal/index.js';
import { octalJudge } from '../../src/games/octal/judge.js';
import type { OctalParams } from '../../src/games/octal/schema.js';
import {
  answerValues,
  codeFacts,
  affordableSearch,
  estimateOctalCost,
  provenAt,
  solveOctal,
  TooCostlyError,
  unknownReason,
  valueFrom,
  ValueUnknownError,
  WORK_PER_MS,
} from '../../src/games/octal/solve.js';
import { InputReader } from '../../src/core/reader.js';
import { judgeError, judgeOutput } from './judge-harness.js';

const digitsOf = (code: string) => readOctalCode(code).digits;

function params(code: string, heaps: (number | bigint | string)[], search?: number): OctalParams {
  return parseParams(octal, { code, heaps: heaps.map(String), ...(search === undefined ? {} : { search }) });
}

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
    // Nim's endless 3s: the whole text, from its start to its end.
    expect(() => readOctalCode('10.3...')).toThrow(/"10\.3\.\.\." repeats forever/);
    expect(() => readOctalCode('0.3...3')).toThrow(/has "\." after the point/);
    expect(() => readOctalCode('0.7...7')).toThrow(/has "\." after the point/);
    // Messages quote the code as typed, without the spaces around it.
    for (const [text, quoted] of [
      [' 0.7... ', '"0.7..." repeats'],
      [' 77 ', '"77" has no point'],
      [' 1.7 ', '"1.7" has "1" before'],
      [' 0. ', '"0." has no digits'],
      [' 0.78 ', '"0.78" has the digit 8'],
      [' 0.7a ', '"0.7a" has "a"'],
      [` 0.${'7'.repeat(33)} `, `"0.${'7'.repeat(33)}" has 33 digits`],
    ] as const)
      expect(() => readOctalCode(text), text).toThrow(quoted);
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

describe('octal solver: the work budget', () => {
  /** A fresh table's work once G(0..n) are computed. */
  const workTo = (code: string, n: number) => {
    const table = new ValueTable(makeRule(digitsOf(code)));
    table.valuesTo(n, false);
    return table.workDone;
  };

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
    const facts = codeFacts('0.4', [4], 20_000);
    expect(facts.period).not.toBeNull();
    const { preperiod: n0, period: per } = facts.period!;
    const g = bruteValues('0.4', n0 + 3 * per);
    const at = (n: bigint) => g[n0 + Number((n - BigInt(n0)) % BigInt(per))]!;
    // A second heap worth less than the huge one, so the huge heap has a move: a split far in the period.
    const small = g.findIndex((v) => v < at(10n ** 18n));
    const p = params('0.4', ['1000000000000000000', small]);
    const fast = solveOctal(p);
    expect(fast.values).toEqual([String(at(10n ** 18n)), String(g[small])]);
    expect(fast.moves.map((m) => [m.heap, m.leave.length])).toEqual([[0, 2]]);
    for (const move of fast.moves) {
      const left = move.leave.map(BigInt);
      const rest = BigInt(p.heaps[1 - move.heap]!);
      expect(left.reduce((x, y) => x + y, 0n)).toBe(BigInt(p.heaps[move.heap]!) - BigInt(move.take));
      expect(left.every((x) => x >= 1n)).toBe(true);
      const xor = [...left, rest].reduce((x, n) => x ^ (n < BigInt(g.length) ? g[Number(n)]! : at(n)), 0);
      expect(xor).toBe(0);
      // The least split: no smaller first part gives the same value.
      const valueOf = (n: bigint) => (n < BigInt(g.length) ? g[Number(n)]! : at(n));
      for (let a = 1n; a < left[0]!; a++) {
        const b = BigInt(p.heaps[0]!) - BigInt(move.take) - a;
        expect(valueOf(a) ^ valueOf(b)).not.toBe(valueOf(rest));
      }
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
    // At or below 16,384 values: a quarter of n^2 splits at 1 ns each, plus 1 ms.
    expect(cost('0.106', 16_384)).toBe(Math.ceil(1 + (16_384 * 16_384 * 1e-6) / 4));
    expect(cost('0.106', 16_383)).toBe(Math.ceil(1 + (16_383 * 16_383 * 1e-6) / 4));
    // Above: from the profile. No sparse space: the same quadratic cost times the splits.
    expect(cost('0.106', 16_385)).toBe(Math.ceil((16_385 * 16_385 * 1e-6) / 4 + 16_385 / 20_000));
    expect(cost('0.004', 20_000)).toBe(101);
    // Proven within the profile: 1 ms whatever the size; no splits: linear.
    expect(cost('0.77', 10_000_000)).toBe(1);
    expect(cost('0.3', 10_000_000)).toBe(1);
    // Heaps past the search grow it (to the largest heap when it is within 10^7).
    expect(cost('0.106', 1000, ['16384'])).toBe(cost('0.106', 16_384));
    expect(cost('0.106', 1000, ['16385'])).toBe(cost('0.106', 16_385));
    // 0.6: sparse, linear in the size: every rare position of its first 4,096 values, and 300 more steps.
    const profile = new ValueTable(makeRule([6]));
    profile.reach(4096);
    const rare = profile.rarePositions;
    expect(rare).toBeGreaterThan(0);
    expect(cost('0.6', 100_000)).toBe((100_000 * ((8 * rare + 300) * 0.5e-6)) | 0);
    // The largest heap counts, wherever it stands; up to 10^7 it sets the table's size.
    expect(cost('0.106', 1000, ['16385', '1'])).toBe(cost('0.106', 16_385));
    expect(cost('0.106', 1000, ['10000000'])).toBe(cost('0.106', 10_000_000));
    expect(cost('nim', 1000)).toBe(1);
  });
});

describe('octal solver: Nim, periods and the table’s end', () => {
  it('answers Nim by the heaps themselves: moves to the XOR, none when it is 0, the sample 0, 1, 2, ...', () => {
    const nim = solveOctal(params('nim', [3, 4, 5]));
    expect(nim.moves).toEqual([{ heap: 0, take: '2', leave: ['1'] }]);
    expect(solveOctal(params('nim', [5])).moves).toEqual([{ heap: 0, take: '5', leave: [] }]);
    expect(solveOctal(params('nim', [6, 6])).moves).toEqual([]);
    expect(nim.sample).toEqual(Array.from({ length: 240 }, (_, n) => n));
    expect([nim.periodSample, nim.preperiod, nim.period, nim.proof, nim.computed]).toEqual([
      [],
      null,
      null,
      null,
      0,
    ]);
  });

  it('reports a period only where G(0..target) prove it: exactly at the theorem’s need, not one value before', () => {
    // 0.165: n0 = 5,181, p = 1,550, k = 3: the proof needs G(0..2 * 5,181 + 2 * 1,550 + 2) = G(0..13,464).
    expect(proofNeeds({ preperiod: 5181, period: 1550 }, 3)).toBe(13_464);
    expect(solveOctal(params('0.165', [12], 13_464)).period).toBe(1550);
    expect(solveOctal(params('0.165', [12], 13_463)).period).toBeNull();
    // Whatever the cached table holds: asked again with a smaller search, still no period.
    expect(solveOctal(params('0.165', [12], 8192)).period).toBeNull();
    const none = solveOctal(params('0.6', [12], 1000));
    expect([none.periodSample, none.proof, none.preperiod]).toEqual([[], null, null]);
  });

  it('reads the first value past the table through the period', () => {
    const facts = codeFacts('0.77', [7, 7], 20_000);
    const g = bruteValues('0.77', 83);
    const next = facts.known + 1;
    expect(valueFrom(facts, BigInt(next))).toBe(g[71 + ((next - 71) % 12)]);
  });
});

describe('octal solver: how far to look', () => {
  it('names the checkpoint where a fresh table proves the period, never past the target', () => {
    expect(provenAt(167, 20_000)).toBe(1024);
    expect(provenAt(1024, 20_000)).toBe(1024);
    expect(provenAt(1025, 20_000)).toBe(2048);
    expect(provenAt(5000, 3000)).toBe(3000);
    expect(provenAt(100, 1000)).toBe(1000);
    const small = solveOctal(params('0.77', [5], 1000));
    expect([small.computed, small.proof?.computed]).toEqual([1000, 1000]);
    const large = solveOctal(params('0.156', [5]));
    expect([large.computed, large.proof?.computed]).toEqual([8192, 8192]);
  });

  it('says why a value is unknown: the most one question computes, or what fit the time', () => {
    expect(unknownReason('0.6', 5n, 10_000_000)).toContain(
      'G(0..10,000,000, the most one question computes)',
    );
    expect(unknownReason('0.6', 5n, 9_999_999)).toContain(
      'G(0..9,999,999, as far as fits the time one question may take)',
    );
  });

  it('stops a search grown on its own when its work passes the time it was given, and answers what it settled', () => {
    // 0.143's rare values keep multiplying, so its estimate from 4,096 values runs short: the work decides.
    // 133 ms of work, which the estimate spends on about 270,000 values: they take more, and the work runs out
    // on the way.
    const autoMs = 133;
    const asked = 4096;
    const unknown = (search: number): number => {
      try {
        solveOctal(params('0.143', ['1000000000000000000'], search), {}, autoMs);
      } catch (error) {
        if (!(error instanceof ValueUnknownError)) throw error;
        const match = /Heaps up to ([\d,]+) can be answered/.exec(error.message);
        return Number(match?.[1]?.replaceAll(',', ''));
      }
      throw new Error('no period for 0.143 is known: the value must stay unknown');
    };
    const computed = unknown(asked);
    const fresh = new ValueTable(makeRule([1, 4, 3]));
    fresh.reach(2 * computed);
    const budget = autoMs * WORK_PER_MS;
    // Past the asked values, and within the budget on a checkpoint (a power of two times 1,024) ...
    expect(computed).toBeGreaterThan(asked);
    expect(Math.log2(computed / 1024) % 1).toBe(0);
    expect(fresh.workTo(computed) - fresh.workTo(asked)).toBeLessThanOrEqual(budget);
    // ... and the next checkpoint would have run past it.
    expect(fresh.workTo(2 * computed) - fresh.workTo(asked)).toBeGreaterThan(budget);
    // The same answer once a worker's table has grown further (the counts are a fresh table's).
    solveOctal(params('0.143', [5], 2 * computed));
    expect(unknown(asked)).toBe(computed);
    // The growth is counted from the asked values: asked up to `computed`, the budget reaches the next
    // checkpoint, which it could not from 4,096.
    expect(fresh.workTo(2 * computed) - fresh.workTo(computed)).toBeLessThanOrEqual(budget);
    expect(unknown(computed)).toBe(2 * computed);
  });

  it('reports the progress of a search grown on its own in order, the asked part first, from 0 to 1', () => {
    // 0.404 shows no period in its first 262,144 values: a heap of 10^18 grows the search past the 16,384 asked.
    const reports: number[] = [];
    const target = affordableSearch('0.404', digitsOf('0.404'), 400);
    expect(target).toBeGreaterThan(16_384);
    expect(() =>
      solveOctal(
        params('0.404', ['1000000000000000000'], 16_384),
        { onProgress: (f) => reports.push(f) },
        400,
      ),
    ).toThrow(ValueUnknownError);
    // The asked part's end is reported as its share of the whole, then the growth runs on to 1.
    expect(reports).toContain(16_384 / target);
    expect(reports.at(-1)).toBe(1);
    reports.forEach((fraction, i) => {
      expect(fraction).toBeGreaterThanOrEqual(i === 0 ? 0 : reports[i - 1]!);
      expect(fraction).toBeLessThanOrEqual(1);
    });
  });

  it('grows the search on its own as far as the time allows, by tenths, never below the profile', () => {
    const six = [6];
    const whole = estimateOctalCost({ code: '0.6', heaps: ['1'], search: 10_000_000 });
    expect(affordableSearch('0.6', six, whole)).toBe(10_000_000);
    expect(affordableSearch('0.6', six, whole - 1)).toBe(9_000_000);
    const nine = estimateOctalCost({ code: '0.6', heaps: ['1'], search: 9_000_000 });
    expect(affordableSearch('0.6', six, nine)).toBe(9_000_000);
    expect(affordableSearch('0.6', six, 0)).toBe(4096);
    expect(affordableSearch('0.77', [7, 7], 1)).toBe(10_000_000);
    expect(affordableSearch('0.77', [7, 7], 0)).toBe(4096);
    // Refused past five minutes, naming the largest search (down by tenths from the asked one) that fits.
    let fits = 10_000_000;
    const cost = (search: number) => estimateOctalCost({ code: '0.106', heaps: ['1'], search });
    while (fits > 4096 && cost(fits) > 5 * 60_000) fits = Math.floor(fits * 0.9);
    expect(cost(fits)).toBeLessThanOrEqual(5 * 60_000);
    expect(() => solveOctal(params('0.106', [1], 10_000_000))).toThrow(
      `Ask for search (and heaps) up to about ${fits.toLocaleString('en-US')}.`,
    );
    expect(() => solveOctal(params('0.106', [1], 10_000_000))).toThrow(
      `would take about ${Math.round(cost(10_000_000) / 60_000).toLocaleString('en-US')} minutes`,
    );
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

  it('computes as far as an N of exactly 10^7 needs, within what the judge may spend', () => {
    const fits = affordableSearch('0.6', [6], 60);
    expect(fits).toBeGreaterThan(4096);
    const [answer] = answerValues('0.6', [10_000_000n], 0, 60);
    expect(answer?.note).toContain(`G(0..${fits.toLocaleString('en-US')}, as far as fits`);
  });

  it('names the line of a bad code, and reads tests one by one for the generic judge', async () => {
    expect((await judgeError(octal, '2\n0.77 5\n0.78 5\n')).message).toMatch(/line 3: test 2: code "0\.78"/);
    const seen: OctalParams[] = [];
    for await (const p of octalJudge.parse(InputReader.fromString('2\n.77 5\nnim 1000000000000000000\n')))
      seen.push(p);
    expect(seen).toEqual([
      { code: '0.77', heaps: ['5'], search: 20_000 },
      { code: 'nim', heaps: ['1000000000000000000'], search: 20_000 },
    ]);
  });
});
