/**
 * Multiplication Game explanations (`explain.ts`), every field a user sees, against figures counted here: N's
 * primes by trial division, the outcome by the brute force's minimax over M, and the named first move checked
 * by the brute force. The wording is the explanation's; every number, name, prime and verdict in it is
 * computed here, independently of the solver.
 */
import { describe, expect, it } from 'vitest';
import type { Explanation } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { bruteOutcome } from '../../src/games/multiplication/brute.js';
import { planMove } from '../../src/games/multiplication/explain.js';
import { multiplication as game } from '../../src/games/multiplication/index.js';
import type { MultiplicationMove, MultiplicationParams } from '../../src/games/multiplication/schema.js';

type Name = 'Alice' | 'Bob';
const other = (p: Name): Name => (p === 'Alice' ? 'Bob' : 'Alice');

/** N's primes and exponents by trial division. */
function primesOf(n: number): { prime: number; exponent: number }[] {
  const out: { prime: number; exponent: number }[] = [];
  let m = n;
  for (let d = 2; d * d <= m; d++) {
    let e = 0;
    for (; m % d === 0; m /= d) e++;
    if (e > 0) out.push({ prime: d, exponent: e });
  }
  if (m > 1) out.push({ prime: m, exponent: 1 });
  return out;
}

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st, by the English rule. */
function ordinalOf(k: number): string {
  if (k % 100 >= 11 && k % 100 <= 13) return `${k}th`;
  const last = k % 10;
  return `${k}${last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th'}`;
}

const timesOf = (k: number): string => (k === 1 ? 'once' : k === 2 ? 'twice' : `${k} times`);

const mirror = (mirrorer: Name, victim: Name): string =>
  `Mirroring: whenever ${victim} multiplies by one prime, ${mirrorer} multiplies by the other. After each pair of moves both primes have been used equally often, so on each of ${victim}'s turns both are still short of their exponent (there is nothing to over-fill), and ${mirrorer} makes the last multiplication.`;

/** The whole explanation of N with `first` to move, from the trial division and the brute force's outcome. */
function expected(n: number, first: Name): Explanation<MultiplicationMove> {
  const factors = primesOf(n);
  const exponents = factors.map((f) => f.exponent);
  const primes = factors.map((f) => String(f.prime));
  const total = exponents.reduce((a, b) => a + b, 0);
  const second = other(first);
  const last = total % 2 === 1 ? first : second;
  const notLast = other(last);
  const outcome = bruteOutcome(n);
  const winner = outcome === 'first' ? first : outcome === 'second' ? second : null;
  const shown = factors
    .map((f) => (f.exponent === 1 ? `${f.prime}` : `${f.prime}^${f.exponent}`))
    .join(' × ');
  const sum = factors.length > 1 ? ` (${exponents.join(' + ')})` : '';
  const nth = ordinalOf(total);
  // Primes by exponent, smallest prime first among equals.
  const byExponent = (pick: (a: number, b: number) => boolean): string => {
    let best = 0;
    exponents.forEach((e, i) => {
      if (pick(e, exponents[best] ?? 0)) best = i;
    });
    return primes[best] ?? '';
  };
  const largest = byExponent((a, b) => a > b);
  const smallest = byExponent((a, b) => a < b);
  let headline: string;
  let moves: { text: string; move: MultiplicationMove }[] = [];
  let whyNoMove: string | undefined;
  let specific: string[];
  let plan: string;
  const [p0 = '', p1 = ''] = primes;
  if (factors.length === 1) {
    const forced =
      total === 1
        ? `N is prime, so the only move is ×${p0}, and it reaches N at once.`
        : `With a single prime the only move is ×${p0} every time, so nobody can steer: the game runs its ${total} moves and ${last} makes the last.`;
    if (winner === first) {
      headline =
        total === 1
          ? `${first} wins: ${n} is prime, so ${first} multiplies by it and reaches N at once.`
          : `${first} wins: ${n} = ${p0}^${total} allows only the move ×${p0}, and the ${nth} and last multiplication is ${first}'s.`;
      moves = [{ text: `Multiply by ${p0}, the only prime of N (and keep doing so).`, move: { prime: p0 } }];
    } else {
      headline = `${second} wins: ${n} = ${p0}^${total} allows only the move ×${p0}, and the ${nth} and last multiplication is ${second}'s.`;
      whyNoMove = `×${p0} is the only move, so the game is forced, and with ${total} multiplications the last one falls to ${second}.`;
    }
    specific = [forced];
    plan = `Only ×${p0} is ever possible, so nobody can steer the game.`;
  } else if (factors.length === 2 && exponents[0] === exponents[1]) {
    headline = `${second} wins by mirroring: ${n} = ${shown} has two primes with equal exponents.`;
    whyNoMove = `Whatever ${first} multiplies by, ${second} answers with the other prime (×${p0} with ×${p1}, ×${p1} with ×${p0}) and keeps mirroring until the ${nth} and last multiplication, which is ${second}'s.`;
    specific = [mirror(second, first)];
    plan = `${second} answers each prime with the other one, so ${second} makes the last multiplication.`;
  } else if (factors.length === 2 && Math.abs((exponents[0] ?? 0) - (exponents[1] ?? 0)) === 1) {
    const p = largest;
    const q = p === p0 ? p1 : p0;
    const a = Math.min(...exponents);
    headline = `${first} wins by opening with ${p} and then mirroring: ${n} = ${shown}.`;
    moves = [
      {
        text: `Multiply by ${p} (the prime with the larger exponent); then answer every ×${p} with ×${q} and every ×${q} with ×${p}.`,
        move: { prime: p },
      },
    ];
    specific = [
      `Opening with ${p} leaves each prime needing ${timesOf(a)} more, with ${second} to move: equal exponents, where the player to move loses.`,
      mirror(first, second),
      a === 1
        ? `Opening with ${q} instead would complete ${q} at once, and ${second} would over-fill it: a tie.`
        : `Opening with ${q} instead would leave ${p} needing ${timesOf(a + 1)} more and ${q} ${timesOf(a - 1)}: a gap of two, so ${second} could force a tie.`,
    ];
    plan = `Opening with ${p} evens out the primes; then ${first} answers each prime with the other one.`;
  } else {
    const spoiler = notLast;
    const holder = last;
    specific = [
      `${spoiler}'s plan: as soon as some prime has been multiplied in as often as it divides N, multiply by it once more (M then stops dividing N); until then multiply by ${smallest}.`,
      factors.length >= 3
        ? `This always comes in time: ${holder} would make the last multiplication, so ${spoiler} is to move when two are left, and two multiplications cannot complete ${factors.length} primes: one of them is complete already.`
        : `The exponents ${exponents.join(' and ')} differ by at least two. ${spoiler} keeps using ${smallest} (the smaller exponent), so when ${smallest} is complete the other prime has been used at most as often as ${smallest} and is still at least two short: ${holder} cannot finish first, and ${spoiler} over-fills ${smallest}.`,
    ];
    if (first === spoiler) {
      moves = [
        {
          text: `Multiply by ${smallest}, then follow the plan: over-fill a prime as soon as one is complete.`,
          move: { prime: smallest },
        },
      ];
      if (factors.length === 2 && Math.abs((exponents[0] ?? 0) - (exponents[1] ?? 0)) === 2) {
        specific.push(
          `Careful: opening with ${largest} would leave the exponents one apart with ${holder} to move, and ${holder} would win by opening with the larger one and mirroring.`,
        );
      }
    } else {
      moves = [
        {
          text: `Multiply by ${largest}; any first move keeps the tie, since only ${holder} can make the last multiplication, but ${spoiler} can always over-fill a prime.`,
          move: { prime: largest },
        },
      ];
    }
    headline = `Tie: only ${holder} could make the ${nth} and last multiplication of ${n} = ${shown}, and ${spoiler} can stop it by over-filling a prime.`;
    plan = `${spoiler} multiplies by a finished prime once more before ${holder} can complete N: M stops dividing N, a tie.`;
  }
  return {
    outcome,
    winner,
    headline,
    moves,
    ...(whyNoMove === undefined ? {} : { whyNoMove }),
    reasons: [
      'M equals N exactly when every prime of N has been multiplied in as often as it divides N; multiplying by a prime once more makes M stop dividing N, and from then on only a tie is possible.',
      `So a won game takes exactly ${total}${sum} multiplications. ${first} makes the odd-numbered ones, so the ${nth} is ${last}'s: only ${last} can win, and ${notLast} can at best force a tie.`,
      ...specific,
    ],
    facts: [
      { label: 'N', value: `${n} = ${shown}` },
      { label: 'Distinct primes', value: String(factors.length) },
      { label: 'Multiplications in a won game', value: `${total}${sum}` },
      { label: 'Only possible winner', value: `${last} (makes the ${nth} multiplication)` },
      { label: 'Moves first', value: first },
      { label: 'Result', value: winner === null ? 'tie' : `${winner} wins` },
    ],
    brief: [
      `${factors.length === 1 && total === 1 ? `${n} is prime` : `${n} = ${shown}`}: reaching it takes exactly ${total}${sum} multiplication${total === 1 ? '' : 's'}.`,
      `${first} makes the odd-numbered ones, so only ${last} can make the ${nth} and win; ${notLast} can at best force a tie.`,
      plan,
    ],
  };
}

const params = (n: number, first: Name): MultiplicationParams => parseParams(game, { n: String(n), first });

function check(n: number, first: Name): void {
  const p = params(n, first);
  const e = game.explain(p, game.solve(p));
  expect([n, first, e]).toStrictEqual([n, first, expected(n, first)]);
  for (const { move } of e.moves)
    expect([n, first, game.brute.securesOptimum(p, move)]).toEqual([n, first, true]);
}

describe('multiplication explanations against a trial division and the brute force', () => {
  it('every field, for every N up to 400 and both seats', () => {
    for (let n = 2; n <= 400; n++) for (const first of ['Alice', 'Bob'] as const) check(n, first);
  });

  it('every field where the wording turns: ordinals 11th to 13th and 21st to 24th, exponents one apart', () => {
    const cases = [
      2 ** 11, // 11th
      2 ** 12, // 12th
      2 ** 13, // 13th
      2 ** 21, // 21st
      2 ** 22, // 22nd
      2 ** 23, // 23rd
      2 ** 24, // 24th
      3 ** 11 * 5 ** 10, // two primes one apart, 21 multiplications
      2 ** 5 * 3 ** 4, // one apart, the smaller exponent 4 (3 times, twice)
      2 ** 4 * 3 ** 3, // one apart, 3 (twice, once)
      3 ** 2 * 5 ** 3, // one apart, the larger exponent on the second prime
      2 * 3 ** 4, // gap of three, the smaller exponent first
      2 ** 4 * 7 ** 2, // gap of two, the larger exponent first
      2 * 3 * 5 * 7 * 11, // five primes
      7 ** 2 * 11 ** 2 * 13, // three primes, the smallest exponent last
      2 ** 3 * 3 * 5 * 7, // four primes, the first two exponents two apart: no warning about a gap of two
      999_983, // a large prime
    ];
    for (const n of cases) for (const first of ['Alice', 'Bob'] as const) check(n, first);
  });
});

describe('the plans the explanation and the picture follow (planMove)', () => {
  it('the spoiler over-fills the first complete prime, wherever it stands', () => {
    expect(planMove([3, 1], [3, 0], 'spoiler')).toBe(0);
    expect(planMove([3, 1], [0, 1], 'spoiler')).toBe(1);
    expect(planMove([1, 2, 3], [0, 2, 3], 'spoiler')).toBe(1);
  });

  it('the spoiler otherwise uses the smallest exponent (the first of equals)', () => {
    expect(planMove([2, 1, 1], [0, 0, 0], 'spoiler')).toBe(1);
    expect(planMove([1, 1, 1], [0, 0, 0], 'spoiler')).toBe(0);
  });

  it('the holder and the winner use the prime with most left (the first of equals)', () => {
    expect(planMove([2, 3, 3], [0, 0, 0], 'holder')).toBe(1);
    expect(planMove([2, 3, 3], [0, 2, 0], 'holder')).toBe(2);
    expect(planMove([1, 1, 1], [0, 0, 0], 'holder')).toBe(0);
    expect(planMove([3, 1, 1], [2, 0, 0], 'holder')).toBe(0);
    expect(planMove([2, 3], [0, 0], 'winner')).toBe(1);
    expect(planMove([3, 2], [1, 0], 'winner')).toBe(0);
  });
});
