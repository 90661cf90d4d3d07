/**
 * Octal games: G(0..10^6) and G(0..10^7) of 3-digit codes with the sparse-space engine (fresh tables; "every
 * value computed" ignores proven periods, "as the solver" fills values past a proven period from it), every
 * code of up to three digits at once (worst, median), a code with no sparse space (the plain quadratic
 * method), the judge on many lines, and whole questions with heaps near 10^18.
 */
import { readOctalCode } from '../src/games/octal/code.js';
import { makeRule, ValueTable } from '../src/games/octal/engine.js';
import { answerValues, estimateOctalCost, JUDGE_CODE_MS, solveOctal } from '../src/games/octal/solve.js';
import { budget, fmt, perSecond, timeMedian, type BenchRow } from './harness.js';

async function valuesRow(
  code: string,
  count: number,
  usePeriod: boolean,
  limitMs: number,
  repeat: number,
  note: string,
): Promise<BenchRow> {
  const digits = readOctalCode(code).digits;
  let rare = 0;
  const ms = await timeMedian(() => {
    const table = new ValueTable(makeRule(digits));
    table.valuesTo(count, usePeriod);
    rare = table.rarePositions;
  }, repeat);
  const how = usePeriod ? 'as the solver (past a proven period, from it)' : 'every value computed';
  const space = rare < 0 ? 'no sparse space' : `${fmt(rare)} rare positions`;
  return {
    group: 'octal',
    input: `${code} ${note}: G(0..${fmt(count)}), ${how}; ${space}`,
    size: `${fmt(count)} values`,
    timeMs: ms,
    throughput: perSecond(count, ms, 'values'),
    budget: budget(ms, limitMs),
  };
}

/** Every code of up to three digits, canonical and distinct (0.1 .. 0.777). */
function allCodes(): string[] {
  const codes = new Set<string>();
  for (let c = 1; c < 512; c++) codes.add(readOctalCode(`0.${c.toString(8).padStart(3, '0')}`).code);
  return [...codes];
}

/**
 * G(0..count) of every code of up to three digits, one fresh table each; with `maxEstimateMs`, only codes
 * whose solver cost estimate is within it (the rest are counted: they go to the queue, or are refused).
 */
function allCodesRow(count: number, usePeriod: boolean, maxEstimateMs: number | null): BenchRow {
  const times: { code: string; ms: number }[] = [];
  let skipped = 0;
  const start = performance.now();
  for (const code of allCodes()) {
    if (maxEstimateMs !== null && estimateOctalCost({ code, heaps: ['1'], search: count }) > maxEstimateMs) {
      skipped++;
      continue;
    }
    const digits = readOctalCode(code).digits;
    const t0 = performance.now();
    new ValueTable(makeRule(digits)).valuesTo(count, usePeriod);
    times.push({ code, ms: performance.now() - t0 });
  }
  const total = performance.now() - start;
  times.sort((a, b) => a.ms - b.ms);
  const worst = times.at(-1);
  const median = times[times.length >> 1];
  const named = ['0.77', '0.07', '0.16', '0.6', '0.007', '0.106']
    .map((code) => times.find((t) => t.code === code))
    .filter((t) => t !== undefined)
    .map((t) => `${t.code} ${t.ms.toFixed(0)}`)
    .join(', ');
  const over = times.filter((t) => t.ms >= 1000).map((t) => `${t.code} ${t.ms.toFixed(0)}`);
  const slow =
    over.length === 0 ? 'none over 1,000 ms' : `${fmt(over.length)} over 1,000 ms (${over.join(', ')})`;
  const how = usePeriod ? 'as the solver' : 'every value computed';
  const which =
    maxEstimateMs === null
      ? `all ${fmt(times.length)} codes`
      : `the ${fmt(times.length)} codes estimated <= ${fmt(maxEstimateMs)} ms (${fmt(skipped)} more go to the queue or are refused)`;
  return {
    group: 'octal',
    input: `every code 0.1..0.777, G(0..${fmt(count)}), ${how}: ${which}; worst ${worst?.code ?? '-'} ${worst?.ms.toFixed(0) ?? '-'} ms, median ${median?.ms.toFixed(1) ?? '-'} ms, ${slow}; ${named} ms`,
    size: `${fmt(times.length)} x ${fmt(count)} values`,
    timeMs: total,
    throughput: perSecond(times.length * count, total, 'values'),
    budget: `worst < 1000 ms: ${(worst?.ms ?? 0) < 1000 ? 'ok' : 'MISSED'}`,
  };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  rows.push(allCodesRow(16_384, false, null));
  rows.push(allCodesRow(1_000_000, true, 2000));
  rows.push(await valuesRow('0.156', 1_000_000, false, 1000, 3, '(period 349 from 3,479)'));
  rows.push(await valuesRow('0.356', 1_000_000, false, 1000, 3, '(period 142 from 7,315)'));
  rows.push(await valuesRow('0.77', 1_000_000, false, 1000, 3, '(Kayles)'));
  // Codes with more rare positions: the aim is a second, the budget leaves room for a busy machine.
  for (const [code, note] of [
    ['0.563', '(no period within 300,000)'],
    ['0.16', '(period 149,459 from 105,351)'],
  ] as const) {
    const row = await valuesRow(code, 1_000_000, false, 3000, 1, note);
    rows.push({
      ...row,
      budget: `${row.budget ?? ''}; aim < 1000 ms: ${row.timeMs < 1000 ? 'ok' : 'MISSED'}`,
    });
  }
  rows.push(await valuesRow('0.644', 1_000_000, true, 1000, 3, '(period 442 from 3,256)'));
  rows.push(await valuesRow('0.165', 1_000_000, true, 1000, 3, '(period 1,550 from 5,181)'));
  rows.push(await valuesRow('0.156', 10_000_000, false, 90_000, 1, '(period 349 from 3,479)'));
  rows.push(await valuesRow('0.16', 10_000_000, true, 90_000, 1, '(period proven from G(0..524,288))'));
  rows.push(await valuesRow('0.563', 10_000_000, false, 90_000, 1, '(no period within 300,000)'));
  // Codes with no sparse space: every split of every heap, quadratic (10^6 values would take minutes).
  rows.push(await valuesRow('0.106', 65_536, false, 2000, 3, '(unsolved; values stay small)'));
  rows.push(await valuesRow('0.06', 65_536, false, 2000, 3, '(unsolved; values keep growing)'));
  {
    // The judge: 10,000 lines over a dozen codes, each code's table computed once.
    const codes = [
      '0.77',
      '0.07',
      '0.137',
      '0.16',
      '0.156',
      '0.165',
      '0.356',
      '0.644',
      '0.563',
      '0.4',
      'nim',
      '0.3',
    ];
    const perCode = Math.ceil(10_000 / codes.length);
    const ns = Array.from({ length: perCode }, (_, i) => BigInt((i * 7919) % 200_000));
    const ms = await timeMedian(() => {
      for (const code of codes) answerValues(code, ns);
    }, 1);
    rows.push({
      group: 'octal',
      input: `judge: 10,000 lines CODE N (N < 200,000) over ${codes.length} codes, one table per code (cached after the warm-up)`,
      size: '10,000 lines',
      timeMs: ms,
      throughput: perSecond(perCode * codes.length, ms, 'lines'),
      budget: budget(ms, 1000),
    });
  }
  const slow = await valuesRow(
    '0.6',
    1_000_000,
    false,
    60_000,
    1,
    '(unsolved; 1,583 rare positions early on)',
  );
  rows.push({
    ...slow,
    budget: `${slow.budget ?? ''}; aim < 1000 ms: ${slow.timeMs < 1000 ? 'ok' : 'MISSED'}`,
  });
  rows.push(await valuesRow('0.004', 20_000, false, 5000, 1, '(unsolved)'));
  for (const code of ['0.106', '0.143']) {
    // Unsolved codes asked about a heap past 10^7: the judge stops at its per-code work budget (JUDGE_CODE_MS).
    let line = '';
    const ms = await timeMedian(() => {
      line = answerValues(code, [10n ** 18n])[0]?.line ?? '';
    }, 1);
    rows.push({
      group: 'octal',
      input: `judge: ${code} N = 10^18 (unsolved), as far as ${fmt(JUDGE_CODE_MS)} ms of work allows: ${line}`,
      size: '1 line',
      timeMs: ms,
      throughput: '',
      budget: budget(ms, 2 * JUDGE_CODE_MS),
    });
  }
  const heaps = ['1000000000000000000', '999999999999999999', '123456789012345678'];
  for (const code of ['0.77', '0.07', '0.156']) {
    const ms = await timeMedian(() => solveOctal({ code, heaps, search: 20_000 }), 5);
    rows.push({
      group: 'octal',
      input: `${code}, 3 heaps near 10^18: values, XOR and a winning move (table cached in the worker)`,
      size: 'heaps <= 10^18',
      timeMs: ms,
      throughput: '',
      budget: budget(ms, 50),
    });
  }
  return rows;
}
