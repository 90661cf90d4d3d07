/**
 * Multiplication: the plain-number signature for N below 2^31 (the judge's path for every contest N) against
 * the BigInt path, and the judge's two paths giving one answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplication as game } from '../../src/games/multiplication/index.js';
import { MAX_SMALL_N, smallSignature } from '../../src/games/multiplication/small.js';
import { exponentSignature, solveMultiplication } from '../../src/games/multiplication/solve.js';
import { runs } from '../support/runs.js';
import { judgeOutput } from './judge-harness.js';

const sameAsBigint = (n: number): void => {
  expect([n, smallSignature(n)]).toEqual([n, exponentSignature(BigInt(n))]);
};

/** Primes chosen around the bounds the fast path switches on: 2, 997 / 1009 (the kernel's trial bound), 1291. */
const PRIMES = [2, 3, 5, 7, 31, 997, 1009, 1013, 1277, 1283, 1289, 1291, 1297, 46337, 46349, 65521];

describe('multiplication: the signature of N below 2^31 in plain numbers', () => {
  it('is the BigInt signature for any N', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: MAX_SMALL_N }), sameAsBigint), {
      numRuns: runs(3000),
    });
  });

  it('is the BigInt signature for products of up to four prime powers near the switch points', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...PRIMES), fc.integer({ min: 1, max: 6 })), {
          minLength: 1,
          maxLength: 4,
        }),
        (powers) => {
          const n = powers.reduce((acc, [p, e]) => acc * p ** e, 1);
          fc.pre(n >= 2 && n <= MAX_SMALL_N);
          sameAsBigint(n);
        },
      ),
      { numRuns: runs(3000) },
    );
  });

  it('is the BigInt signature at the edges', () => {
    for (let n = 2; n < 3000; n++) sameAsBigint(n);
    for (const n of [
      MAX_SMALL_N,
      MAX_SMALL_N - 1,
      2 ** 30,
      1009 * 1009,
      1009 * 1009 - 2,
      1009 ** 3,
      1283 ** 3,
      1289 ** 3,
      1009 * 1013 * 1019,
      1009 ** 2 * 1013,
      2 * 1009 * 1013,
      2 * 32749 ** 2,
      46337 ** 2,
      46337 * 46327,
      3 * 46337 * 7919,
      65521 * 32749,
      2 * 1009 * 1013 * 1019,
      2 * 1009 * 1018091,
      2 * 1009 ** 3,
      1009 * 1013 * 1019,
    ])
      sameAsBigint(n);
    expect(smallSignature(2 ** 30)).toEqual([30]);
    expect(smallSignature(46337 * 46327)).toEqual([1, 1]);
    expect(smallSignature(1009 ** 2 * 1013)).toEqual([2, 1]);
    expect(smallSignature(2 * 1009 * 1013)).toBe('three-or-more');
    // One prime below 1000, one from the scan above it, and something left: three.
    expect(smallSignature(2 * 1009 * 1018091)).toBe('three-or-more');
    expect(smallSignature(2 * 1009 * 1013 * 1019)).toBe('three-or-more');
  });

  it('refuses N outside 2..2^31 - 1', () => {
    for (const n of [0, 1, MAX_SMALL_N + 1, 2.5, Number.NaN])
      expect(() => smallSignature(n)).toThrow(RangeError);
  });

  it('gives the judge the answers of the BigInt solver, on both sides of 2^31', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.oneof(
              fc.bigInt({ min: 2n, max: BigInt(MAX_SMALL_N) }),
              fc.bigInt({ min: BigInt(MAX_SMALL_N) - 5n, max: BigInt(MAX_SMALL_N) + 5n }),
              fc.bigInt({ min: 2n, max: 10n ** 18n }),
            ),
            fc.constantFrom('Alice' as const, 'Bob' as const),
          ),
          { minLength: 1, maxLength: 20 },
        ),
        async (tests) => {
          const input = `${tests.length}\n${tests.map(([n, first]) => `${n} ${first}`).join('\n')}\n`;
          const expected = tests
            .map(([n, first]) => solveMultiplication({ n: n.toString(), first }).winner ?? 'tie')
            .join('\n');
          expect(await judgeOutput(game, input)).toBe(`${expected}\n`);
        },
      ),
      { numRuns: runs(100) },
    );
  });
});
