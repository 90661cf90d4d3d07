/** The shared gcd, checked against its definition (the greatest number dividing both), since solvers and brute forces both use it. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gcd, gcdBig } from '../../src/math/gcd.js';

function gcdByDefinition(a: number, b: number): number {
  let best = 0;
  for (let d = 1; d <= Math.max(a, b); d++) if (a % d === 0 && b % d === 0) best = d;
  return best;
}

describe('gcd', () => {
  test('is the greatest common divisor (fast-check, small values by trial)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2000 }), fc.nat({ max: 2000 }), (a, b) => {
        expect(gcd(a, b)).toBe(gcdByDefinition(a, b));
        expect(gcdBig(BigInt(a), BigInt(-b))).toBe(BigInt(gcdByDefinition(a, b)));
      }),
      { numRuns: 300 },
    );
  });
  test('works on large values', () => {
    expect(gcd(999_999_937 * 2, 999_999_937 * 3)).toBe(999_999_937);
    expect(gcdBig(10n ** 30n, 6n * 10n ** 20n)).toBe(2n * 10n ** 20n);
  });
});
