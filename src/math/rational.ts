/** Exact non-negative-denominator fractions over BigInt, always in lowest terms. */
import { gcdBig } from './gcd.js';

export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

export function rational(num: bigint, den = 1n): Rational {
  if (den === 0n) throw new RangeError('zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const g = gcdBig(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

/** Nearest double, correct even when numerator and denominator exceed 2^53. */
export function toNumber(r: Rational): number {
  const scale = 10n ** 30n;
  return Number((r.num * scale) / r.den) / 1e30;
}

/**
 * Decimal with `digits` places, rounding exact ties to even as C's printf does on an exactly
 * representable tie, so the judge output matches the original solutions.
 */
export function toFixedExact(r: Rational, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const scaled = r.num * scale;
  let q = scaled / r.den;
  const rem2 = 2n * (scaled % r.den);
  if (rem2 > r.den || (rem2 === r.den && q % 2n === 1n)) q += 1n;
  const text = q.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
