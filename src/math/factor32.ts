/**
 * Distinct primes of whole numbers below 2^31 (SEAGM's cards, up to 10^9), without BigInt or allocation:
 * trial division by the odd primes below 1000 costs one 32-bit multiplication and one comparison per prime
 * (x is divisible by the odd p exactly when x * p^-1 mod 2^32 <= floor((2^32 - 1) / p), Granlund and
 * Montgomery), in the WebAssembly kernel; what is left has no factor below 1009, so it has at most three
 * prime factors (at most two up to 10^9 < 1009^3).
 * Miller-Rabin and Pollard-Brent rho for that rest run in the WebAssembly kernel in 32-bit Montgomery form.
 */
import { isOddPrime32Kernel, rho32Kernel, trial32Found, trial32Kernel } from './u64-kernel.js';

/** The largest value this module factors (SEAGM's cards stop at 10^9). */
export const MAX_FACTOR32 = 2 ** 31 - 1;

/** At most 9 distinct primes divide a number below 2^31 (2*3*5*...*23 = 223,092,870; times 29 exceeds it). */
export const MAX_DISTINCT_PRIMES32 = 9;

const TRIAL_BOUND = 1000;
/** The least prime above TRIAL_BOUND: a rest below its square is prime. */
const FIRST_UNTRIED = 1009;

const { ODD_PRIMES, INVERSES, LIMITS } = (() => {
  const composite = new Uint8Array(TRIAL_BOUND);
  const primes: number[] = [];
  for (let i = 3; i < TRIAL_BOUND; i += 2) {
    if (composite[i] === 1) continue;
    primes.push(i);
    for (let j = i * i; j < TRIAL_BOUND; j += 2 * i) composite[j] = 1;
  }
  const inverses = new Int32Array(primes.length);
  const limits = new Uint32Array(primes.length);
  primes.forEach((p, k) => {
    let inv = p; // correct to 3 bits; each Newton step doubles that
    for (let step = 0; step < 5; step++) inv = Math.imul(inv, 2 - Math.imul(p, inv));
    inverses[k] = inv;
    limits[k] = Math.floor(0xffffffff / p);
  });
  return { ODD_PRIMES: Int32Array.from(primes), INVERSES: inverses, LIMITS: limits };
})();

/** Deterministic primality for 0 <= n <= 2^31 - 1. */
export function isPrime32(n: number): boolean {
  if (n < 2) return false;
  if ((n & 1) === 0) return n === 2;
  for (let k = 0; k < ODD_PRIMES.length; k++) {
    const p = ODD_PRIMES[k] ?? 3;
    if (p * p > n) return true;
    if (Math.imul(n, INVERSES[k] ?? 1) >>> 0 <= (LIMITS[k] ?? 0)) return false;
  }
  return isOddPrime32Kernel(n);
}

/** A proper divisor of the odd composite n < 2^31 that is no perfect square of a prime. */
function splitOdd(n: number): number {
  for (let c = 1; ; c++) {
    const d = rho32Kernel(n, c);
    if (d > 1 && d < n) return d;
  }
}

/**
 * Writes the distinct primes of x (1 <= x < 2^31), ascending, into out[at..] and returns the index after
 * the last one written (`at` itself for x = 1). `out` needs room for MAX_DISTINCT_PRIMES32 entries.
 */
export function distinctPrimesInto(x: number, out: Int32Array, at: number): number {
  const m = trial32Kernel(x);
  const found = trial32Found();
  const count = found[0] ?? 0;
  let end = at;
  for (let i = 1; i <= count; i++) out[end++] = found[i] ?? 0;
  if (m === 1) return end;
  // Trial division stopped at p*p > m (then m is prime) or after every prime below 1000: what is left has
  // at most three prime factors (1009^4 > 2^31), and at most two up to 10^9 < 1009^3.
  const first = end;
  end = splitRest(m, out, end);
  // Ascending and distinct (a repeated prime shows up as p^2 or p^3 pieces).
  for (let i = first + 1; i < end; i++) {
    const v = out[i] ?? 0;
    let j = i - 1;
    while (j >= first && (out[j] ?? 0) > v) {
      out[j + 1] = out[j] ?? 0;
      j--;
    }
    out[j + 1] = v;
  }
  let w = first;
  for (let i = first; i < end; i++) if (w === first || out[w - 1] !== out[i]) out[w++] = out[i] ?? 0;
  return w;
}

/** Appends the prime factors (with repeats) of m > 1, which has no prime factor below 1000. */
function splitRest(m: number, out: Int32Array, end: number): number {
  if (m < FIRST_UNTRIED * FIRST_UNTRIED || isOddPrime32Kernel(m)) {
    out[end++] = m;
    return end;
  }
  const root = Math.round(Math.sqrt(m));
  if (root * root === m) return splitRest(root, out, end);
  const d = splitOdd(m);
  return splitRest(m / d, out, splitRest(d, out, end));
}

const scratch = new Int32Array(MAX_DISTINCT_PRIMES32);

/** The distinct primes of n (1 <= n < 2^31), ascending. */
export function distinctPrimes32(n: number): number[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_FACTOR32)
    throw new RangeError(`factor32 handles whole numbers from 1 to 2^31 - 1, got ${n}`);
  const end = distinctPrimesInto(n, scratch, 0);
  return Array.from(scratch.subarray(0, end));
}
