/**
 * The 32-bit factoriser (trial division by multiplication in the WebAssembly kernel, a one-base Miller-Rabin
 * with the base picked by a hash, and Pollard-Brent rho) against plain trial division and a BigInt
 * Miller-Rabin, with inputs built to reach each of its paths.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { distinctPrimes32, distinctPrimesOfAll, isPrime32, MAX_FACTOR32 } from '../../src/math/factor32.js';
import { smallestFactorUpTo, stripSmallPrimes } from '../../src/math/factor.js';
import { MR32_BASES } from '../../src/math/mr32-bases.js';
import { isRoughPrime32Kernel, mr32BucketKernel, sprp32Kernel } from '../../src/math/u64-kernel.js';
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

/** Whether the odd n > 2 is a strong probable prime to base a, in BigInt (true too when n divides a). */
function slowSprp(n: number, a: number): boolean {
  const big = BigInt(n);
  let d = big - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  let x = 1n;
  for (let b = BigInt(a) % big, e = d; e > 0n; e >>= 1n, b = (b * b) % big)
    if ((e & 1n) === 1n) x = (x * b) % big;
  if (BigInt(a) % big === 0n || x === 1n || x === big - 1n) return true;
  for (let r = 1; r < s; r++) {
    x = (x * x) % big;
    if (x === big - 1n) return true;
  }
  return false;
}

/** The bucket the kernel hashes n to, written out from its documented definition. */
const bucketOf = (n: number): number => Math.imul(((n >>> 16) ^ n) >>> 0, 0x45d9f3b) >>> 24;

/** No prime factor below 1000: what is left after trial division. */
const isRough = (n: number): boolean => (naiveDistinctPrimes(n)[0] ?? 0) > 1000;

/** Korselt's criterion: squarefree, at least three primes, and p - 1 divides n - 1 for each. */
function isCarmichael(n: number): boolean {
  const primes = naiveDistinctPrimes(n);
  const squarefree = primes.reduce((x, p) => x * p, 1) === n;
  return squarefree && primes.length >= 3 && primes.every((p) => (n - 1) % (p - 1) === 0);
}

/** Primes from 1009 up (no factor the trial division removes), found by trial. */
const roughPrime = (max: number) =>
  fc.integer({ min: 1009, max }).map((start) => {
    let p = start;
    while (!naiveIsPrime(p)) p++;
    return p;
  });

/**
 * Composites without a prime factor below 1000 that are strong pseudoprimes to bases of the kernel's table (so
 * each would fool it if its hash named such a base), found by a sieve over all of [1009^2, 2^31): 2284453 to
 * 2, 3, 11, 231 and 1414; 1166257 to 231; 1600117 to 1414; 1922801 to 10; 2144961253 to 2, 11, 13 and 34;
 * 2142324367 to 10, 13 and 34; 2147418113 (near 2^31) to 2. The test checks those claims itself.
 */
const ROUGH_PSEUDOPRIMES: readonly (readonly [number, readonly number[]])[] = [
  [2284453, [2, 3, 11, 231, 1414]],
  [1166257, [231]],
  [1600117, [1414]],
  [1922801, [10]],
  [2144961253, [2, 11, 13, 34]],
  [2142324367, [10, 13, 34]],
  [2147418113, [2]],
];

describe('sprp32 (the kernel strong-probable-prime test)', () => {
  test('agrees with a BigInt strong-probable-prime test on random odd n and bases', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_FACTOR32 >> 1 }),
        fc.integer({ min: 1, max: MAX_FACTOR32 }),
        (h, a) => {
          const n = 2 * h + 1;
          expect([n, a, sprp32Kernel(n, a)]).toEqual([n, a, slowSprp(n, a)]);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  test('is fooled exactly where the literature says: 2047 and 3215031751 to base 2 (the second above 2^31)', () => {
    expect(sprp32Kernel(2047, 2)).toBe(true);
    expect(sprp32Kernel(2047, 3)).toBe(false);
    expect(sprp32Kernel(1_373_653, 2) && sprp32Kernel(1_373_653, 3)).toBe(true);
    expect(sprp32Kernel(25_326_001, 5)).toBe(true);
    // 3215031751 (a strong pseudoprime to 2, 3, 5 and 7) is beyond 2^31: factor32 refuses it.
    expect(() => distinctPrimes32(3_215_031_751)).toThrow(RangeError);
  });
});

describe('isRoughPrime32 (one strong-probable-prime test, its base chosen by a hash of n)', () => {
  test('hashes n as documented (the table was searched for this very hash)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_FACTOR32 }), (n) => {
        expect([n, mr32BucketKernel(n)]).toEqual([n, bucketOf(n)]);
      }),
      { numRuns: runs(1000) },
    );
    for (const [n] of ROUGH_PSEUDOPRIMES) expect([n, mr32BucketKernel(n)]).toEqual([n, bucketOf(n)]);
    expect(MR32_BASES.length).toBe(256);
  });

  test('is the BigInt strong-probable-prime test to the base its bucket names, on rough odd n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1009 * 1009, max: MAX_FACTOR32 }), (start) => {
        let n = start | 1;
        while (!isRough(n)) n += 2;
        if (n > MAX_FACTOR32) return;
        const base = MR32_BASES[bucketOf(n)] ?? 0;
        expect([n, isRoughPrime32Kernel(n)]).toEqual([n, slowSprp(n, base)]);
        expect([n, isRoughPrime32Kernel(n)]).toEqual([n, naiveIsPrime(n)]);
      }),
      { numRuns: runs(400) },
    );
  });

  test('rejects rough strong pseudoprimes to bases of its table', () => {
    for (const [n, bases] of ROUGH_PSEUDOPRIMES) {
      expect([n, isRough(n), naiveIsPrime(n)]).toEqual([n, true, false]);
      for (const a of bases) expect([n, a, slowSprp(n, a)]).toEqual([n, a, true]);
      // Some fool a base the table holds (the fixture would then catch a bucket pointing the wrong way).
      expect(bases.some((a) => MR32_BASES.includes(a))).toBe(true);
      expect([n, isRoughPrime32Kernel(n), isPrime32(n)]).toEqual([n, false, false]);
      expect(distinctPrimes32(n)).toEqual(naiveDistinctPrimes(n));
    }
  });

  test('rejects products of two rough primes, squares included, and accepts rough primes', () => {
    fc.assert(
      fc.property(roughPrime(46_340), roughPrime(2_130_000), (p, q) => {
        const n = p * q;
        if (n <= MAX_FACTOR32) expect([n, isRoughPrime32Kernel(n)]).toEqual([n, false]);
        if (p * p <= MAX_FACTOR32) expect([p * p, isRoughPrime32Kernel(p * p)]).toEqual([p * p, false]);
        if (q >= 1009 * 1009) expect([q, isRoughPrime32Kernel(q)]).toEqual([q, true]);
      }),
      { numRuns: runs(300) },
    );
  });

  test('at the ends of its domain: 1009^2, the largest prime square below 2^31, the first rough primes and the rough numbers nearest 2^31', () => {
    expect(isRoughPrime32Kernel(1009 * 1009)).toBe(false);
    expect([isPrime32(1009 * 1009), isPrime32(1009 * 1013), isPrime32(1_018_091)]).toEqual([
      false,
      false,
      true,
    ]);
    expect(isRoughPrime32Kernel(1009 * 1013)).toBe(false);
    expect(isRoughPrime32Kernel(46_337 * 46_337)).toBe(false); // 46337: the largest prime below sqrt(2^31)
    for (const n of [2_147_483_647, 2_147_483_641, 2_147_483_633, 2_147_483_629, 1_018_091, 1_018_097])
      expect([n, isRough(n), isRoughPrime32Kernel(n)]).toEqual([n, true, naiveIsPrime(n)]);
  });
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

  test('the 64-bit factoriser sharing the kernel still works after a long list grew its memory', () => {
    // factor.ts keeps a view of its prime table in the kernel's memory, which a growth detaches.
    const small = 2n * 3n * 7n * 1013n * 999_999_000_001n;
    const rough = 1033n * 1_000_003n;
    const expected = {
      factors: [2n, 3n, 7n, 1013n].map((prime) => ({ prime, exponent: 1 })),
      rest: 999_999_000_001n,
    };
    expect(stripSmallPrimes(small)).toEqual(expected);
    expect(smallestFactorUpTo(rough, 10_000)).toBe(1033n);
    const values = Int32Array.from({ length: 300_000 }, (_, i) => 1 + ((i * 7919) % MAX_FACTOR32));
    expect(distinctPrimesOfAll(values).starts.length).toBe(values.length + 1);
    expect(stripSmallPrimes(small)).toEqual(expected);
    expect(smallestFactorUpTo(rough, 10_000)).toBe(1033n);
    expect(distinctPrimes32(1009 * 1013 * 2)).toEqual([2, 1009, 1013]);
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

describe('Carmichael numbers through the whole factoriser', () => {
  test('are factored and found composite, from 561 to one whose rest reaches rho (601 * 1201 * 1801)', () => {
    const carmichaels = [561, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825265, 294409, 56052361, 118901521];
    for (const n of [...carmichaels, 172_947_529, 216_821_881, 228_842_209, 1_299_963_601]) {
      expect([n, isCarmichael(n)]).toEqual([n, true]);
      expect([n, isPrime32(n)]).toEqual([n, false]);
      expect(distinctPrimes32(n)).toEqual(naiveDistinctPrimes(n));
    }
  });
});

describe('distinctPrimesOfAll (whole lists, a few kernel calls)', () => {
  /** Values that reach each path: smooth, one rough prime, a rough square, two or three rough primes. */
  const value = fc.oneof(
    fc.integer({ min: 1, max: MAX_FACTOR32 }),
    fc.integer({ min: 1, max: 1000 }),
    fc
      .tuple(roughPrime(46_000), roughPrime(46_000), fc.constantFrom(1, 2, 3, 30, 997))
      .map(([p, q, s]) => [p * q * s, p * q, p].find((v) => v <= MAX_FACTOR32) ?? p),
    fc.tuple(roughPrime(1300), fc.constantFrom(1, 2)).map(([p, s]) => p * p * s),
    fc
      .tuple(roughPrime(1290), roughPrime(1290), roughPrime(1290))
      .map(([p, q, r]) => (p * q * r <= MAX_FACTOR32 ? p * q * r : p * q)),
  );

  /** Checks the lists against trial division, and the ids and sums against a Map over the same primes. */
  function expectLists(values: readonly number[], weights?: readonly number[]): void {
    const { primes, starts, ids, sums } = distinctPrimesOfAll(
      Int32Array.from(values),
      weights === undefined ? undefined : Int32Array.from(weights),
    );
    expect(starts.length).toBe(values.length + 1);
    expect(starts[0]).toBe(0);
    expect(starts[values.length]).toBe(primes.length);
    expect(ids.length).toBe(primes.length);
    const idOf = new Map<number, number>();
    const sumOf: number[] = [];
    values.forEach((v, i) => {
      const listed = Array.from(primes.subarray(starts[i], starts[i + 1]));
      expect([v, listed]).toEqual([v, naiveDistinctPrimes(v)]);
      listed.forEach((p, k) => {
        if (!idOf.has(p)) idOf.set(p, idOf.size);
        const id = idOf.get(p) ?? -1;
        expect([v, p, ids[(starts[i] ?? 0) + k]]).toEqual([v, p, id]);
        sumOf[id] = (sumOf[id] ?? 0) + (weights?.[i] ?? 1);
      });
    });
    expect(Array.from(sums)).toEqual(sumOf);
  }

  test('equals trial division value by value; ids number the primes as they first appear, sums add the weights', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), (values) => expectLists(values)),
      {
        numRuns: runs(300),
      },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, fc.integer({ min: 1, max: 100_000 })), { maxLength: 40 }),
        (pairs) =>
          expectLists(
            pairs.map(([v]) => v),
            pairs.map(([, w]) => w),
          ),
      ),
      { numRuns: runs(300) },
    );
  });

  test('long lists, and more distinct primes than the first id table holds (it doubles until they fit)', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 5000, maxLength: 5050 }), (values) => expectLists(values)),
      { numRuns: runs(3), endOnFailure: true }, // shrinking 5000 values would take minutes
    );
    expectLists([]);
    // 400 products of two distinct rough primes: 800 distinct primes, and the first table (2^10 slots) takes 512.
    const rough: number[] = [];
    for (let p = 1009; rough.length < 800; p += 2) if (naiveIsPrime(p)) rough.push(p);
    expectLists(Array.from({ length: 400 }, (_, i) => (rough[2 * i] ?? 1) * (rough[2 * i + 1] ?? 1)));
  });

  test('three rough primes with repeats (p^2 q, p q^2, p^3): rho may split off p and leave p q, listing p twice', () => {
    fc.assert(
      fc.property(roughPrime(1460), roughPrime(2100), (p, q) => {
        const values = [p * p * q, p * q * q, p * p * p].filter((v) => v <= MAX_FACTOR32);
        expectLists(values);
        for (const v of values) expect(distinctPrimes32(v)).toEqual(naiveDistinctPrimes(v));
      }),
      { numRuns: runs(300) },
    );
  });

  test('p^2 q and p q^2 with rough p, q and the 9-prime values come out ascending without repeats', () => {
    const values = [1009 * 1009 * 1013, 1009 * 1013 * 1013, 1013 * 1013 * 1009 * 2, 1031 * 1031 * 1033];
    values.push(2 * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23, 2 * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 9, 2 ** 30);
    expectLists(values);
  });

  test('refuses values outside 1 .. 2^31 - 1 (an Int32Array holds 2^31 as -2^31)', () => {
    expect(() => distinctPrimesOfAll(Int32Array.from([6, 0]))).toThrow(/from 1 to 2\^31 - 1, got 0/);
    expect(() => distinctPrimesOfAll(Int32Array.from([6, 2 ** 31]))).toThrow(RangeError);
    expect(() => distinctPrimesOfAll(Int32Array.from([-5]))).toThrow(/got -5/);
    expect(() => distinctPrimesOfAll(Int32Array.from([6, 7]), Int32Array.from([1]))).toThrow(
      /one weight per value/,
    );
  });
});
