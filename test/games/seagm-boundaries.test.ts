/**
 * SEAGM at each limit of the code, one below and one above, against independent computations: the exact
 * editorial DP (exact fractions), the brute force (run past its size limit where it is still quick), and
 * facts that follow from the rules alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../support/runs.js';
import { parseParams } from '../../src/core/params.js';
import { seagm } from '../../src/games/seagm/index.js';
import {
  EXACT_LIMIT,
  TURN_TABLE_LIMIT,
  WINNING_LIST_LIMIT,
  type SeagmParams,
} from '../../src/games/seagm/schema.js';
import { solveSeagm } from '../../src/games/seagm/solve.js';
import { judgeOutput } from './judge-harness.js';
import { editorialExact, editorialSolve } from './seagm.reference.js';
import { isPrime } from '../../src/games/seagm/factor.js';
import { expectReaches } from '../support/reach.js';

const params = (cards: number[]): SeagmParams => parseParams(seagm, { cards });

/** Half-even rounding to 4 places of an exact fraction, as C's printf rounds an exact tie. */
function fourPlaces(num: bigint, den: bigint): string {
  const scaled = num * 10_000n;
  let q = scaled / den;
  const twice = 2n * (scaled % den);
  if (twice > den || (twice === den && q % 2n === 1n)) q++;
  return `${q / 10_000n}.${(q % 10_000n).toString().padStart(4, '0')}`;
}

/** Cards with few primes, so that the exact DP stays quick at n = 101. */
const someCards = (n: number) =>
  fc.array(fc.constantFrom(1, 2, 3, 4, 6, 9, 10, 12, 15, 30), { minLength: n, maxLength: n });

describe('SEAGM: the exact-fraction limit (n = 100)', () => {
  it('is 100 cards', () => expect(EXACT_LIMIT).toBe(100));

  it.each([99, 100])('gives the exact fraction at n = %i, equal to the exact editorial DP', (n) => {
    fc.assert(
      fc.property(someCards(n), (cards) => {
        const result = seagm.solve(params(cards));
        const [num, den] = editorialExact(cards);
        expect(result.fraction).toEqual({ num: num.toString(), den: den.toString() });
      }),
      { numRuns: runs(3) },
    );
  });

  it('gives a double within 1e-9 of the exact value and no fraction at n = 101', () => {
    fc.assert(
      fc.property(someCards(101), (cards) => {
        const result = seagm.solve(params(cards));
        const [num, den] = editorialExact(cards);
        expect(result.fraction).toBeNull();
        expect(Math.abs(result.probability - Number((num * 10n ** 15n) / den) / 1e15)).toBeLessThan(1e-9);
      }),
      { numRuns: runs(3) },
    );
  });

  it.each([99, 100, 101, 102, 201])(
    'with every card even, random play is decided by parity at n = %i (both sides of the limit)',
    (n) => {
      const result = seagm.solve(params(Array.from({ length: n }, (_, i) => 2 * (i + 1))));
      // g never reaches 1: all n cards are played and whoever faces the empty table loses.
      expect(result.probability).toBeCloseTo(n % 2 === 1 ? 1 : 0, 9);
      expect(result.firstWins).toBe(n % 2 === 1);
    },
  );

  it('the double-precision path agrees with the exact DP on random inputs past the limit', () => {
    const cards = fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 101, maxLength: 140, size: 'max' });
    expectReaches(cards, (c) => c.length, { min: 101, max: 140 }, 200);
    fc.assert(
      fc.property(cards, (cs) => {
        const [num, den] = editorialExact(cs);
        const approx = solveSeagm(params(cs), 0);
        expect(Math.abs(approx.probability - Number((num * 10n ** 15n) / den) / 1e15)).toBeLessThan(1e-9);
      }),
      { numRuns: runs(4) },
    );
  });
});

describe('SEAGM: the judge rounds exact ties half-even, as the original solutions print', () => {
  // One card 2 among k ones: the first player wins only by opening with the 2 (then any 1 ends it), so P = 1/(k+1).
  const judged = (ones: number): Promise<string> =>
    judgeOutput(seagm, `1\n${ones + 1}\n2 ${Array.from({ length: ones }, () => '1').join(' ')}\n`);

  it.each([
    [30, '1 0.0323'],
    [31, '1 0.0312'], // 1/32 = 0.03125 exactly: the tie goes to the even digit (toFixed would print 0.0313)
    [32, '1 0.0303'],
  ])('with %i ones beside one 2', async (ones, line) => {
    expect(await judged(ones)).toBe(`${line}\n`);
    const [num, den] = editorialExact([2, ...Array.from({ length: ones }, () => 1)]);
    expect(`1 ${fourPlaces(num, den)}`).toBe(line);
  });

  it('prints the exact rounding of the exact value for random inputs up to the limit', () => {
    const cards = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 40, size: 'max' });
    fc.assert(
      fc.property(cards, (cs) => {
        const p = params(cs);
        const [num, den] = editorialExact(cs);
        expect(seagm.judge.format(seagm.solve(p), p).split(' ')[1]).toBe(fourPlaces(num, den));
      }),
      { numRuns: runs(30) },
    );
  });
});

describe('SEAGM: the shown lists and tables', () => {
  /** k distinct even cards and, when needed, one repeat so that n is odd: every first card wins. */
  function allWinning(distinct: number): number[] {
    const cards = Array.from({ length: distinct }, (_, i) => 2 * (i + 1));
    return distinct % 2 === 1 ? cards : [...cards, 2];
  }

  it.each([WINNING_LIST_LIMIT - 1, WINNING_LIST_LIMIT, WINNING_LIST_LIMIT + 1])(
    'lists at most 20 winning first cards and counts them all (%i winning values)',
    (distinct) => {
      const result = seagm.solve(params(allWinning(distinct)));
      // gcd of all > 1 and n odd: every card wins (all cards get played, the first player plays the last).
      const values = Array.from({ length: distinct }, (_, i) => 2 * (i + 1));
      expect(result.winningCardCount).toBe(distinct);
      expect(result.winningCards).toEqual(values.slice(0, 20));
    },
  );

  it.each([4, 5, 6])('names the first five winning cards as moves (%i winning values)', (distinct) => {
    const p = params(allWinning(distinct));
    const moves = seagm.explain(p, seagm.solve(p)).moves.map((m) => m.move.card);
    expect(moves).toEqual(Array.from({ length: Math.min(distinct, 5) }, (_, i) => 2 * (i + 1)));
  });

  it.each([7, 8, 9])(
    'refutes at most 8 first cards, each with a reply the brute force confirms (%i classes)',
    (k) => {
      // 2 times distinct odd primes: each card its own prime class; n even and gcd 2, so every first card loses.
      const primes = [1, 3, 5, 7, 11, 13, 17, 19, 23].slice(0, k);
      const cards = primes.map((q) => 2 * q);
      if (cards.length % 2 === 1) cards.push(2);
      const p = params(cards);
      const result = seagm.solve(p);
      const brute = seagm.brute.solve(p);
      expect(result.firstWins).toBe(false);
      expect(result.refutations.map((r) => r.card)).toEqual(brute.refutations.map((r) => r.card));
      expect(result.refutations).toHaveLength(Math.min(k, 8));
    },
  );

  it.each([TURN_TABLE_LIMIT - 2, TURN_TABLE_LIMIT - 1, TURN_TABLE_LIMIT])(
    'tells when random play ends for the first 12 turns, as the brute force does (%i cards)',
    (n) => {
      const cards = Array.from({ length: n }, (_, i) => [6, 10, 15, 2, 3, 5][i % 6] ?? 1);
      const p = params(cards);
      // The brute force is exhaustive over 2^n card sets: still quick at 12 cards, past its usual limit.
      const brute = seagm.brute.solve(p);
      const fast = seagm.solve(p);
      expect(fast.endsOnTurn).toHaveLength(Math.min(n + 1, TURN_TABLE_LIMIT));
      expect(fast.endsOnTurn).toHaveLength(brute.endsOnTurn.length);
      fast.endsOnTurn.forEach((v, i) => expect(v).toBeCloseTo(brute.endsOnTurn[i] ?? -1, 9));
      expect(fast.fraction).toEqual(brute.fraction);
      expect(fast.winningCards).toEqual(brute.winningCards);
    },
  );
});

describe('SEAGM: past the exact limit, through the judge and with many primes', () => {
  it.each([101, 102])('the judge prints the exact 4-place rounding at n = %i (double path)', async (n) => {
    const cards = Array.from({ length: n }, (_, i) => [2, 3, 4, 6, 9, 10, 15, 1][i % 8] ?? 1);
    const [num, den] = editorialExact(cards);
    const line = await judgeOutput(seagm, `1\n${n}\n${cards.join(' ')}\n`);
    expect(line).toBe(`${seagm.solve(params(cards)).firstWins ? 1 : 0} ${fourPlaces(num, den)}\n`);
  });

  it.each([99, 100, 101, 102, 103, 104])(
    'n = %i cards sharing the prime 2 but for a few: P equals the exact DP',
    (n) => {
      for (const odd of [0, 1, 2, 3]) {
        const cards = Array.from({ length: n }, (_, i) => (i < odd ? 3 + 2 * i : 2 * (i + 1)));
        const [num, den] = editorialExact(cards);
        const r = seagm.solve(params(cards));
        expect([n, odd, r.probability]).toEqual([n, odd, expect.closeTo(Number(num) / Number(den), 9)]);
        // With every card even, g never reaches 1: the first player takes the last card iff n is odd.
        if (odd === 0) expect(r.probability).toBeCloseTo(n % 2, 12);
      }
    },
  );

  it.each([101, 102, 103, 150, 301])(
    'n = %i: the two double recurrences meet at n/3 (c cards of 2 among ones, c around n/3 and at the ends)',
    (n) => {
      const split = Math.floor(n / 3);
      for (const c of [2, 3, split - 1, split, split + 1, split + 2, n - 1, n]) {
        const cards = Array.from({ length: n }, (_, i) => (i < c ? 2 : 1));
        const [num, den] = editorialExact(cards);
        const r = seagm.solve(params(cards));
        expect([n, c, r.probability]).toEqual([n, c, expect.closeTo(Number(num) / Number(den), 12)]);
      }
    },
  );

  it('cards with up to nine primes each (hundreds of divisors per card): exact P and the verdict', () => {
    // 2*3*5*7*11*13*17*19*23 = 223,092,870 has 511 squarefree divisors > 1; the others share most of its primes.
    const big = [
      223_092_870, 111_546_435, 74_364_290, 44_618_574, 31_870_410, 20_281_170, 17_160_990, 9_699_690,
    ];
    for (const cards of [
      big,
      [...big, 2, 3, 5, 7],
      [...big, ...big.map((c) => c * 2)].filter((c) => c <= 1e9),
      // 2*...*19 times 29, 31 or 37: over 512 distinct divisors in all, so the divisor table must grow.
      [223_092_870, 281_291_010, 300_690_390, 358_888_530, 6, 35, 143],
      [281_291_010, 300_690_390, 358_888_530, 9_699_690 * 41, 9_699_690 * 43],
    ]) {
      const [num, den] = editorialExact(cards);
      const r = seagm.solve(params(cards));
      expect(r.fraction).toEqual({ num: num.toString(), den: den.toString() });
      expect(r.firstWins).toBe(editorialSolve(cards).win);
    }
  });

  it('tells when random play ends at 13 and 14 cards, past the 12-turn table (brute force)', () => {
    for (const n of [13, 14]) {
      // All but one card even: the gcd stays above 1 for up to n - 1 turns.
      const cards = Array.from({ length: n }, (_, i) => (i === 0 ? 3 : 2 * i + (i % 3 === 0 ? 0 : 2)));
      const p = params(cards);
      const fast = seagm.solve(p);
      const brute = seagm.brute.solve(p);
      expect(fast.endsOnTurn).toHaveLength(TURN_TABLE_LIMIT);
      fast.endsOnTurn.forEach((v, i) =>
        expect([n, i, v]).toEqual([n, i, expect.closeTo(brute.endsOnTurn[i] ?? -1, 9)]),
      );
    }
  });

  it.each([1023, 1024, 1025])(
    '%i distinct primes before a shared one (the table of prime counts grows past 1024): exact answers',
    (k) => {
      const primes: number[] = [];
      for (let p = 2; primes.length < k; p++) if (isPrime(p)) primes.push(p);
      // Each small prime once, then the prime q = 999,999,937 twice. A single prime wins at once (every
      // reply makes g = 1); q loses (the opponent takes the other q, then every card makes g = 1).
      const q = 999_999_937;
      const n = k + 2;
      const r = seagm.solve(params([...primes, q, q]));
      expect(r.firstWins).toBe(true);
      expect(r.winningCardCount).toBe(k);
      expect(r.winningCards).toEqual(primes.slice(0, WINNING_LIST_LIMIT));
      // Random play: a small prime first wins; q first wins unless the reply is the other q.
      expect(r.probability).toBeCloseTo(k / n + (2 / n) * (k / (n - 1)), 12);
      const both = 2 / (n * (n - 1));
      expect(r.endsOnTurn.slice(0, 4)).toEqual([
        0,
        expect.closeTo(1 - both, 12),
        expect.closeTo(both, 12),
        0,
      ]);
    },
  );

  it('primality at its lower end', () => {
    expect([0, 1, 2, 3, 4, 5, 9, 999_983, 999_999_937, 1_000_000_000].map((n) => isPrime(n))).toEqual([
      false,
      false,
      true,
      true,
      false,
      true,
      false,
      true,
      true,
      false,
    ]);
  });
});
