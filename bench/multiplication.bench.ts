/**
 * The Multiplication Game: single queries on the hardest N to factor (solve, and solve + explain, which
 * factors fully), and a full-size judge file (T = 10,000, N up to 10^18) with process start included.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng, randomBigInt, type Rng } from '../src/core/rng.js';
import { InputReader } from '../src/core/reader.js';
import { multiplication, randomPrimeIn } from '../src/games/multiplication/index.js';
import type { MultiplicationParams } from '../src/games/multiplication/schema.js';
import { budget, fmt, perSecond, timeCliMedian, timeMedian, type BenchRow } from './harness.js';

const QUERY_BUDGET_MS = 50;
const JUDGE_BUDGET_MS = 1000;
const T = 10_000;

/** The families of N that are hardest for a factoriser, and two easy ones for the judge file's mix. */
const families = {
  'two primes near 10^9': (rng: Rng) =>
    randomPrimeIn(rng, 900_000_000n, 1_000_000_000n) * randomPrimeIn(rng, 900_000_000n, 999_999_999n),
  'prime near 10^18': (rng: Rng) => randomPrimeIn(rng, 10n ** 18n - 10n ** 15n, 10n ** 18n),
  'square of a prime near 10^9': (rng: Rng) => randomPrimeIn(rng, 900_000_000n, 1_000_000_000n) ** 2n,
  'p^2 q, p near 10^6 (the cube-root sweep finds p)': (rng: Rng) =>
    randomPrimeIn(rng, 900_000n, 1_000_000n) ** 2n * randomPrimeIn(rng, 100_000n, 1_000_000n),
  'highly composite (smooth) N': (rng: Rng) => {
    const primes = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n, 43n, 47n];
    let n = 1n;
    for (;;) {
      const p = rng.pick(primes);
      if (n * p > 10n ** 18n) return n;
      n *= p;
    }
  },
  'random N <= 10^18': (rng: Rng) => randomBigInt(rng, 2n, 10n ** 18n),
} as const;
type Family = keyof typeof families;

function instances(family: Family, count: number, seed: number): MultiplicationParams[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => ({
    n: families[family](rng).toString(),
    first: rng.pick(['Alice', 'Bob'] as const),
  }));
}

/** Per-query time: a batch of distinct N timed as a whole, divided by its size. */
async function queryRows(family: Family): Promise<BenchRow[]> {
  const batch = instances(family, 200, 17);
  const solveMs = await timeMedian(() => {
    for (const p of batch) multiplication.solve(p);
  }, 5);
  const explainMs = await timeMedian(() => {
    for (const p of batch) multiplication.explain(p, multiplication.solve(p));
  }, 3);
  // The slowest single query matters for the budget, since rho's running time varies from N to N; each N
  // counts with its best of three runs, so a descheduled process does not pass for a slow query.
  let worst = 0;
  for (const p of batch) {
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      multiplication.explain(p, multiplication.solve(p));
      best = Math.min(best, performance.now() - start);
    }
    worst = Math.max(worst, best);
  }
  return [
    {
      group: 'multiplication',
      input: `solve: ${family}`,
      size: 'per query (mean of 200)',
      timeMs: solveMs / batch.length,
      throughput: perSecond(batch.length, solveMs, 'N'),
      budget: budget(solveMs / batch.length, QUERY_BUDGET_MS),
    },
    {
      group: 'multiplication',
      input: `solve + explain: ${family}`,
      size: 'slowest of 200',
      timeMs: worst,
      throughput: perSecond(batch.length, explainMs, 'N'),
      budget: budget(worst, QUERY_BUDGET_MS),
    },
  ];
}

/** The judge file's mix: the spec's hard factorisations, random N and highly composite N, in turn. */
const JUDGE_MIX: readonly Family[] = [
  'two primes near 10^9',
  'prime near 10^18',
  'square of a prime near 10^9',
  'random N <= 10^18',
  'highly composite (smooth) N',
];

/** T = 10,000 lines cycling through JUDGE_MIX, starters alternating. */
function judgeFile(): string {
  const rng = createRng(2017);
  const lines = [String(T)];
  for (let i = 0; i < T; i++) {
    const family = JUDGE_MIX[i % JUDGE_MIX.length] ?? 'random N <= 10^18';
    lines.push(`${families[family](rng)} ${i % 2 === 0 ? 'Alice' : 'Bob'}`);
  }
  return `${lines.join('\n')}\n`;
}

async function judgeInProcess(text: string): Promise<string[]> {
  const out: string[] = [];
  for await (const p of multiplication.judge.parse(InputReader.fromString(text))) {
    out.push(multiplication.judge.format(multiplication.solve(p), p));
  }
  return out;
}

/** Whether the built CLI answers the official sample correctly (a stale or missing build does not). */
function cliWorks(): boolean {
  const cli = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
  if (!existsSync(cli)) return false;
  const sample =
    '10\n10 Alice\n20 Bob\n30 Alice\n40 Bob\n50 Alice\n60 Bob\n70 Alice\n80 Bob\n90 Alice\n100 Bob\n';
  const run = spawnSync(process.execPath, [cli, 'judge', 'multiplication'], { input: sample });
  return (
    run.status === 0 && run.stdout.toString() === 'Bob\nBob\ntie\ntie\nAlice\ntie\ntie\ntie\ntie\nAlice\n'
  );
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const family of Object.keys(families) as Family[]) rows.push(...(await queryRows(family)));

  const text = judgeFile();
  const file = join(tmpdir(), 'grundy-bench-multiplication-judge.txt');
  writeFileSync(file, text);
  const inProcessMs = await timeMedian(() => judgeInProcess(text), 3);
  const mix = `T = 10,000, N <= 10^18, 2,000 each: ${JUDGE_MIX.join(', ')}`;
  const viaCli = cliWorks();
  if (viaCli) {
    const ms = await timeCliMedian(['judge', 'multiplication'], file);
    rows.push({
      group: 'multiplication',
      input: `judge file (${mix}), process start included`,
      size: `T = ${fmt(T)}`,
      timeMs: ms,
      throughput: perSecond(T, ms, 'N'),
      budget: budget(ms, JUDGE_BUDGET_MS),
    });
  }
  rows.push({
    group: 'multiplication',
    input: `judge file (${mix}), in process: parse + solve + format${viaCli ? '' : ' (dist/cli/main.js missing or not answering: no process-start row)'}`,
    size: `T = ${fmt(T)}`,
    timeMs: inProcessMs,
    throughput: perSecond(T, inProcessMs, 'N'),
    budget: budget(inProcessMs, JUDGE_BUDGET_MS),
  });
  return rows;
}
