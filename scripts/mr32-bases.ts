/**
 * Makes and checks src/math/mr32-bases.ts, the bases of the kernel's one-test primality check for rough numbers
 * (isRoughPrime32: odd n with 1009^2 <= n < 2^31 and no prime factor below 1000, what trial division to 1000
 * leaves). The idea is Forisek and Jancina's ("Fast Primality Testing for Integers That Fit into a Machine
 * Word"): hash n into one of 256 buckets and test it to the base its bucket names, chosen so that no composite
 * of the domain in that bucket is a strong pseudoprime to it. Nothing here is copied: the table is searched.
 *
 *   npx tsx scripts/mr32-bases.ts           searches the bases and writes src/math/mr32-bases.ts (~2 min)
 *   npx tsx scripts/mr32-bases.ts --verify  checks the written table through the kernel's own isRoughPrime32
 *                                           (the hash in WebAssembly included) against a sieve, for every
 *                                           number of the domain, prime or not (~1 min)
 *
 * The search tries the bases 2, 3, 4, ... for each bucket in turn and keeps the first that no composite of the
 * bucket passes; it uses the kernel's sprp32, the very test isRoughPrime32 runs.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  isRoughPrime32Kernel,
  mr32BucketKernel as mr32Bucket,
  sprp32Kernel,
} from '../src/math/u64-kernel.js';
import { MR32_BASES } from '../src/math/mr32-bases.js';
import { MR32_BUCKET_BITS } from './kernel/factor32.js';

const FIRST = 1009 * 1009;
const LIMIT = 2 ** 31;
/** Odd numbers per sieve segment. */
const SEGMENT = 1 << 20;

/** The odd primes up to sqrt(LIMIT), by a plain sieve. */
function sievingPrimes(): number[] {
  const top = Math.ceil(Math.sqrt(LIMIT));
  const composite = new Uint8Array(top + 1);
  const primes: number[] = [];
  for (let i = 3; i <= top; i += 2) {
    if (composite[i] === 1) continue;
    primes.push(i);
    for (let j = i * i; j <= top; j += 2 * i) composite[j] = 1;
  }
  return primes;
}

/**
 * Calls visit(n, prime) for every odd n in [FIRST, LIMIT) without a prime factor below 1000, in order. Per
 * segment: flag 2 for the multiples of the primes below 1000, flag 1 for those of the larger primes p from
 * p^2 on; a number left with flag 1 alone is a rough composite, one without flags a prime.
 */
function eachRough(visit: (n: number, prime: boolean) => void): void {
  const primes = sievingPrimes();
  const flags = new Uint8Array(SEGMENT);
  for (let lo = FIRST; lo < LIMIT; lo += 2 * SEGMENT) {
    const hi = Math.min(LIMIT, lo + 2 * SEGMENT); // the segment holds the odd n in [lo, hi)
    flags.fill(0);
    for (const p of primes) {
      if (p * p >= hi) break;
      const small = p < 1000;
      // The first odd multiple of p at or above lo (from p^2 on for the large primes).
      let start = small ? Math.ceil(lo / p) * p : Math.max(p * p, Math.ceil(lo / p) * p);
      if (start % 2 === 0) start += p;
      const flag = small ? 2 : 1;
      for (let i = (start - lo) / 2; i < SEGMENT; i += p) flags[i] = (flags[i] ?? 0) | flag;
    }
    const count = (hi - lo) / 2;
    for (let i = 0; i < count; i++) {
      const f = flags[i] ?? 0;
      if (f < 2) visit(lo + 2 * i, f === 0);
    }
  }
}

/** The rough composites, grouped by bucket: bucket b's are list[start[b] .. start[b + 1]). */
function roughCompositesByBucket(): { list: Int32Array; start: Int32Array } {
  const buckets = 1 << MR32_BUCKET_BITS;
  const counts = new Int32Array(buckets + 1);
  let all = new Int32Array(1 << 24);
  let size = 0;
  eachRough((n, prime) => {
    if (prime) return;
    if (size === all.length) {
      const grown = new Int32Array(2 * all.length);
      grown.set(all);
      all = grown;
    }
    all[size++] = n;
    const b = mr32Bucket(n) + 1;
    counts[b] = (counts[b] ?? 0) + 1;
  });
  const start = new Int32Array(buckets + 1);
  for (let b = 0; b < buckets; b++) start[b + 1] = (start[b] ?? 0) + (counts[b + 1] ?? 0);
  const next = start.slice(0, buckets);
  const list = new Int32Array(size);
  for (let j = 0; j < size; j++) {
    const n = all[j] ?? 0;
    const b = mr32Bucket(n);
    const at = next[b] ?? 0;
    next[b] = at + 1;
    list[at] = n;
  }
  console.log(`${size} rough composites in [${FIRST}, 2^31)`);
  return { list, start };
}

/** The first base from 2 up that no composite of the bucket passes. */
function baseFor(list: Int32Array, from: number, to: number): number {
  for (let a = 2; ; a++) {
    let fooled = false;
    for (let j = from; j < to && !fooled; j++) fooled = sprp32Kernel(list[j] ?? 0, a);
    if (!fooled) return a;
  }
}

function generate(): void {
  const { list, start } = roughCompositesByBucket();
  const bases: number[] = [];
  for (let b = 0; b < 1 << MR32_BUCKET_BITS; b++) bases.push(baseFor(list, start[b] ?? 0, start[b + 1] ?? 0));
  const rows: string[] = [];
  for (let i = 0; i < bases.length; i += 16) rows.push(`  ${bases.slice(i, i + 16).join(', ')},`);
  const text = `/**
 * The base isRoughPrime32 (scripts/kernel/factor32.ts) tests each hash bucket of n to: for odd n with
 * 1009^2 <= n < 2^31 and no prime factor below 1000, n is prime exactly when it is a strong probable prime to
 * its bucket's base. Written by scripts/mr32-bases.ts, which searched them and checks them (--verify) against a
 * sieve for every number of that domain. Do not edit by hand.
 */
export const MR32_BASES: readonly number[] = [
${rows.join('\n')}
];
`;
  const target = fileURLToPath(new URL('../src/math/mr32-bases.ts', import.meta.url));
  writeFileSync(target, text);
  console.log(`wrote ${target} (largest base ${Math.max(...bases)}); now run with --verify`);
}

function verify(): void {
  if (MR32_BASES.length !== 1 << MR32_BUCKET_BITS) throw new Error('the table has the wrong length');
  let checked = 0;
  let primes = 0;
  eachRough((n, prime) => {
    if (isRoughPrime32Kernel(n) !== prime)
      throw new Error(`isRoughPrime32 is wrong on ${n} (prime: ${prime})`);
    checked++;
    if (prime) primes++;
  });
  console.log(
    `isRoughPrime32 agrees with the sieve on all ${checked} rough odd n in [${FIRST}, 2^31) (${primes} primes)`,
  );
}

if (process.argv.includes('--verify')) verify();
else generate();
