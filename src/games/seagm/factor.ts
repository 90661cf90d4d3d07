/**
 * The distinct primes of a card (1 <= n <= 10^9): trial division by the primes below 1000 in plain numbers
 * (fast, and enough for most cards); what remains (at most two primes above 1000) goes to the shared
 * factoriser (src/math/factor.ts: Miller-Rabin and Pollard-Brent rho in the WebAssembly kernel).
 */
import { factorize, isPrime as isPrimeBig } from '../../math/factor.js';

const SMALL_PRIMES: readonly number[] = (() => {
  const primes: number[] = [];
  for (let i = 2; i < 1000; i++) if (primes.every((p) => i % p !== 0)) primes.push(i);
  return primes;
})();

/** Deterministic primality for 0 <= n <= 10^9. */
export function isPrime(n: number): boolean {
  return n >= 2 && isPrimeBig(BigInt(n));
}

/** The distinct primes dividing n (1 <= n <= 10^9), ascending. */
export function distinctPrimes(n: number): number[] {
  const primes: number[] = [];
  let m = n | 0;
  for (let i = 0; i < SMALL_PRIMES.length; i++) {
    const p = SMALL_PRIMES[i] ?? 2;
    if (p * p > m) break;
    if (m % p === 0) {
      primes.push(p);
      do m = (m / p) | 0;
      while (m % p === 0);
    }
  }
  if (m === 1) return primes;
  // Trial division stopped either because p*p > m (m is prime) or all primes < 1000 were tried.
  if (m < 1_000_000) {
    primes.push(m);
    return primes;
  }
  for (const { prime } of factorize(BigInt(m))) primes.push(Number(prime));
  return primes;
}
