import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../support/runs.js';
import { parseParams } from '../../src/core/params.js';
import { judgeOutput, legacyJudgeOutput } from './judge-harness.js';
import { JudgeInputError } from '../../src/core/errors.js';
import { seagm } from '../../src/games/seagm/index.js';
import { bruteReplyWins } from '../../src/games/seagm/brute.js';
import { distinctPrimes, isPrime } from '../../src/games/seagm/factor.js';
import { analyse, OptimalSearch, solveSeagm } from '../../src/games/seagm/solve.js';
import type { SeagmParams } from '../../src/games/seagm/schema.js';
import { smallCards } from './seagm.fixture.js';
import { editorialSolve } from './seagm.reference.js';

const judge = (input: string): Promise<string> => judgeOutput(seagm, input);

const params = (cards: number[]): SeagmParams => parseParams(seagm, { cards });

describe('SEAGM official samples', () => {
  it('reproduces the seven published cases byte for byte', async () => {
    const input =
      '7\n5\n6 10 15 22 28\n5\n2 4 8 16 32\n4\n2 4 8 16\n4\n1 2 3 4\n6\n5 45 34 2 28 46\n8\n93 81 30 54 63 86 46 57\n3\n2 1 1\n';
    expect(await judge(input)).toBe('0 0.4000\n1 1.0000\n0 0.0000\n1 0.5833\n0 0.6667\n0 0.5571\n1 0.3333\n');
  });

  it('answers /seagm 2 6 3: second player wins, random play 1/3', () => {
    const p = params([2, 6, 3]);
    const r = seagm.solve(p);
    expect(r.firstWins).toBe(false);
    expect(r.fraction).toEqual({ num: '1', den: '3' });
    expect(seagm.explain(p, r).headline).toContain('1/3 (0.3333)');
  });
});

describe('SEAGM fast solver against the brute force', () => {
  it('agrees on the winning first cards, the exact fraction and the turn distribution', () => {
    fc.assert(
      fc.property(smallCards, (cards) => {
        const p = params(cards);
        const fast = seagm.solve(p);
        const slow = seagm.brute.solve(p);
        expect(fast.firstWins).toBe(slow.firstWins);
        expect(fast.winningCards).toEqual(slow.winningCards);
        expect(fast.winningCardCount).toBe(slow.winningCardCount);
        expect(fast.fraction).toEqual(slow.fraction);
        expect(fast.endsOnTurn.length).toBe(slow.endsOnTurn.length);
        fast.endsOnTurn.forEach((v, i) => expect(v).toBeCloseTo(slow.endsOnTurn[i] ?? -1, 9));
      }),
      { numRuns: runs(200) },
    );
  });

  it("every refutation's reply wins for the second player (checked exhaustively)", () => {
    fc.assert(
      fc.property(smallCards, (cards) => {
        const p = params(cards);
        const r = seagm.solve(p);
        for (const { card, reply } of r.refutations) {
          if (reply === null) continue;
          expect(bruteReplyWins(p.cards, card, reply)).toBe(true);
        }
        if (!r.firstWins) expect(r.refutations.length).toBeGreaterThan(0);
      }),
      { numRuns: runs(300) },
    );
  });

  it('the double-precision formula matches the exact fraction to 1e-9 well past 100 cards', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 101, maxLength: 260, size: 'max' }),
        (cards) => {
          const p = params(cards);
          const exact = solveSeagm(p, 1_000);
          const approx = solveSeagm(p, 0);
          expect(approx.fraction).toBeNull();
          const value =
            Number((BigInt(exact.fraction?.num ?? '0') * 10n ** 15n) / BigInt(exact.fraction?.den ?? '1')) /
            1e15;
          expect(Math.abs(approx.probability - value)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: runs(25) },
    );
  });

  it('when every card shares a prime, parity decides both answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 300, size: 'max' }),
        fc.integer({ min: 2, max: 97 }),
        (xs, k) => {
          const p = params(xs.map((x) => x * k));
          const r = seagm.solve(p);
          const odd = p.cards.length % 2 === 1;
          expect(r.firstWins).toBe(odd);
          // Exactly 0 or 1 up to 100 cards (fractions), within 1e-9 beyond (doubles).
          if (p.cards.length <= 100) expect(r.probability).toBe(odd ? 1 : 0);
          else expect(r.probability).toBeCloseTo(odd ? 1 : 0, 9);
        },
      ),
      { numRuns: runs(40) },
    );
  });
});

describe('SEAGM typed-array solver against the prime-class search', () => {
  it('finds the same winning first cards on hundreds of cards with many shared primes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 10 ** 9 })), {
          minLength: 1,
          maxLength: 400,
          size: 'max',
        }),
        (cards) => {
          const p = params(cards);
          const fast = solveSeagm(p);
          // The search over whole prime sets (every prime of a card, shared or not), as play.ts uses it.
          const a = analyse(p.cards);
          const search = new OptimalSearch(a);
          const winning = a.classes
            .filter((c) => c.primes.length > 0 && !search.wins(c.primes, c.radical, 1))
            .flatMap((c) => c.values)
            .sort((x, y) => x - y);
          expect(fast.winningCardCount).toBe(winning.length);
          expect(fast.winningCards).toEqual(winning.slice(0, fast.winningCards.length));
          expect(fast.firstWins).toBe(winning.length > 0);
          for (const { card, reply } of fast.refutations) {
            expect(p.cards).toContain(card);
            if (reply === null) continue;
            // After card and reply, the first player must face a lost position.
            const after = [...p.cards];
            after.splice(after.indexOf(card), 1);
            expect(after).toContain(reply);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });
});

describe('SEAGM factorisation', () => {
  const slowIsPrime = (n: number): boolean => {
    if (n < 2) return false;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
    return true;
  };
  it('finds exactly the distinct primes of any n up to 10^9', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (n) => {
        const primes = distinctPrimes(n);
        let m = n;
        for (const p of primes) {
          expect(slowIsPrime(p)).toBe(true);
          expect(m % p).toBe(0);
          while (m % p === 0) m /= p;
        }
        expect(m).toBe(1);
      }),
      { numRuns: runs(300) },
    );
  });
  it('splits hard semiprimes and prime squares', () => {
    expect(distinctPrimes(999_983 * 1_009)).toEqual([1_009, 999_983]);
    expect(distinctPrimes(31_607 * 31_627)).toEqual([31_607, 31_627]);
    expect(distinctPrimes(31_607 * 31_607)).toEqual([31_607]);
    expect(distinctPrimes(999_999_937)).toEqual([999_999_937]);
    expect(isPrime(999_999_937)).toBe(true);
    expect(isPrime(999_999_939)).toBe(false);
  });
});

describe('SEAGM judge input errors', () => {
  const cases: [string, RegExp][] = [
    ['x\n', /line 1: expected the number of tests T/],
    ['1\n3\n1 2\n', /line 3: expected card 3 of test 1 .* but the input ended/],
    ['1\n2\n1 0\n', /line 3: expected card 2 of test 1 \(an integer from 1 to 1000000000\), found "0"/],
    ['1\n1\n5\n7\n', /line 4: expected the end of the input, found "7"/],
    ['1\n100001\n', /line 2: expected n for test 1 \(an integer from 1 to 100000\)/],
  ];
  it.each(cases)('%j', async (input, message) => {
    await expect(judge(input)).rejects.toThrow(JudgeInputError);
    await expect(judge(input)).rejects.toThrow(message);
    // The token judge (parse, schema, solve) refuses it with the same message.
    await expect(legacyJudgeOutput(seagm, input)).rejects.toThrow(message);
  });

  it('the token judge reads the same tests as the byte judge, cards in any order', async () => {
    const input =
      '4\n5\n28 22 15 10 6\n4\n1 2 3 4\n8\n93 81 30 54 63 86 46 57\n12\n30 1 6 10 4 15 9 2 8 3 5 6\n';
    const expected = '0 0.4000\n1 0.5833\n0 0.5571\n';
    const last = solveSeagm(params([30, 1, 6, 10, 4, 15, 9, 2, 8, 3, 5, 6]));
    const lastLine = seagm.judge.format(last, params([1]));
    expect(await judge(input)).toBe(`${expected}${lastLine}\n`);
    expect(await legacyJudgeOutput(seagm, input)).toBe(`${expected}${lastLine}\n`);
  });
});

describe('SEAGM against an accepted contest solution (editorial DP) on contest-sized inputs', () => {
  it('agrees on W exactly and on P to 1e-9, and on the 4-digit output away from rounding ties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 100, size: 'max' }),
        (cards) => {
          const p = params(cards);
          const ours = seagm.solve(p);
          const theirs = editorialSolve(cards);
          expect(ours.firstWins).toBe(theirs.win);
          expect(Math.abs(ours.probability - theirs.p)).toBeLessThan(1e-9);
          const scaled = theirs.p * 1e4;
          if (Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) {
            expect(seagm.judge.format(ours, p).split(' ')[1]).toBe(theirs.p.toFixed(4));
          }
        },
      ),
      { numRuns: runs(20) },
    );
  });
});
