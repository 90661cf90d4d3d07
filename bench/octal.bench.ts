/**
 * Octal games: G(0..10^6) and G(0..10^7) of 3-digit codes with the sparse-space engine (fresh tables; "every
 * value computed" ignores proven periods, "as the solver" fills values past a proven period from it), a code
 * with no sparse space (the plain quadratic method), and whole questions with heaps near 10^18.
 */
import { readOctalCode } from '../src/games/octal/code.js';
import { makeRule, ValueTable } from '../src/games/octal/engine.js';
import { solveOctal } from '../src/games/octal/solve.js';
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

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
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
