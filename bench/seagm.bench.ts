/** SEAGM: contest maximum, n = 10^4 and 10^5 (random and adversarial), and a full-size judge file. */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseParams } from '../src/core/params.js';
import { createRng, type Rng } from '../src/core/rng.js';
import { seagm } from '../src/games/seagm/index.js';
import { budget, fmt, perSecond, timeCliMedian, timeMedian, type BenchRow } from './harness.js';

const SMALL_PRIMES = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
];

function randomCards(rng: Rng, n: number, max: number): number[] {
  return Array.from({ length: n }, () => rng.int(1, max));
}

/** Products of many distinct small primes (up to 9 per card, <= 10^9): the most prime sets to search. */
function adversarialCards(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => {
    let value = 1;
    for (;;) {
      const p = rng.pick(SMALL_PRIMES);
      if (value % p === 0) continue;
      if (value * p > 1_000_000_000) break;
      value *= p;
    }
    return value;
  });
}

/** Semiprimes of two primes near sqrt(10^9): the hardest values to factor. */
function hardFactorCards(rng: Rng, n: number): number[] {
  const primes = [31607, 31601, 31583, 31573, 31567, 31547, 31543, 31541, 31531, 31517];
  return Array.from({ length: n }, () => rng.pick(primes) * rng.pick(primes));
}

async function row(input: string, cards: number[], limitMs: number): Promise<BenchRow> {
  const params = parseParams(seagm, { cards });
  const ms = await timeMedian(() => seagm.solve(params), 3);
  return {
    group: 'seagm',
    input,
    size: `n = ${fmt(cards.length)}`,
    timeMs: ms,
    throughput: perSecond(cards.length, ms, 'cards'),
    budget: budget(ms, limitMs),
  };
}

export async function run(): Promise<BenchRow[]> {
  const rng = createRng(2014);
  const rows: BenchRow[] = [];
  rows.push(await row('contest max (values <= 100)', randomCards(rng, 100, 100), 2000));
  rows.push(await row('random, values <= 10^9', randomCards(rng, 10_000, 1_000_000_000), 2000));
  rows.push(await row('adversarial: many distinct primes', adversarialCards(rng, 10_000), 2000));
  rows.push(await row('random, values <= 10^9', randomCards(rng, 100_000, 1_000_000_000), 2000));
  rows.push(await row('random, values <= 1000', randomCards(rng, 100_000, 1000), 2000));
  rows.push(await row('adversarial: many distinct primes', adversarialCards(rng, 100_000), 2000));
  rows.push(await row('adversarial: semiprimes near 10^9', hardFactorCards(rng, 100_000), 2000));

  const tests = Array.from({ length: 10 }, () => randomCards(rng, 100, 100));
  const file = join(tmpdir(), 'grundy-bench-seagm-judge.txt');
  writeFileSync(file, `${tests.length}\n${tests.map((t) => `${t.length}\n${t.join(' ')}`).join('\n')}\n`);
  const ms = await timeCliMedian(['judge', 'seagm'], file);
  rows.push({
    group: 'seagm',
    input: 'judge file, contest max (T = 10, n = 100), process start included',
    size: 'T = 10',
    timeMs: ms,
    throughput: perSecond(1000, ms, 'cards'),
    budget: budget(ms, 2000),
  });
  const bigTests = [adversarialCards(rng, 100_000)];
  const bigFile = join(tmpdir(), 'grundy-bench-seagm-judge-big.txt');
  writeFileSync(bigFile, `1\n${bigTests.map((t) => `${t.length}\n${t.join(' ')}`).join('\n')}\n`);
  const bigMs = await timeCliMedian(['judge', 'seagm'], bigFile);
  rows.push({
    group: 'seagm',
    input: 'judge file, n = 10^5 adversarial, process start included',
    size: 'n = 100,000',
    timeMs: bigMs,
    throughput: perSecond(100_000, bigMs, 'cards'),
    budget: budget(bigMs, 2000),
  });
  return rows;
}
