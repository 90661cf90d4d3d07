/**
 * Distinct primes of whole numbers below 2^31 (SEAGM's cards, up to 10^9), without BigInt or allocation per
 * number, all in the WebAssembly kernel (scripts/kernel/factor32.ts): trial division by the odd
 * primes below 1000, four at a time, costs one 32-bit multiplication and one comparison per prime (x is
 * divisible by the odd p exactly when x * p^-1 mod 2^32 <= floor((2^32 - 1) / p), Granlund and Montgomery);
 * what is left has no factor below 1009, so it has at most three prime factors (at most two up to
 * 10^9 < 1009^3). One strong-probable-prime test, to a base picked by a hash of the number, tells whether it
 * is prime (src/math/mr32-bases.ts), and Pollard-Brent rho splits it when not, in 32-bit Montgomery form.
 * distinctPrimesOfAll factors a whole list, and numbers its primes, in a few kernel calls: SEAGM's 10^5 cards
 * cost about 3 calls across the JavaScript boundary each otherwise, and the loops over them, run once, would
 * run mostly unoptimised in JavaScript.
 */
import {
  factor32Kernel,
  factorAll32Kernel,
  isRoughPrime32Kernel,
  type KernelPrimeLists,
} from './u64-kernel.js';

/** The largest value this module factors (SEAGM's cards stop at 10^9). */
export const MAX_FACTOR32 = 2 ** 31 - 1;

/** At most 9 distinct primes divide a number below 2^31 (2*3*5*...*23 = 223,092,870; times 29 exceeds it). */
export const MAX_DISTINCT_PRIMES32 = 9;

const TRIAL_BOUND = 1000;
/** The least prime above TRIAL_BOUND: a number below its square without smaller prime factors is prime. */
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
  // No prime factor below 1000: the kernel's one-base test covers the rest from 1009^2 on.
  return n < FIRST_UNTRIED * FIRST_UNTRIED || isRoughPrime32Kernel(n);
}

const outOfRange = (n: number): RangeError =>
  new RangeError(`factor32 handles whole numbers from 1 to 2^31 - 1, got ${n}`);

/** The distinct primes of n (1 <= n < 2^31), ascending. */
export function distinctPrimes32(n: number): number[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_FACTOR32) throw outOfRange(n);
  return Array.from(factor32Kernel(n));
}

/**
 * The distinct primes of every value (each 1 <= v < 2^31): value i's, ascending, are primes[starts[i] ..
 * starts[i + 1]); ids numbers the distinct primes as they first appear (parallel to primes), and sums[id] adds
 * up weights[i] over the values i that prime divides (by default every weight is 1: how many values it divides).
 */
export type PrimeLists = KernelPrimeLists;

export function distinctPrimesOfAll(values: Int32Array, weights?: Int32Array): PrimeLists {
  if (weights !== undefined && weights.length !== values.length)
    throw new RangeError(`one weight per value: ${weights.length} weights for ${values.length} values`);
  const lists = factorAll32Kernel(values, weights ?? new Int32Array(values.length).fill(1));
  // The kernel refuses any value below 1 (an Int32Array holds 2^31 and above as negative numbers).
  if (lists === null) throw outOfRange(values.find((v) => v < 1) ?? 0);
  return lists;
}
