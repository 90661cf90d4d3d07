/**
 * The Multiplication Game by memoised minimax over M, exactly as the rules read: multiply M by a prime
 * divisor of N; reaching N wins, passing it ties. Obviously right and slow: for N up to BRUTE_LIMIT.
 */
import type { BruteForce, Outcome } from '../../core/game.js';
import type { MultiplicationMove, MultiplicationParams, MultiplicationResult, Rule } from './schema.js';
import { otherPlayer } from './schema.js';

export const BRUTE_LIMIT = 1_000_000;

/** +1: the player to move wins, 0: tie, -1: the player to move loses. */
type Value = -1 | 0 | 1;

/** N's prime divisors and their exponents by trial division by every d >= 2. */
export function primeExponents(n: number): { prime: number; exponent: number }[] {
  const out: { prime: number; exponent: number }[] = [];
  let m = n;
  for (let d = 2; d * d <= m; d++) {
    let exponent = 0;
    while (m % d === 0) {
      m /= d;
      exponent++;
    }
    if (exponent > 0) out.push({ prime: d, exponent });
  }
  if (m > 1) out.push({ prime: m, exponent: 1 });
  return out;
}

class Minimax {
  private readonly memo = new Map<number, Value>();
  readonly primes: readonly number[];
  constructor(readonly n: number) {
    this.primes = primeExponents(n).map((f) => f.prime);
  }

  /** The value of position M for the player about to move. */
  value(m: number): Value {
    if (m > this.n) return 0;
    const known = this.memo.get(m);
    if (known !== undefined) return known;
    let best: Value = -1;
    for (const p of this.primes) {
      const v = this.afterMove(m, p);
      if (v > best) best = v;
      if (best === 1) break;
    }
    this.memo.set(m, best);
    return best;
  }

  /** The value, for the player making it, of multiplying M by p. */
  afterMove(m: number, p: number): Value {
    const next = m * p;
    if (next === this.n) return 1;
    return negate(this.value(next));
  }
}

function negate(v: Value): Value {
  return v === 1 ? -1 : v === -1 ? 1 : 0;
}

function outcomeOfValue(v: Value): Outcome {
  return v === 1 ? 'first' : v === -1 ? 'second' : 'tie';
}

/** The closed form's case, named from the exponents (a description here, not a claim about the result). */
function describe(exponents: readonly number[]): Rule {
  if (exponents.length >= 3) return 'three-or-more-primes';
  const [a = 0, b] = exponents;
  if (b === undefined) return 'one-prime';
  const gap = Math.abs(a - b);
  return gap === 0 ? 'two-primes-equal' : gap === 1 ? 'two-primes-one-apart' : 'two-primes-further-apart';
}

/** The minimax outcome from the first player's seat. */
export function bruteOutcome(n: number): Outcome {
  return outcomeOfValue(new Minimax(n).value(1));
}

export const multiplicationBrute: BruteForce<MultiplicationParams, MultiplicationResult, MultiplicationMove> =
  {
    limit: `N <= ${BRUTE_LIMIT.toLocaleString('en-US')}`,
    fits: (params) => BigInt(params.n) <= BigInt(BRUTE_LIMIT),
    solve(params) {
      const n = Number(params.n);
      const outcome = bruteOutcome(n);
      const winner =
        outcome === 'first' ? params.first : outcome === 'second' ? otherPlayer(params.first) : null;
      return { outcome, winner, rule: describe(primeExponents(n).map((f) => f.exponent)) };
    },
    securesOptimum(params, move) {
      const game = new Minimax(Number(params.n));
      if (!/^\d+$/.test(move.prime)) return false;
      const p = Number(move.prime);
      if (!game.primes.includes(p)) return false;
      return game.afterMove(1, p) === game.value(1);
    },
  };
