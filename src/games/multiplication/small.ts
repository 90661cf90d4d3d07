/**
 * The exponent signature of N below 2^31 (the contest's limit) in plain numbers: no BigInt. Trial division by
 * the primes below 1000 runs in the WebAssembly kernel (no warm-up, unlike a JavaScript loop run a few
 * thousand times in a short process); the rest has no prime below 1000, so a scan of the primes from 1009 to
 * its cube root (at most 1291) leaves 1, a prime, a prime's square or the product of two distinct primes, told
 * apart by a square root and one Miller-Rabin test in the kernel. The judge takes this path for the small N
 * its kernel loop leaves to JavaScript (multiplicationRunKernel reads and answers the plain ones itself).
 */
import { isOddPrime32Kernel, trial32Found, trial32Kernel } from '../../math/u64-kernel.js';
import type { Signature } from './solve.js';

/** The largest N this module handles. */
export const MAX_SMALL_N = 2 ** 31 - 1;

/** The least prime above the kernel's trial bound (1000): a rest below its square is 1 or a prime. */
const FIRST_UNTRIED = 1009;

/** The primes from 1009 to 1291, the least prime whose cube exceeds MAX_SMALL_N (so the scan always stops). */
const UPPER_PRIMES: readonly number[] = (() => {
  const primes: number[] = [];
  for (let i = FIRST_UNTRIED; i <= 1291; i += 2) {
    let d = 3;
    while (d * d <= i && i % d !== 0) d += 2;
    if (d * d > i) primes.push(i);
  }
  return primes;
})();

/** N's exponents when it has at most two distinct primes, else 'three-or-more' (2 <= n <= MAX_SMALL_N). */
export function smallSignature(n: number): Signature {
  if (!Number.isInteger(n) || n < 2 || n > MAX_SMALL_N)
    throw new RangeError(`smallSignature takes whole numbers from 2 to 2^31 - 1, got ${n}`);
  let m = trial32Kernel(n);
  const found = trial32Found();
  const count = found[0] ?? 0;
  // Stryker disable next-line ConditionalExpression: a shortcut; with two primes and a rest, the check after the scan says 'three-or-more' too
  if (count >= 3 || (count === 2 && m > 1)) return 'three-or-more';
  const exponents: number[] = [];
  for (let i = 1; i <= count; i++) {
    const p = found[i] ?? 2;
    let rest = n / p;
    let exponent = 1;
    while (rest % p === 0) {
      rest /= p;
      exponent++;
    }
    exponents.push(exponent);
  }
  // Stryker disable next-line ConditionalExpression: a shortcut; the scan stops at once on m = 1 and the same exponents are returned
  if (m === 1) return exponents;
  // m is a prime (the kernel stopped at p * p > m) or has no prime below 1000.
  let least = FIRST_UNTRIED;
  for (const p of UPPER_PRIMES) {
    least = p;
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: dividing on past the cube root finds the same primes (only slower), and least^3 still exceeds what is left
    if (p * p * p > m) break;
    if (m % p !== 0) continue;
    let exponent = 0;
    do {
      m /= p;
      exponent++;
    } while (m % p === 0);
    exponents.push(exponent);
  }
  if (m === 1) return exponents;
  // Every prime factor of m is at least `least` (or m is a prime), and least^3 > m: at most two of them. With
  // two primes already found, that makes three.
  if (exponents.length === 2) return 'three-or-more';
  // Stryker disable next-line ConditionalExpression,ArithmeticOperator: a shortcut; Miller-Rabin below says the same of a prime below least^2
  if (m < least * least) exponents.push(1);
  else {
    const root = Math.round(Math.sqrt(m));
    if (root * root === m) exponents.push(2);
    else if (isOddPrime32Kernel(m)) exponents.push(1);
    else {
      if (exponents.length === 1) return 'three-or-more';
      exponents.push(1, 1);
    }
  }
  return exponents;
}
