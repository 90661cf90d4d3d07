/**
 * The 32-bit factoriser (trial division by multiplication in the WebAssembly kernel, 32-bit Miller-Rabin and
 * Pollard-Brent rho) against plain trial division, with inputs built to reach each of its paths.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { distinctPrimes32, isPrime32, MAX_FACTOR32 } from '../../src/math/factor32.js';
import { runs } from '../support/runs.js';

function naiveDistinctPrimes(n: number): number[] {
  const primes: number[] = [];
  let m = n;
  for (let d = 2; d * d <= m; d++) {
    if (m % d !== 0) continue;
    primes.push(d);
    while (m % d === 0) m /= d;
  }
  if (m > 1) primes.push(m);
  return primes;
}

const naiveIsPrime = (n: number): boolean => n >= 2 && naiveDistinctPrimes(n).join() === String(n);

/** Primes from 1009 up (no factor the trial division removes), found by trial. */
const roughPrime = (max: number) =>
  fc.integer({ min: 1009, max }).map((start) => {
    let p = start;
    while (!naiveIsPrime(p)) p++;
    return p;
  });

describe('distinctPrimes32', () => {
  test('equals trial division on any n below 2^31', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_FACTOR32 }), (n) => {
        expect(distinctPrimes32(n)).toEqual(naiveDistinctPrimes(n));
      }),
      { numRuns: runs(300) },
    );
  });

  test('splits products of primes above 1000 (the Miller-Rabin and rho paths), with small cofactors', () => {
    fc.assert(
      fc.property(
        roughPrime(46_000),
        roughPrime(46_000),
        fc.constantFrom(1, 1, 2, 3, 6, 30, 1009),
        (p, q, small) => {
          for (const n of [p * q, p * p, p * q * small, p * small]) {
            if (n > MAX_FACTOR32) continue;
            expect(distinctPrimes32(n)).toEqual(naiveDistinctPrimes(n));
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  test('three primes above 1000, cubes and the largest inputs', () => {
    for (const n of [1009 * 1013 * 1019, 1009 ** 3, 1031 * 1031 * 1033, MAX_FACTOR32, 2 ** 30, 999_999_937])
      expect(distinctPrimes32(n)).toEqual(naiveDistinctPrimes(n));
  });

  test('refuses values outside 1 .. 2^31 - 1 with a clear message', () => {
    expect(() => distinctPrimes32(0)).toThrow(/from 1 to 2\^31 - 1, got 0/);
    expect(() => distinctPrimes32(2 ** 31)).toThrow(RangeError);
    expect(() => distinctPrimes32(1.5)).toThrow(RangeError);
  });
});

describe('isPrime32', () => {
  test('agrees with trial division below 20,000 and on random values below 2^31', () => {
    for (let n = 0; n < 20_000; n++) expect(isPrime32(n)).toBe(naiveIsPrime(n));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_FACTOR32 }), (n) => {
        expect(isPrime32(n)).toBe(naiveIsPrime(n));
      }),
      { numRuns: runs(300) },
    );
  });

  test('is not fooled by strong pseudoprimes to one or two of its bases', () => {
    // To base 2: 2047, 3277, 4033, 4681, 8321; to bases 2 and 3: 1373653; to 2, 3 and 5: 25326001;
    // to base 7: 25, 325, 703, 2101, 2353; to base 61: 2021, 31621.
    for (const n of [2047, 3277, 4033, 4681, 8321, 1373653, 25326001, 25, 325, 703, 2101, 2353, 2021, 31621])
      expect(isPrime32(n)).toBe(false);
    expect(isPrime32(2_147_483_647)).toBe(true);
  });
});
