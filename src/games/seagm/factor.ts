/**
 * The distinct primes of a card (1 <= n <= 10^9): the shared 32-bit factoriser (src/math/factor32.ts: trial
 * division by multiplication below 1000, then Miller-Rabin and Pollard-Brent rho in the WebAssembly kernel).
 */
import { distinctPrimes32, isPrime32 } from '../../math/factor32.js';

/** Deterministic primality for 0 <= n <= 10^9. */
export function isPrime(n: number): boolean {
  return isPrime32(n);
}

/** The distinct primes dividing n (1 <= n <= 10^9), ascending. */
export function distinctPrimes(n: number): number[] {
  return distinctPrimes32(n);
}
