/**
 * Octal games: G(0..10^6) and G(0..10^7) of 3-digit codes with the sparse-space engine (fresh tables, no
 * stopping at a proof), a code with no sparse space, and whole questions with heaps of 10^18.
 */
import { readOctalCode } from '../src/games/octal/code.js';
import { makeRule, ValueTable } from '../src/games/octal/engine.js';
import { solveOctal } from '../src/games/octal/solve.js';
import { budget, fmt, perSecond, timeMedian, type BenchRow } from './harness.js';

function valuesRow(
  code: string,
  count: number,
  limitMs: number,
  repeat: number,
  note: string,
): Promise<BenchRow> {
  const digits = readOctalCode(code).digits;
  let rare = 0;
  return timeMedian(() => {
    const table = new ValueTable(makeRule(digits));
    table.valuesTo(count);
    rare = table.rarePositions;
  }, repeat).then((ms) => ({
    group: 'octal',
    input: `${code} ${note}: G(0..${fmt(count)}), ${rare < 0 ? 'no sparse space (plain method)' : `${fmt(rare)} rare positions`}`,
    size: `${fmt(count)} values`,
    timeMs: ms,
    throughput: perSecond(count, ms, 'values'),
    budget: budget(ms, limitMs),
  }));
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [code, note] of [
    ['0.156', '(period 349 from 3,479)'],
    ['0.356', '(period 142 from 7,315)'],
    ['0.644', '(period 442 from 3,256)'],
    ['0.165', '(period 1,550 from 5,181)'],
  ] as const) {
    rows.push(await valuesRow(code, 1_000_000, 1000, 3, note));
  }
  rows.push(await valuesRow('0.16', 1_000_000, 2000, 1, '(unsolved, 2 digits)'));
  rows.push(await valuesRow('0.156', 10_000_000, 90_000, 1, '(period 349 from 3,479)'));
  const slow = await valuesRow('0.6', 1_000_000, 60_000, 1, '(unsolved, 1,583 rare positions early on)');
  rows.push({
    ...slow,
    budget: `${slow.budget ?? ''}; aim < 1000 ms: ${slow.timeMs < 1000 ? 'ok' : 'MISSED'}`,
  });
  rows.push(await valuesRow('0.004', 20_000, 5000, 1, '(unsolved)'));
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
