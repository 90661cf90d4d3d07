/**
 * The Multiplication Game at the limits of its factoriser, one below and one above: the first prime trial
 * division cannot remove (1031) and its square, the cube-root sweep, and N up to 10^18. The reference is
 * independent of the solver: trial division for the exponents, then minimax over exponent vectors (M is a
 * product of N's primes, so it divides N until some exponent is exceeded, and then nobody can reach N).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { multiplication as game } from '../../src/games/multiplication/index.js';
import type { MultiplicationParams, Rule } from '../../src/games/multiplication/schema.js';
import { expectReaches } from '../support/reach.js';
import { runs } from '../support/runs.js';

const params = (n: bigint | number, first: 'Alice' | 'Bob'): MultiplicationParams =>
  parseParams(game, { n: String(n), first });

/** Exponents of n (n < 2^53) by trial division by every d >= 2. */
function exponentsByTrialDivision(n: number): number[] {
  const exponents: number[] = [];
  let m = n;
  for (let d = 2; d * d <= m; d++) {
    let e = 0;
    while (m % d === 0) {
      m /= d;
      e++;
    }
    if (e > 0) exponents.push(e);
  }
  if (m > 1) exponents.push(1);
  return exponents;
}

/** Minimax over how often each prime was used: +1 the mover wins, 0 tie, -1 the mover loses. */
function exponentGame(exponents: readonly number[]): Outcome {
  const memo = new Map<string, number>();
  const value = (used: readonly number[]): number => {
    const key = used.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = -1;
    for (let i = 0; i < exponents.length && best < 1; i++) {
      const next = used.map((u, j) => (j === i ? u + 1 : u));
      let v: number;
      if (next.some((u, j) => u > (exponents[j] ?? 0))) v = 0;
      else if (next.every((u, j) => u === exponents[j])) v = 1;
      else v = -value(next);
      best = Math.max(best, v);
    }
    memo.set(key, best);
    return best;
  };
  const v = value(exponents.map(() => 0));
  return v === 1 ? 'first' : v === -1 ? 'second' : 'tie';
}

function ruleFor(exponents: readonly number[]): Rule {
  if (exponents.length >= 3) return 'three-or-more-primes';
  if (exponents.length === 1) return 'one-prime';
  const gap = Math.abs((exponents[0] ?? 0) - (exponents[1] ?? 0));
  return gap === 0 ? 'two-primes-equal' : gap === 1 ? 'two-primes-one-apart' : 'two-primes-further-apart';
}

function expectAnswer(n: bigint | number, exponents: readonly number[]): void {
  const outcome = exponents.length >= 3 ? 'tie' : exponentGame(exponents);
  for (const first of ['Alice', 'Bob'] as const) {
    const other = first === 'Alice' ? 'Bob' : 'Alice';
    const winner = outcome === 'first' ? first : outcome === 'second' ? other : null;
    expect([String(n), game.solve(params(n, first))]).toEqual([
      String(n),
      { outcome, winner, rule: ruleFor(exponents) },
    ]);
  }
}

describe('multiplication: around the first prime trial division leaves (1031) and its square', () => {
  const square = 1031 * 1031;

  it.each([
    square - 1,
    square,
    square + 1,
    1021 * 1021,
    1021 * 1031,
    1031 * 1033,
    1033 * 1033,
    1031 ** 3,
    1031 * 1031 * 1033,
    1024 * 1024,
    1031,
    1033,
    1021,
  ])('N = %i', (n) => expectAnswer(n, exponentsByTrialDivision(n)));

  it('every N within 200 of 1031^2 and of 1031^3', () => {
    for (const centre of [square, 1031 ** 3]) {
      for (let n = centre - 200; n <= centre + 200; n++) expectAnswer(n, exponentsByTrialDivision(n));
    }
  });

  it('random N from 10^6 to 2 * 10^12 (past the brute force, within trial division)', () => {
    const n = fc.integer({ min: 1_000_000, max: 2_000_000_000_000 });
    expectReaches(n, (x) => x, { min: 1_000_000, max: 2_000_000_000_000, within: 0.01 });
    fc.assert(
      fc.property(n, (x) => expectAnswer(x, exponentsByTrialDivision(x))),
      { numRuns: runs(150) },
    );
  });
});

describe('multiplication: the cube-root sweep near 10^6 and N near 10^18', () => {
  // Primes around 10^6, checked here by trial division.
  const p1 = 999_953;
  const p2 = 999_959;
  const p3 = 999_961;
  const p4 = 999_983;
  const q1 = 1_000_003;
  const q2 = 1_000_033;

  it('uses primes near 10^6', () => {
    for (const p of [p1, p2, p3, p4, q1, q2]) expect(exponentsByTrialDivision(p)).toEqual([1]);
  });

  it.each([
    [BigInt(p1) * BigInt(p2) * BigInt(p3), [1, 1, 1]], // three primes, the smallest just under the cube root
    [BigInt(p4) * BigInt(p4) * BigInt(q1), [2, 1]], // p^2 q close to 10^18: the sweep must find p
    [BigInt(p4) * BigInt(q1) * BigInt(q1), [1, 2]],
    [BigInt(p4) * BigInt(q1), [1, 1]], // two primes: the sweep finds nothing below the cube root
    [BigInt(p4) ** 3n, [3]],
    [BigInt(q1) ** 2n * 1024n, [10, 2]],
    [BigInt(q1) ** 2n * 1031n * 7n, [1, 1, 2]],
    [BigInt(p4) * BigInt(q1) * 1031n, [1, 1, 1]],
    [10n ** 18n, [18, 18]],
    [10n ** 18n - 1n, [4, 1, 1, 1, 1, 1, 1, 1]], // (10^9 - 1)(10^9 + 1) = 3^4 * 7 * 11 * 13 * 19 * 37 * 52579 * 333667
    [2n ** 59n, [59]],
    [3n ** 37n, [37]],
  ] as const)('N = %s', (n, exponents) => {
    expectAnswer(n, exponents);
  });

  it('the products really have the exponents claimed', () => {
    const product = (xs: readonly number[]) => xs.reduce((a, b) => a * BigInt(b), 1n);
    expect(product([p1, p2, p3])).toBeLessThanOrEqual(10n ** 18n);
    expect(product([p4, p4, q1])).toBeLessThanOrEqual(10n ** 18n);
    expect(product([p4, q1, q1])).toBeLessThanOrEqual(10n ** 18n);
    expect(10n ** 18n - 1n).toBe(81n * 7n * 11n * 13n * 19n * 37n * 52_579n * 333_667n);
    for (const p of [52_579, 333_667]) expect(exponentsByTrialDivision(p)).toEqual([1]);
  });
});
