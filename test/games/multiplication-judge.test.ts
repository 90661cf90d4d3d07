/**
 * Multiplication: the token judge (parse, schema, solve, format; the path of `grundy judge` for readers without
 * the byte judge) against the byte judge, and the exponent signature's contract from three primes on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplication as game } from '../../src/games/multiplication/index.js';
import { exponentSignature } from '../../src/games/multiplication/solve.js';
import { runs } from '../support/runs.js';
import { judgeError, judgeOutput, legacyJudgeOutput } from './judge-harness.js';

describe('multiplication: the token judge', () => {
  it('answers as the byte judge does', async () => {
    const input = '5\n10 Alice\n20 Bob\n30 Alice\n1000000000000000000 Alice\n999999866000004473 Bob\n';
    expect(await judgeOutput(game, input)).toBe('Bob\nBob\ntie\nBob\nAlice\n');
    expect(await legacyJudgeOutput(game, input)).toBe('Bob\nBob\ntie\nBob\nAlice\n');
  });

  it.each([
    ['0\n', 1],
    ['2\n10 Alice\n1 Bob\n', 3],
    ['1\n1000000000000000001 Bob\n', 2],
    ['2\n10 Alice\n20 Carol\n', 3],
    ['1\n10 Alice\n20 Bob\n', 3],
  ])('refuses %j on line %i, as the byte judge does', async (input, line) => {
    expect((await judgeError(game, input)).line).toBe(line);
    await expect(legacyJudgeOutput(game, input)).rejects.toThrow(`line ${line}:`);
  });
});

describe('multiplication: the exponent signature', () => {
  const SMALL = [2n, 3n, 5n, 7n, 11n, 13n, 997n];
  it('is only the fact from three distinct primes on (three or more small primes, nothing left over)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...SMALL), { minLength: 3, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 5, maxLength: 5 }),
        (primes, exponents) => {
          const n = primes.reduce((acc, p, i) => acc * p ** BigInt(exponents[i] ?? 1), 1n);
          fc.pre(n <= 10n ** 18n); // the solver's range
          expect([n, exponentSignature(n)]).toEqual([n, 'three-or-more']);
        },
      ),
      { numRuns: runs(100) },
    );
    expect(exponentSignature(30n)).toBe('three-or-more');
    expect(exponentSignature(2n * 3n * 997n)).toBe('three-or-more');
    // One small prime beside a square of two rough primes (1033 * 1039)^2, and beside a rough p^2 q.
    expect(exponentSignature(2n * (1033n * 1039n) ** 2n)).toBe('three-or-more');
    expect(exponentSignature(3n ** 2n * 1033n * 1039n)).toBe('three-or-more');
    expect(exponentSignature(1033n ** 2n * 1039n)).toEqual([2, 1]);
    // Two primes: the exponents themselves.
    expect(exponentSignature(2n ** 3n * 997n)).toEqual([3, 1]);
  });
});
