/**
 * The batched sweep (smallestFactorsUpTo, four numbers per pass through the kernel's findDivisors) against the
 * single sweep and against trial division in plain numbers: random lists, and the awkward cases -- lanes that
 * divide at the same index, at the first and the last index, none that divide, duplicates, 1, and list
 * lengths that do not fill the last pass.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_ROUGH_PRIME, smallestFactorsUpTo, smallestFactorUpTo } from '../../src/math/factor.js';
import {
  SWEEP_LANES,
  ensureTable,
  findTableDivisors,
  tableCountBelow,
  tablePrime,
} from '../../src/math/u64-kernel.js';
import { SWEEP_LANES as SOURCE_SWEEP_LANES } from '../../scripts/kernel/u64.js';
import { runs } from '../support/runs.js';

/** The odd primes below 10^6 + 1, by a sieve of their own. */
const PRIMES: readonly number[] = (() => {
  const limit = 1_000_001;
  const composite = new Uint8Array(limit);
  const primes: number[] = [];
  for (let i = 3; i < limit; i += 2) {
    if (composite[i] === 1) continue;
    primes.push(i);
    for (let j = i * i; j < limit; j += 2 * i) composite[j] = 1;
  }
  return primes;
})();
const ROUGH = PRIMES.filter((p) => p >= FIRST_ROUGH_PRIME);
const LAST = ROUGH[ROUGH.length - 1] ?? 0; // 999983

/** The least prime p of m with 1031 <= p <= bound, by trial division with m split into doubles. */
function trialDivision(m: bigint, bound: number): bigint | undefined {
  const high = Number(m >> 32n);
  const low = Number(m & 0xffffffffn);
  for (const p of ROUGH) {
    if (p > bound) break;
    // m mod p from m = high * 2^32 + low, every step below 2^53.
    if (((high % p) * (2 ** 32 % p) + (low % p)) % p === 0) return BigInt(p);
  }
  return undefined;
}

/** Primes near 10^9 (no factor up to 10^6): products of two of them divide by nothing in the sweep. */
const BIG_PRIMES = [999_999_937n, 999_999_929n, 999_999_893n, 999_999_883n, 1_000_000_007n, 1_000_000_009n];

const prime = fc.constantFrom(...ROUGH);
/** Numbers up to 10^18 whose least rough prime is anywhere in the table, or none at all. */
const number = fc.oneof(
  fc.tuple(prime, prime, fc.constantFrom(...BIG_PRIMES)).map(([p, q, r]) => {
    const m = BigInt(p) * BigInt(q) * r;
    return m <= 10n ** 18n ? m : BigInt(p) * r;
  }),
  fc.tuple(fc.constantFrom(...BIG_PRIMES), fc.constantFrom(...BIG_PRIMES)).map(([p, q]) => p * q),
  fc.tuple(prime, fc.bigInt({ min: 1n, max: 10n ** 12n })).map(([p, k]) => BigInt(p) * k),
  fc.bigInt({ min: 1n, max: 10n ** 18n }),
);
const bound = fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constant(1_000_000), fc.constant(LAST));

describe('the batched sweep', () => {
  it('is the single sweep for every number of a random list, with its own bound', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(number, bound), { maxLength: 11 }), (cases) => {
        const ms = cases.map(([m]) => m);
        const bounds = cases.map(([, b]) => b);
        expect(smallestFactorsUpTo(ms, bounds)).toEqual(
          ms.map((m, j) => smallestFactorUpTo(m, bounds[j] ?? 0)),
        );
      }),
      { numRuns: runs(300) },
    );
  });

  it('is trial division, on random lists', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(number, bound), { maxLength: 9 }), (cases) => {
        const ms = cases.map(([m]) => m);
        const bounds = cases.map(([, b]) => b);
        expect(smallestFactorsUpTo(ms, bounds)).toEqual(ms.map((m, j) => trialDivision(m, bounds[j] ?? 0)));
      }),
      { numRuns: runs(40) },
    );
  });

  it('finds lanes that divide at the same index, at the first and the last, and none; duplicates; any length', () => {
    const [p, q] = BIG_PRIMES as [bigint, bigint];
    const first = BigInt(FIRST_ROUGH_PRIME);
    const last = BigInt(LAST);
    const cases: [bigint, number][] = [
      [first * p, 1_000_000], // the first index
      [p * q, 1_000_000], // none
      [last * p, 1_000_000], // the last index
      [first * q, 1_000_000], // the first index again, in the same pass
      [last * q, LAST], // the last index, which is its own bound
      [last * q, LAST - 1], // ... and one below it: none
      [first * last * 1031n, 1_000_000], // both; the least counts
      [p * q, 1_000_000], // a duplicate
      [first * p, 1_000_000], // another
      [1n, 1_000_000], // nothing divides 1
      [1033n * 1039n * 1049n, 1], // a bound below every rough prime
    ];
    for (let length = 0; length <= cases.length; length++) {
      const ms = cases.slice(0, length).map(([m]) => m);
      const bounds = cases.slice(0, length).map(([, b]) => b);
      const expected = ms.map((m, j) => trialDivision(m, bounds[j] ?? 0));
      expect(smallestFactorsUpTo(ms, bounds)).toEqual(expected);
      // Every lane of one pass dividing at the same index, whatever the lanes' order.
      expect(smallestFactorsUpTo([...ms].reverse(), [...bounds].reverse())).toEqual([...expected].reverse());
    }
    expect(
      smallestFactorsUpTo([first * p, first * q, first * 7n * 11n, first], [2000, 2000, 2000, 2000]),
    ).toEqual([first, first, first, first]);
  });

  it('refuses what the single sweep refuses', () => {
    expect(() => smallestFactorsUpTo([10n], [1_000_001])).toThrow(RangeError);
    expect(() => smallestFactorsUpTo([0n], [1_000])).toThrow(RangeError);
  });
});

describe('the kernel: findDivisors', () => {
  it('has as many lanes as its source', () => {
    expect(SWEEP_LANES).toBe(SOURCE_SWEEP_LANES);
  });

  it('names the first index any lane divides at and the lanes that divide there', () => {
    ensureTable(1_000_001);
    const from = tableCountBelow(FIRST_ROUGH_PRIME);
    const to = tableCountBelow(1_000_001);
    const at = (p: number): number => tableCountBelow(p);
    const [p, q] = BIG_PRIMES as [bigint, bigint];
    const hit = (index: number, mask: number): number => index * 2 ** SWEEP_LANES + mask;
    expect(findTableDivisors(p * q, p * q, q, 1n, from, to)).toBe(-1);
    expect(findTableDivisors(1031n * p, 1n, 1031n * q, 1n, from, to)).toBe(hit(from, 0b0101));
    expect(findTableDivisors(1n, 1n, 1n, BigInt(LAST) * p, from, to)).toBe(hit(to - 1, 0b1000));
    expect(findTableDivisors(1n, 1n, 1n, BigInt(LAST) * p, from, to - 1)).toBe(-1);
    // The first index wins over a lane that divides later; every lane at that index is named.
    expect(findTableDivisors(2003n * p, 1999n * 2003n, 1999n * q, 1999n, from, to)).toBe(
      hit(at(1999), 0b1110),
    );
    expect(findTableDivisors(2003n * p, 1999n * 2003n, 1999n * q, 1999n, at(1999) + 1, to)).toBe(
      hit(at(2003), 0b0011),
    );
    expect(tablePrime(at(2003))).toBe(2003);
    // An empty range, and one that ends before its start.
    expect(findTableDivisors(1031n, 1031n, 1031n, 1031n, from, from)).toBe(-1);
    expect(findTableDivisors(1031n, 1031n, 1031n, 1031n, from + 1, from)).toBe(-1);
  });
});
