/**
 * PartisanGame: every pair of sets within 1..5 at n = 10^18 (budget 1 ms per query), random sets within 1..20
 * and 1..64 (budget 100 ms), the sparse {6, 11, 53, 58, 64} case, and the pre-period / period distribution.
 */
import { performance } from 'node:perf_hooks';
import { createRng, type Rng } from '../src/core/rng.js';
import type { PartisanParams } from '../src/games/partisan/schema.js';
import { solvePartisan } from '../src/games/partisan/solve.js';
import { budget, fmt, perSecond, timeMedian, type BenchRow } from './harness.js';

const N = '1000000000000000000';

function randomSet(rng: Rng, max: number, p: number): number[] {
  const moves: number[] = [];
  for (let x = 1; x <= max; x++) if (rng.chance(p)) moves.push(x);
  return moves.length > 0 ? moves : [rng.int(1, max)];
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Per-query wall times plus the pre-periods and periods met, over a list of instances. */
function measure(instances: readonly PartisanParams[]): { times: number[]; pre: number[]; period: number[] } {
  for (const p of instances.slice(0, 50)) solvePartisan(p); // warm-up
  const times: number[] = [];
  const pre: number[] = [];
  const period: number[] = [];
  for (const p of instances) {
    const start = performance.now();
    const result = solvePartisan(p);
    times.push(performance.now() - start);
    pre.push(result.cycle?.preperiod ?? -1);
    period.push(result.cycle?.period ?? -1);
  }
  for (const list of [times, pre, period]) list.sort((a, b) => a - b);
  return { times, pre, period };
}

function distribution(label: string, values: readonly number[]): string {
  return `${label} median ${fmt(quantile(values, 0.5))}, p99 ${fmt(quantile(values, 0.99))}, max ${fmt(values.at(-1) ?? 0)}`;
}

function randomRows(group: string, max: number, shared: boolean, count: number, seed: number): BenchRow[] {
  const rng = createRng(seed);
  const instances: PartisanParams[] = [];
  for (let i = 0; i < count; i++) {
    // Densities from 3% to 50%: sparse sets are the slow ones.
    const p = rng.int(3, 50) / 100;
    const alice = randomSet(rng, max, p);
    instances.push({ n: N, alice, bob: shared ? [...alice] : randomSet(rng, max, p) });
  }
  const { times, pre, period } = measure(instances);
  const worst = times.at(-1) ?? 0;
  const sets = shared ? 'the same random set for both' : 'independent random sets';
  return [
    {
      group,
      input: `${fmt(count)} x ${sets} within 1..${max}; ${distribution('pre-period', pre)}; ${distribution('period', period)}`,
      size: 'n = 10^18',
      timeMs: quantile(times, 0.5),
      throughput: `p99 ${quantile(times, 0.99).toFixed(3)} ms, max ${worst.toFixed(3)} ms`,
      budget: `max ${budget(worst, 100)}`,
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const small: number[][] = Array.from({ length: 32 }, (_, mask) =>
    [1, 2, 3, 4, 5].filter((_, i) => (mask >> i) & 1),
  );
  const pairs: PartisanParams[] = small.flatMap((alice) => small.map((bob) => ({ n: N, alice, bob })));
  const all = await timeMedian(() => {
    for (const p of pairs) solvePartisan(p);
  });
  const each = measure(pairs);
  rows.push({
    group: 'partisan',
    input: `all 32 x 32 pairs of sets within 1..5; ${distribution('pre-period', each.pre)}; ${distribution('period', each.period)}`,
    size: 'n = 10^18',
    timeMs: all,
    throughput: `${perSecond(pairs.length, all, 'queries')}; slowest ${(each.times.at(-1) ?? 0).toFixed(3)} ms`,
    budget: `slowest query ${budget(each.times.at(-1) ?? 0, 1)}`,
  });
  rows.push(...randomRows('partisan', 20, false, 1000, 20));
  rows.push(...randomRows('partisan', 64, false, 1000, 64));
  rows.push(...randomRows('partisan', 64, true, 1000, 65));
  const sparse = [6, 11, 53, 58, 64];
  const ms = await timeMedian(() => solvePartisan({ n: N, alice: sparse, bob: sparse }), 3);
  rows.push({
    group: 'partisan',
    input: 'Alice and Bob both {6, 11, 53, 58, 64}: period 2,508,961 certified',
    size: 'n = 10^18',
    timeMs: ms,
    throughput: perSecond(6_703_264, ms, 'positions'),
    budget: budget(ms, 200),
  });
  return rows;
}
