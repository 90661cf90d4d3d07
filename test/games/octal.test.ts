import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { JudgeInputError } from '../../src/core/errors.js';
import { paramsFromFields, parseParams } from '../../src/core/params.js';
import { createRng } from '../../src/core/rng.js';
import { bruteValues, octalBrute } from '../../src/games/octal/brute.js';
import { MAX_DIGITS, readOctalCode } from '../../src/games/octal/code.js';
import { makeRule, proofNeeds, ValueTable } from '../../src/games/octal/engine.js';
import { octal } from '../../src/games/octal/index.js';
import type { OctalParams } from '../../src/games/octal/schema.js';
import {
  answerValues,
  codeFacts,
  solveOctal,
  TooCostlyError,
  valueFrom,
  ValueUnknownError,
} from '../../src/games/octal/solve.js';
import { judgeError as judgeErrorOf, judgeOutput } from './judge-harness.js';

const SLOW_MS = 60_000;

/** Every code of one to three digits, canonical and distinct (0.1 .. 0.777). */
const allCodes: string[] = [];
for (let c = 1; c < 512; c++) {
  const code = readOctalCode(`0.${c.toString(8).padStart(3, '0')}`).code;
  if (!allCodes.includes(code)) allCodes.push(code);
}

function params(code: string, heaps: (number | bigint | string)[], search?: number): OctalParams {
  return parseParams(octal, { code, heaps: heaps.map(String), ...(search === undefined ? {} : { search }) });
}

/** G(0..upto), every one computed (no filling from a proven period). */
function tableValues(code: string, upto: number): Int32Array {
  return new ValueTable(makeRule(readOctalCode(code).digits)).valuesTo(upto, false);
}

/** The theorem's premise, checked on values from the definition: G(n + p) = G(n) for n0 <= n < 2 n0 + p + k. */
function premiseHolds(g: readonly number[], n0: number, p: number, k: number): boolean {
  for (let n = n0; n < 2 * n0 + p + k; n++) if (g[n + p] !== g[n]) return false;
  return true;
}

describe('octal: values against the definition', () => {
  it(
    'agrees with the brute force on G(0..200) for every code of up to three digits, plain and sparse-space',
    () => {
      const mismatches: string[] = [];
      let sparse = 0;
      for (const code of allCodes) {
        const want = bruteValues(code, 200);
        // Plain (no checkpoint below 200); sparse space from 16 on, every value computed; and the same with
        // values past a proven period filled from it.
        for (const [checkpoint, usePeriod] of [
          [1024, false],
          [16, false],
          [16, true],
        ] as const) {
          const table = new ValueTable(makeRule(readOctalCode(code).digits), checkpoint, checkpoint === 16);
          const got = Array.from(table.valuesTo(200, usePeriod));
          if (got.join() !== want.join()) mismatches.push(`${code} (checkpoint ${checkpoint}, ${usePeriod})`);
          if (checkpoint === 16 && !usePeriod && table.rarePositions >= 0) sparse++;
        }
      }
      expect(mismatches).toEqual([]);
      // The small checkpoint really sends many codes down the sparse-space path.
      expect(sparse).toBeGreaterThan(100);
    },
    SLOW_MS,
  );

  it(
    'agrees with the brute force on G(0..2000) for codes with long irregular starts',
    () => {
      for (const code of ['0.16', '0.6', '0.156', '0.165', '0.644', '0.106', '0.004', '0.77']) {
        expect(Array.from(tableValues(code, 2000)), code).toEqual(bruteValues(code, 2000));
      }
    },
    SLOW_MS,
  );
});

describe('octal: classics from the literature', () => {
  it('Kayles (0.77): period 12 from n = 71, with the known exceptional values', () => {
    const result = solveOctal(params('0.77', [5]));
    expect([result.preperiod, result.period]).toEqual([71, 12]);
    const g = bruteValues('0.77', 300);
    const pattern = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
    const exceptions = g.flatMap((v, n) => (v === pattern[n % 12] ? [] : [n]));
    expect(exceptions).toEqual([0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
    expect(g.slice(0, 12)).toEqual([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
  });

  it("Dawson's Kayles (0.07) and Dawson's chess (0.137): period 34; 0.07's heap n + 1 is 0.137's heap n", () => {
    const chess = solveOctal(params('0.137', [1]));
    const kayles = solveOctal(params('0.07', [1]));
    // The literature's "last exceptional value at 51" is Dawson's chess (0.137); counted as 0.07 heaps
    // (one more token), the last exception is at 52, so the least n0 for 0.07 is 53.
    expect([chess.preperiod, chess.period]).toEqual([52, 34]);
    expect([kayles.preperiod, kayles.period]).toEqual([53, 34]);
    const g137 = bruteValues('0.137', 300);
    const g07 = bruteValues('0.07', 301);
    expect(g07.slice(1)).toEqual(g137);
    const pattern = g137.slice(52, 86);
    const exceptions = g137.flatMap((v, n) => (v === pattern[(((n - 52) % 34) + 34) % 34] ? [] : [n]));
    expect(exceptions).toEqual([0, 14, 16, 17, 31, 34, 51]);
  });

  it('Nim: G(n) = n up to 10^18, no period, the classic winning move', () => {
    const result = solveOctal(params('nim', ['1000000000000000000', 3, 5]));
    expect(result.values).toEqual(['1000000000000000000', '3', '5']);
    expect(result.xor).toBe(String((10n ** 18n) ^ 6n));
    expect(result.period).toBeNull();
    expect(bruteValues('nim', 100)).toEqual(Array.from({ length: 101 }, (_, n) => n));
    const small = solveOctal(params('nim', [3, 4, 5]));
    expect(small.moves[0]).toEqual({ heap: 0, take: '2', leave: ['1'] });
    expect(octalBrute.securesOptimum(params('nim', [3, 4, 5]), small.moves[0]!)).toBe(true);
  });

  it('subtraction games (digits 3 and 0): take 1..k has period k + 1 from 0; {1, 3} and {2} too', () => {
    // The sample holds the pre-period and one period.
    for (let k = 1; k <= 8; k++) {
      const result = solveOctal(params(`0.${'3'.repeat(k)}`, [1]));
      expect([result.preperiod, result.period]).toEqual([0, k + 1]);
      expect(result.sample).toEqual(Array.from({ length: k + 1 }, (_, n) => n));
    }
    const odd = solveOctal(params('0.303', [1]));
    expect([odd.preperiod, odd.period, odd.sample]).toEqual([0, 2, [0, 1]]);
    const two = solveOctal(params('0.03', [1]));
    expect([two.preperiod, two.period, two.sample]).toEqual([0, 4, [0, 0, 1, 1]]);
  });

  it(
    'long pre-periods settled by the sparse-space computation: 0.156, 0.165, 0.356, 0.644',
    () => {
      const expected: Record<string, [number, number]> = {
        '0.156': [3479, 349],
        '0.165': [5181, 1550],
        '0.356': [7315, 142],
        '0.644': [3256, 442],
      };
      for (const [code, [n0, p]] of Object.entries(expected)) {
        const result = solveOctal(params(code, ['1000000000000000000']));
        expect([result.preperiod, result.period], code).toEqual([n0, p]);
        // Re-check far past the proof with freshly computed values, and that both are the least.
        const g = tableValues(code, proofNeeds({ preperiod: n0, period: p }, 3) + 3 * p + 2000);
        for (let n = n0; n + p < g.length; n++) expect(g[n + p]).toBe(g[n]);
        expect(g[n0 - 1 + p]).not.toBe(g[n0 - 1]);
        for (let d = 1; d < p; d++) {
          let same = true;
          for (let n = n0; n < n0 + 2 * p && same; n++) same = g[n + d] === g[n];
          expect(same, `${code} period ${d}`).toBe(false);
        }
      }
    },
    SLOW_MS,
  );
});

describe('octal: 0.16', () => {
  it(
    'has period 149,459 from n = 105,351 (last exceptional value at 105,350), proven from G(0..524,288)',
    () => {
      const result = solveOctal(params('0.16', ['1000000000000000000'], 600_000));
      expect([result.preperiod, result.period]).toEqual([105_351, 149_459]);
      expect(result.proof).toEqual({ from: 105_351, below: 2 * 105_351 + 149_459 + 2, computed: 524_288 });
      const g = tableValues('0.16', 524_288);
      expect(g[105_350 + 149_459]).not.toBe(g[105_350]);
      for (let n = 105_351; n + 149_459 <= 524_288; n += 7) expect(g[n + 149_459]).toBe(g[n]);
    },
    SLOW_MS,
  );
});

describe('octal: periods re-proven', () => {
  it(
    'every code of up to three digits: the premise holds on values from the definition, and n0, p are the least',
    () => {
      let proven = 0;
      for (const code of allCodes) {
        const result = solveOctal(params(code, [1], 1024));
        const { preperiod: n0, period: p } = result;
        if (n0 === null || p === null) continue;
        const k = readOctalCode(code).digits.length;
        const need = proofNeeds({ preperiod: n0, period: p }, k);
        if (need > 300) continue;
        proven++;
        const g = bruteValues(code, need + p);
        expect(premiseHolds(g, n0, p, k), code).toBe(true);
        expect(result.proof).toEqual({ from: n0, below: 2 * n0 + p + k, computed: result.proof?.computed });
        if (n0 > 0) expect(g[n0 - 1 + p], code).not.toBe(g[n0 - 1]);
        // No shorter period: over the first period from n0 every shift d < p disagrees somewhere.
        for (let d = 1; d < p; d++) {
          let same = true;
          for (let n = n0; n < n0 + p && same; n++) same = g[n + d] === g[n];
          expect(same, `${code} has period ${d} < ${p}`).toBe(false);
        }
      }
      expect(proven).toBeGreaterThan(200);
    },
    SLOW_MS,
  );

  it('huge heaps are read through the period exactly as the values repeat', () => {
    const rng = createRng(20);
    for (const code of ['0.77', '0.07', '0.137', '0.4', '0.156']) {
      const facts = codeFacts(code, readOctalCode(code).digits, 20_000);
      const { period } = facts;
      if (period === null) throw new Error(`${code}: no period`);
      const g = tableValues(code, period.preperiod + 3 * period.period);
      for (let i = 0; i < 20; i++) {
        const m = period.preperiod + rng.int(0, period.period - 1);
        const n = BigInt(m) + BigInt(period.period) * BigInt(rng.int(1, 1_000_000_000)) * 1_000_000n;
        if (n > 10n ** 18n) continue;
        expect(valueFrom(facts, n)).toBe(g[m]);
      }
    }
  });
});

describe('octal: winning moves', () => {
  it(
    'are confirmed by the brute force for random heaps of every code of up to three digits',
    () => {
      const rng = createRng(7);
      for (const code of allCodes) {
        for (let trial = 0; trial < 3; trial++) {
          const heaps = Array.from({ length: rng.int(1, 3) }, () => rng.int(0, 40));
          const p = params(code, heaps, 1000);
          const result = solveOctal(p);
          const brute = octalBrute.solve(p);
          expect(result.values, `${code} ${heaps.join()}`).toEqual(brute.values);
          expect(result.moves.length > 0).toBe(result.xor !== '0');
          for (const move of result.moves) expect(octalBrute.securesOptimum(p, move), code).toBe(true);
        }
      }
    },
    SLOW_MS,
  );

  it('on heaps of 10^18 are legal and leave a XOR of 0 (values through the period)', () => {
    for (const code of ['0.77', '0.07', '0.4', '0.156', '0.644']) {
      const p = params(code, ['1000000000000000000', '999999999999999999', 7]);
      const result = solveOctal(p);
      const facts = codeFacts(code, readOctalCode(code).digits, 20_000);
      const digits = readOctalCode(code).digits;
      for (const move of result.moves) {
        const h = BigInt(p.heaps[move.heap]!);
        const take = Number(move.take);
        const d = digits[take - 1] ?? 0;
        const left = move.leave.map(BigInt);
        expect(left.reduce((x, y) => x + y, 0n)).toBe(h - BigInt(take));
        expect(left.every((x) => x >= 1n)).toBe(true);
        expect(d & [1, 2, 4][left.length]!).not.toBe(0);
        const others = p.heaps.filter((_, i) => i !== move.heap).map(BigInt);
        const xor = [...others, ...left].reduce((x, n) => x ^ valueFrom(facts, n)!, 0);
        expect(xor).toBe(0);
      }
    }
  });

  it('explains a second-player win with no move and a reason', () => {
    const p = params('0.77', [4, 4]);
    const explanation = octal.explain(p, octal.solve(p));
    expect(explanation.outcome).toBe('second');
    expect(explanation.moves).toEqual([]);
    expect(explanation.whyNoMove).toContain('XOR to 0');
  });
});

describe('octal: what is unknown stays unknown', () => {
  it('refuses heaps past the table when no period is proven, saying why', () => {
    // 0.6 is unsolved; with no time to look further on its own, the search stays at the profile's 4,096.
    const p = params('0.6', ['1000000000000000000'], 1000);
    expect(() => solveOctal(p, {}, 0)).toThrow(ValueUnknownError);
    expect(() => solveOctal(p, {}, 0)).toThrow(/unknown.*G\(0\.\.4,096, as far as fits.*prove no period/);
    // A heap the table reaches is answered exactly, and the answer says no period is proven yet.
    const small = params('0.6', [999], 1000);
    const result = solveOctal(small);
    expect(result.period).toBeNull();
    expect(result.values).toEqual([String(bruteValues('0.6', 999)[999])]);
    expect(octal.explain(small, result).reasons.join(' ')).toContain('no period proven yet');
  });

  it('looks further on its own when a heap lies past the search: 0.16 from search 1,000 to its proof', () => {
    const result = solveOctal(params('0.16', ['1000000000000000000'], 1000));
    expect([result.preperiod, result.period]).toEqual([105_351, 149_459]);
    expect(result.computed).toBe(524_288);
  });

  it('refuses a search the plain quadratic method cannot finish, naming what fits', () => {
    expect(() => solveOctal(params('0.004', [1], 10_000_000))).toThrow(TooCostlyError);
    expect(() => solveOctal(params('0.004', [1], 10_000_000))).toThrow(/up to about [\d,]+/);
  });

  it('answers the same whatever an earlier question left in the worker', () => {
    const before = solveOctal(params('0.165', [12], 8192));
    solveOctal(params('0.165', [12], 50_000));
    expect(solveOctal(params('0.165', [12], 8192))).toEqual(before);
    expect(before.period).toBeNull();
    expect(solveOctal(params('0.165', [12], 20_000)).period).toBe(1550);
  });

  it('reports progress on long computations', () => {
    const progress: number[] = [];
    solveOctal(params('0.563', [3], 300_000), { onProgress: (f) => progress.push(f) });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((f) => f >= 0 && f <= 1)).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });
});

describe('octal: input', () => {
  it('reads codes in every form and normalises them', () => {
    const code = (text: string) => paramsFromFields(octal, { code: text, heaps: '1' }).code;
    expect(code('0.77')).toBe('0.77');
    expect(code('.77')).toBe('0.77');
    expect(code(' 0.7700 ')).toBe('0.77');
    expect(code('0.000')).toBe('0.0');
    expect(code('NIM')).toBe('nim');
    expect(code('.333...')).toBe('nim');
    expect(code(`0.${'7'.repeat(MAX_DIGITS)}`)).toBe(`0.${'7'.repeat(MAX_DIGITS)}`);
    expect(() => code(`0.${'7'.repeat(MAX_DIGITS + 1)}`)).toThrow(/33 digits.*more than 32/);
  });

  it('reads heaps as lists and keeps them decimal strings, up to 10^18', () => {
    const heaps = (text: string) => paramsFromFields(octal, { code: '0.77', heaps: text }).heaps;
    expect(heaps('5,8,13')).toEqual(['5', '8', '13']);
    expect(heaps('[5 8 13]')).toEqual(['5', '8', '13']);
    expect(heaps('1000000000000000000')).toEqual(['1000000000000000000']);
    expect(() => heaps('1000000000000000001')).toThrow(/10\^18/);
    expect(heaps(Array(100).fill('1').join(','))).toHaveLength(100);
    expect(paramsFromFields(octal, { code: '0.77', heaps: '1' }).search).toBe(20_000);
    expect(paramsFromFields(octal, { code: '0.77', heaps: '1', search: '5000' }).search).toBe(5000);
  });

  it('answers a 32-digit code and a heap of 10^18', () => {
    const code = `0.${'0'.repeat(31)}3`;
    const result = solveOctal(params(code, ['1000000000000000000', 31, 32]));
    // Taking exactly 32 is the only move: G(n) = floor(n / 32) mod 2.
    expect(result.values).toEqual([String(Number((10n ** 18n / 32n) % 2n)), '0', '1']);
    expect(result.period).toBe(64);
  });
});

describe('octal: judge', () => {
  const judge = async (input: string) => judgeOutput(octal, input);
  const judgeError = (input: string): Promise<JudgeInputError> => judgeErrorOf(octal, input);

  it('answers G(N) per line', async () => {
    const input = '5\n0.77 70\n.07 1000000000000000000\nnim 12\n0.137 51\n0.0 5\n';
    const g07 = bruteValues('0.07', 200);
    const huge = Number((10n ** 18n - 53n) % 34n) + 53;
    const expected = [6, g07[huge], 12, bruteValues('0.137', 51)[51], 0];
    expect(await judge(input)).toBe(`${expected.join('\n')}\n`);
  });

  it('computes as far as N needs, and proves a period for N past 10^7 (0.16, proven from G(0..524,288))', async () => {
    const g = tableValues('0.16', 200_000);
    const far = 10n ** 18n;
    const place = Number((far - 105_351n) % 149_459n) + 105_351;
    const input = `4\n0.16 25000\n0.77 5\n0.16 ${far}\n.16 199999\n`;
    const want = [g[25_000], bruteValues('0.77', 5)[5], tableValues('0.16', place)[place], g[199_999]];
    expect(await judge(input)).toBe(`${want.join('\n')}\n`);
  });

  it('answers each line as the solver does, codes interleaved in any order', () => {
    const rng = createRng(11);
    const codes = ['0.77', '0.6', '0.156', '0.007', 'nim', '0.0'];
    const ns = Array.from({ length: 40 }, () => BigInt(rng.int(0, 3000)));
    for (const code of codes) {
      const lines = answerValues(code, ns).map((a) => a.line);
      expect(lines, code).toEqual(ns.map((n) => solveOctal(params(code, [n])).values[0]));
    }
  });

  it('says unknown, and why, for N past what can be computed and proven', () => {
    const [known, unknown] = answerValues('0.6', [4000n, 10n ** 12n], 0);
    expect(known).toEqual({ line: String(bruteValues('0.6', 4000)[4000]) });
    expect(unknown?.line).toBe('unknown');
    expect(unknown?.note).toMatch(
      /G\(1,000,000,000,000\) for 0\.6 is unknown: G\(0\.\.4,096.*prove no period/,
    );
  });

  it('runs through `grundy judge octal` (the built CLI): lines in input order, status 0', () => {
    const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;
    const out = spawnSync(process.execPath, [bin, 'judge', 'octal'], {
      input: '4\n0.16 30000\nnim 5\n0.77 1000000000000000000\n0.16 7\n',
      encoding: 'utf8',
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const kayles = Number((10n ** 18n - 71n) % 12n) + 71;
    const g = tableValues('0.16', 30_000);
    expect(out.stdout).toBe(`${[g[30_000], 5, bruteValues('0.77', kayles)[kayles], g[7]].join('\n')}\n`);
  });

  it('names the line of a bad code or N, and refuses trailing tokens', async () => {
    expect((await judgeError('2\n0.77 5\n0.78 5\n')).message).toMatch(/line 3: .*digit 8/);
    expect((await judgeError('1\n0.77 1000000000000000001\n')).message).toContain('line 2');
    expect((await judgeError('1\n0.77\n')).message).toContain('input ended');
    expect((await judgeError('1\n0.77 5\n6\n')).message).toContain('line 3');
  });
});
