/**
 * The Multiplication Game move by move. While M divides N, what is left, N / M, is the start of a smaller
 * game, with one twist: a prime of N that M already holds in full can be played by either side at any time
 * to over-fill it (a tie). So with such a prime the mover wins only if N / M is a prime (one move away),
 * and ties otherwise; without one, the closed form of the solver decides N / M. Once M stops dividing N
 * nobody can reach N: the game is a tie, and play stops there.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import type { BestMove, PlayMove, PlayStatus, PlaySupport, Verdict } from '../../core/game.js';
import { otherSeat, requireMove } from '../../core/play.js';
import { factorize } from '../../math/factor.js';
import type { MultiplicationParams } from './schema.js';
import { outcomeOf, ruleOf } from './solve.js';
import { multiplicationMeta } from './meta.js';

const decimal = z.string().regex(/^\d{1,19}$/);

export const MultiplicationPosition = z.strictObject({
  n: decimal,
  m: decimal,
  /** N's distinct primes, ascending, and how many times each is still missing from M (-1: over-filled). */
  primes: z.array(decimal).min(1).max(20),
  left: z.array(z.number().int().min(-1).max(64)).min(1).max(20),
  turn: z.union([z.literal(0), z.literal(1)]),
});
export type MultiplicationPosition = z.infer<typeof MultiplicationPosition>;

function status(p: MultiplicationPosition): PlayStatus {
  if (p.left.some((l) => l < 0)) return { toMove: p.turn, over: true, winner: 'tie' };
  if (p.left.every((l) => l === 0)) return { toMove: p.turn, over: true, winner: otherSeat(p.turn) };
  return { toMove: p.turn, over: false, winner: null };
}

function moves(p: MultiplicationPosition): PlayMove[] {
  if (status(p).over) return [];
  const m = BigInt(p.m);
  return p.primes.map((prime, i) => {
    const next = m * BigInt(prime);
    const left = p.left[i] ?? 0;
    const what =
      left === 0
        ? `over-fills ${prime}: a tie`
        : next === BigInt(p.n)
          ? 'reaches N and wins'
          : `M becomes ${next}`;
    return { id: prime, text: `multiply by ${prime}: ${what}` };
  });
}

function apply(p: MultiplicationPosition, move: string): MultiplicationPosition {
  const prime = requireMove(moves(p), move).id;
  const i = p.primes.indexOf(prime);
  return {
    ...p,
    m: (BigInt(p.m) * BigInt(prime)).toString(),
    left: p.left.map((l, j) => (j === i ? l - 1 : l)),
    turn: otherSeat(p.turn),
  };
}

function verdictOfLeft(left: readonly number[]): Verdict {
  const rest = left.filter((l) => l > 0);
  const sum = rest.reduce((a, b) => a + b, 0);
  if (rest.length < left.length) return sum === 1 ? 'win' : 'tie';
  const signature = rest.length >= 3 ? 'three-or-more' : rest;
  const outcome = outcomeOf(ruleOf(signature), signature);
  return outcome === 'first' ? 'win' : outcome === 'second' ? 'loss' : 'tie';
}

function verdict(p: MultiplicationPosition): Verdict {
  const s = status(p);
  if (s.over) return s.winner === 'tie' ? 'tie' : s.winner === p.turn ? 'win' : 'loss';
  return verdictOfLeft(p.left);
}

const FLIP: Record<Verdict, Verdict> = { win: 'loss', loss: 'win', tie: 'tie' };

function power(prime: string, k: number): string {
  return k === 1 ? prime : `${prime}^${k}`;
}

function leftText(p: MultiplicationPosition): string {
  const parts = p.primes.flatMap((prime, i) => ((p.left[i] ?? 0) > 0 ? [power(prime, p.left[i] ?? 0)] : []));
  return parts.length === 0 ? '1' : parts.join(' × ');
}

function reasonFor(p: MultiplicationPosition, value: Verdict, move: string): string {
  const full = p.primes.filter((_, i) => p.left[i] === 0);
  const still = `N / M = ${leftText(p)}`;
  if (full.length > 0) {
    return value === 'win'
      ? `${still} is one prime away: multiply by ${move} and reach N.`
      : `M already holds all of ${full.join(', ')}: multiplying by it again over-fills it, so either side can force a tie, and ${still} is more than one move away.`;
  }
  // Stryker disable next-line MethodExpression: here no prime is full (above) or over-filled (the game goes on), so every count is > 0
  const rest = p.left.filter((l) => l > 0);
  if (rest.length === 1) {
    const k = rest[0] ?? 0;
    return `${still}: only ${k} multiplication${k === 1 ? '' : 's'} left, all forced, so the parity of ${k} decides: the ${k % 2 === 1 ? 'mover' : 'other player'} makes the last one.`;
  }
  if (rest.length === 2) {
    const [a = 0, b = 0] = rest;
    if (a === b)
      return `${still}: equal exponents, so the other player mirrors every move (p after q, q after p) and makes the last one.`;
    if (Math.abs(a - b) === 1)
      return `${still}: exponents one apart, so multiply by the prime with the larger one (${move}), then mirror every reply.`;
  }
  return `${still}: whoever cannot make the last multiplication over-fills a prime first, so neither side can win: a tie.`;
}

function bestMove(p: MultiplicationPosition): BestMove {
  if (status(p).over) throw new InputError('The game is over: there is no move to make.', 'move');
  const value = verdict(p);
  const options = moves(p);
  // At most 15 primes: try each child with the closed form and keep one that holds the value.
  const good = options.find((m) => FLIP[verdict(apply(p, m.id))] === value) ?? options[0];
  // Stryker disable next-line OptionalChaining: bestMove returns above when the game is over, so there is a move
  const move = good?.id ?? '';
  return { move, verdict: value, reason: reasonFor(p, value, move) };
}

function show(p: MultiplicationPosition): string[] {
  const lines = [`N = ${p.n}`, `M = ${p.m}`];
  if (!status(p).over) lines.push(`Still to multiply in: ${leftText(p)}`);
  return lines;
}

/** Why a typed number ("7" or "multiply by 7") cannot be played: only N's own primes can. */
function whyIllegal(p: MultiplicationPosition, typed: string): string | undefined {
  const x = /^(?:multiply by )?(\d{1,20})$/.exec(typed)?.[1];
  if (x === undefined || p.primes.includes(x)) return undefined;
  const primes = p.primes.join(', ');
  return `${x} is not a prime of N = ${p.n}: each move multiplies M by one of N's primes (${primes})`;
}

export const multiplicationPlay: PlaySupport<MultiplicationParams, MultiplicationPosition> = {
  position: MultiplicationPosition,
  limit: multiplicationMeta.playLimit,
  start(params) {
    const factors = factorize(BigInt(params.n));
    return {
      n: params.n,
      m: '1',
      primes: factors.map((f) => f.prime.toString()),
      left: factors.map((f) => f.exponent),
      turn: 0,
    };
  },
  status,
  moves,
  apply,
  whyIllegal,
  verdict,
  bestMove,
  show,
};
