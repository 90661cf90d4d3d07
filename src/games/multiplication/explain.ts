/**
 * Multiplication Game explanations as data: N's factorisation, the length of a won game and so the only
 * player who could win, and the plan that secures the result, with the concrete first move.
 */
import type { Explanation, ExplainedMove, KeyFact } from '../../core/game.js';
import { factorize, type PrimePower } from '../../math/factor.js';
import {
  otherPlayer,
  type MultiplicationMove,
  type MultiplicationParams,
  type MultiplicationResult,
  type Player,
} from './schema.js';

/**
 * Who follows which plan: the winner (play out the single prime, or open with the larger exponent and
 * mirror), the player who cannot win but forces a tie (`spoiler`), or the one who could win but cannot
 * prevent the tie (`holder`).
 */
export type PlanRole = 'winner' | 'spoiler' | 'holder';

/**
 * The plan's move, as an index into `exponents`, given how often each prime has been multiplied in
 * (`used`). Among equal candidates the first (smallest) prime is chosen. Exported so the tests can play the
 * plan against every reply of the brute force.
 */
export function planMove(exponents: readonly number[], used: readonly number[], role: PlanRole): number {
  const left = exponents.map((e, i) => e - (used[i] ?? 0));
  const pick = (better: (i: number, j: number) => boolean): number => {
    let best = 0;
    for (let i = 1; i < exponents.length; i++) if (better(i, best)) best = i;
    return best;
  };
  switch (role) {
    case 'winner':
      // One prime: the only move. Two: the one with more left, which opens with the larger exponent and
      // afterwards answers each prime with the other (mirroring).
      return pick((i, j) => (left[i] ?? 0) > (left[j] ?? 0));
    case 'spoiler': {
      const complete = left.findIndex((l) => l <= 0);
      if (complete >= 0) return complete; // over-fill: M stops dividing N, a tie at worst
      return pick((i, j) => (exponents[i] ?? 0) < (exponents[j] ?? 0));
    }
    case 'holder':
      // Any move keeps the tie; keeping every prime far from complete gives the spoiler most room to slip.
      return pick((i, j) => (left[i] ?? 0) > (left[j] ?? 0));
  }
}

function ordinal(k: number): string {
  const tens = k % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
  return `${k}${suffix}`;
}

function times(k: number): string {
  return k === 1 ? 'once' : k === 2 ? 'twice' : `${k} times`;
}

export function formatFactorisation(factors: readonly PrimePower[]): string {
  return factors.map((f) => (f.exponent === 1 ? `${f.prime}` : `${f.prime}^${f.exponent}`)).join(' × ');
}

interface Setting {
  readonly params: MultiplicationParams;
  readonly result: MultiplicationResult;
  readonly factors: readonly PrimePower[];
  readonly exponents: readonly number[];
  readonly starter: Player;
  readonly second: Player;
  /** S: the number of multiplications in a won game. */
  readonly total: number;
  /** The only player who can make the S-th multiplication. */
  readonly lastMover: Player;
  /** The player who cannot win, and in a tie forces it. */
  readonly notLast: Player;
}

/** What depends on the case of the closed form. */
interface RuleText {
  readonly headline: string;
  readonly moves: readonly ExplainedMove<MultiplicationMove>[];
  readonly whyNoMove?: string;
  readonly reasons: readonly string[];
}

function prime(s: Setting, index: number): string {
  // Stryker disable next-line OptionalChaining: every index passed is one of N's primes (planMove's result, or 0 and 1 with two primes), so the chain never meets undefined
  return String(s.factors[index]?.prime ?? 0n);
}

function firstMove(s: Setting, role: PlanRole, text: string): ExplainedMove<MultiplicationMove> {
  const index = planMove(
    s.exponents,
    // Stryker disable next-line ArrowFunction: planMove reads a missing count as 0 (`used[i] ?? 0`), so a list of undefined is the same start
    s.exponents.map(() => 0),
    role,
  );
  return { text: text.replaceAll('{p}', prime(s, index)), move: { prime: prime(s, index) } };
}

function onePrime(s: Setting): RuleText {
  const p = prime(s, 0);
  const e = s.total;
  const forced =
    e === 1
      ? `N is prime, so the only move is ×${p}, and it reaches N at once.`
      : `With a single prime the only move is ×${p} every time, so nobody can steer: the game runs its ${e} moves and ${s.lastMover} makes the last.`;
  if (s.result.outcome === 'first') {
    return {
      headline:
        e === 1
          ? `${s.starter} wins: ${s.params.n} is prime, so ${s.starter} multiplies by it and reaches N at once.`
          : `${s.starter} wins: ${s.params.n} = ${p}^${e} allows only the move ×${p}, and the ${ordinal(e)} and last multiplication is ${s.starter}'s.`,
      moves: [firstMove(s, 'winner', `Multiply by {p}, the only prime of N (and keep doing so).`)],
      reasons: [forced],
    };
  }
  return {
    headline: `${s.second} wins: ${s.params.n} = ${p}^${e} allows only the move ×${p}, and the ${ordinal(e)} and last multiplication is ${s.second}'s.`,
    moves: [],
    whyNoMove: `×${p} is the only move, so the game is forced, and with ${e} multiplications the last one falls to ${s.second}.`,
    reasons: [forced],
  };
}

function mirrorReason(mirror: Player, victim: Player): string {
  return `Mirroring: whenever ${victim} multiplies by one prime, ${mirror} multiplies by the other. After each pair of moves both primes have been used equally often, so on each of ${victim}'s turns both are still short of their exponent (there is nothing to over-fill), and ${mirror} makes the last multiplication.`;
}

function twoEqual(s: Setting): RuleText {
  const [p, q] = [prime(s, 0), prime(s, 1)];
  return {
    headline: `${s.second} wins by mirroring: ${s.params.n} = ${formatFactorisation(s.factors)} has two primes with equal exponents.`,
    moves: [],
    whyNoMove: `Whatever ${s.starter} multiplies by, ${s.second} answers with the other prime (×${p} with ×${q}, ×${q} with ×${p}) and keeps mirroring until the ${ordinal(s.total)} and last multiplication, which is ${s.second}'s.`,
    reasons: [mirrorReason(s.second, s.starter)],
  };
}

function twoOneApart(s: Setting): RuleText {
  const big = (s.exponents[0] ?? 0) > (s.exponents[1] ?? 0) ? 0 : 1;
  const [p, q] = [prime(s, big), prime(s, 1 - big)];
  const a = s.exponents[1 - big] ?? 0;
  const wrongOpening =
    a === 1
      ? `Opening with ${q} instead would complete ${q} at once, and ${s.second} would over-fill it: a tie.`
      : `Opening with ${q} instead would leave ${p} needing ${times(a + 1)} more and ${q} ${times(a - 1)}: a gap of two, so ${s.second} could force a tie.`;
  return {
    headline: `${s.starter} wins by opening with ${p} and then mirroring: ${s.params.n} = ${formatFactorisation(s.factors)}.`,
    moves: [
      firstMove(
        s,
        'winner',
        `Multiply by {p} (the prime with the larger exponent); then answer every ×${p} with ×${q} and every ×${q} with ×${p}.`,
      ),
    ],
    reasons: [
      `Opening with ${p} leaves each prime needing ${times(a)} more, with ${s.second} to move: equal exponents, where the player to move loses.`,
      mirrorReason(s.starter, s.second),
      wrongOpening,
    ],
  };
}

function tie(s: Setting): RuleText {
  const spoiler = s.notLast;
  const holder = s.lastMover;
  // Stryker disable next-line ArrayDeclaration: with no prime complete the spoiler's choice reads only the exponents; a junk entry makes a count NaN, which is not <= 0 either
  const smallest = planMove(s.exponents, [], 'spoiler');
  const p = prime(s, smallest);
  const plan = `${spoiler}'s plan: as soon as some prime has been multiplied in as often as it divides N, multiply by it once more (M then stops dividing N); until then multiply by ${p}.`;
  const why =
    s.result.rule === 'three-or-more-primes'
      ? `This always comes in time: ${holder} would make the last multiplication, so ${spoiler} is to move when two are left, and two multiplications cannot complete ${s.factors.length} primes: one of them is complete already.`
      : `The exponents ${s.exponents.join(' and ')} differ by at least two. ${spoiler} keeps using ${p} (the smaller exponent), so when ${p} is complete the other prime has been used at most as often as ${p} and is still at least two short: ${holder} cannot finish first, and ${spoiler} over-fills ${p}.`;
  const reasons = [plan, why];
  let moves: ExplainedMove<MultiplicationMove>[];
  if (s.starter === spoiler) {
    const gapTwo =
      s.result.rule === 'two-primes-further-apart' &&
      Math.abs((s.exponents[0] ?? 0) - (s.exponents[1] ?? 0)) === 2;
    moves = [
      firstMove(
        s,
        'spoiler',
        `Multiply by {p}, then follow the plan: over-fill a prime as soon as one is complete.`,
      ),
    ];
    if (gapTwo) {
      const other = prime(s, 1 - smallest);
      reasons.push(
        `Careful: opening with ${other} would leave the exponents one apart with ${holder} to move, and ${holder} would win by opening with the larger one and mirroring.`,
      );
    }
  } else {
    moves = [
      firstMove(
        s,
        'holder',
        `Multiply by {p}; any first move keeps the tie, since only ${holder} can make the last multiplication, but ${spoiler} can always over-fill a prime.`,
      ),
    ];
  }
  return {
    headline: `Tie: only ${holder} could make the ${ordinal(s.total)} and last multiplication of ${s.params.n} = ${formatFactorisation(s.factors)}, and ${spoiler} can stop it by over-filling a prime.`,
    moves,
    reasons,
  };
}

function ruleText(s: Setting): RuleText {
  switch (s.result.rule) {
    case 'one-prime':
      return onePrime(s);
    case 'two-primes-equal':
      return twoEqual(s);
    case 'two-primes-one-apart':
      return twoOneApart(s);
    case 'two-primes-further-apart':
    case 'three-or-more-primes':
      return tie(s);
  }
}

export function explainMultiplication(
  params: MultiplicationParams,
  result: MultiplicationResult,
): Explanation<MultiplicationMove> {
  const factors = factorize(BigInt(params.n));
  const exponents = factors.map((f) => f.exponent);
  const total = exponents.reduce((a, b) => a + b, 0);
  const starter = params.first;
  const second = otherPlayer(starter);
  const lastMover = total % 2 === 1 ? starter : second;
  const s: Setting = {
    params,
    result,
    factors,
    exponents,
    starter,
    second,
    total,
    lastMover,
    notLast: otherPlayer(lastMover),
  };
  const specific = ruleText(s);
  const sum = exponents.length > 1 ? ` (${exponents.join(' + ')})` : '';
  const basics = [
    `M equals N exactly when every prime of N has been multiplied in as often as it divides N; multiplying by a prime once more makes M stop dividing N, and from then on only a tie is possible.`,
    `So a won game takes exactly ${total}${sum} multiplications. ${starter} makes the odd-numbered ones, so the ${ordinal(total)} is ${lastMover}'s: only ${lastMover} can win, and ${s.notLast} can at best force a tie.`,
  ];
  const facts: KeyFact[] = [
    { label: 'N', value: `${params.n} = ${formatFactorisation(factors)}` },
    { label: 'Distinct primes', value: String(factors.length) },
    { label: 'Multiplications in a won game', value: `${total}${sum}` },
    { label: 'Only possible winner', value: `${lastMover} (makes the ${ordinal(total)} multiplication)` },
    { label: 'Moves first', value: starter },
    { label: 'Result', value: result.winner === null ? 'tie' : `${result.winner} wins` },
  ];
  return {
    outcome: result.outcome,
    winner: result.winner,
    headline: specific.headline,
    moves: specific.moves,
    ...(specific.whyNoMove === undefined ? {} : { whyNoMove: specific.whyNoMove }),
    reasons: [...basics, ...specific.reasons],
    facts,
    brief: [
      `${formatFactorisation(factors) === params.n ? `${params.n} is prime` : `${params.n} = ${formatFactorisation(factors)}`}: reaching it takes exactly ${total}${sum} multiplication${total === 1 ? '' : 's'}.`,
      `${starter} makes the odd-numbered ones, so only ${lastMover} can make the ${ordinal(total)} and win; ${s.notLast} can at best force a tie.`,
      briefPlan(s),
    ],
  };
}

/** The plan in one short line. */
function briefPlan(s: Setting): string {
  const spoiler = s.notLast;
  switch (s.result.rule) {
    case 'one-prime':
      return `Only ×${prime(s, 0)} is ever possible, so nobody can steer the game.`;
    case 'two-primes-equal':
      return `${s.second} answers each prime with the other one, so ${s.second} makes the last multiplication.`;
    case 'two-primes-one-apart': {
      const big = (s.exponents[0] ?? 0) > (s.exponents[1] ?? 0) ? 0 : 1;
      return `Opening with ${prime(s, big)} evens out the primes; then ${s.starter} answers each prime with the other one.`;
    }
    case 'two-primes-further-apart':
    case 'three-or-more-primes':
      return `${spoiler} multiplies by a finished prime once more before ${s.lastMover} can complete N: M stops dividing N, a tie.`;
  }
}
