/** The Multiplication Game (Kattis multiplicationgame, ICPC Rocky Mountain Regional 2017). */
import { multiplicationMeta } from './meta.js';
import { defineGame, type Difficulty } from '../../core/game.js';
import type { RawFields } from '../../core/game.js';
import { randomBigInt, type Rng } from '../../core/rng.js';
import { multiplicationBrute } from './brute.js';
import { explainMultiplication } from './explain.js';
import { integerRoot, isPrime } from '../../math/factor.js';
import { multiplicationJudge } from './judge.js';
import { pictureMultiplication } from './picture.js';
import {
  MAX_N,
  MultiplicationParams,
  MultiplicationResult,
  PLAYERS,
  RULES,
  type MultiplicationMove,
  type Rule,
} from './schema.js';
import { solveMultiplication } from './solve.js';
import { multiplicationRules } from './rules.js';
import { multiplicationPlay } from './play.js';

/** Accepts `alice`/`BOB` from a terminal; leaves anything else to the schema's message. */
function playerField(value: RawFields[string]): unknown {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return 'Alice';
  const text = String(value).trim();
  return PLAYERS.find((p) => p.toLowerCase() === text.toLowerCase()) ?? text;
}

/** A prime in [lo, hi] (hi >= 2): the first prime after a random start, wrapping to lo. */
export function randomPrimeIn(rng: Rng, lo: bigint, hi: bigint): bigint {
  const start = randomBigInt(rng, lo, hi);
  for (let p = start; p <= hi; p++) if (isPrime(p)) return p;
  for (let p = lo; p < start; p++) if (isPrime(p)) return p;
  return 2n;
}

/** Exponents that produce the given case of the closed form. */
function exponentsFor(rng: Rng, rule: Rule, maxExponent: number): number[] {
  const e = (lo: number, hi: number): number => rng.int(lo, Math.max(lo, hi));
  switch (rule) {
    case 'one-prime':
      return [e(1, maxExponent)];
    case 'two-primes-equal': {
      const a = e(1, Math.floor(maxExponent / 2));
      return [a, a];
    }
    case 'two-primes-one-apart': {
      const a = e(1, Math.floor((maxExponent - 1) / 2));
      return rng.chance(0.5) ? [a + 1, a] : [a, a + 1];
    }
    case 'two-primes-further-apart': {
      const a = e(1, Math.floor((maxExponent - 2) / 2));
      const b = e(a + 2, maxExponent - a);
      return rng.chance(0.5) ? [a, b] : [b, a];
    }
    case 'three-or-more-primes':
      return Array.from({ length: e(3, 4) }, () => e(1, 2));
  }
}

const sizes: Record<Exclude<Difficulty, 'tiny'>, { limit: bigint; maxExponent: number }> = {
  // Quiz sizes: easy N factor in your head (at most 360), medium with a little paper (at most 10,000).
  easy: { limit: 360n, maxExponent: 4 },
  medium: { limit: 10_000n, maxExponent: 6 },
  hard: { limit: MAX_N, maxExponent: 10 },
};

/** N with the given exponents and distinct random primes, each from the upper part of what the budget allows. */
function buildN(rng: Rng, exponents: readonly number[], limit: bigint): bigint | undefined {
  let n = 1n;
  const used = new Set<bigint>();
  for (let i = 0; i < exponents.length; i++) {
    const exponent = exponents[i] ?? 1;
    const remaining = exponents.slice(i).reduce((a, b) => a + b, 0);
    const cap = integerRoot(limit / n, remaining);
    if (cap < 2n) return undefined;
    const p = randomPrimeIn(rng, cap / 4n > 2n ? cap / 4n : 2n, cap);
    if (used.has(p)) return undefined;
    used.add(p);
    n *= p ** BigInt(exponent);
  }
  return n;
}

/** Hard instances get large primes, so the answer cannot be read off small factors. */
function randomN(rng: Rng, difficulty: Exclude<Difficulty, 'tiny'>): bigint {
  const { limit, maxExponent } = sizes[difficulty];
  for (;;) {
    const n = buildN(rng, exponentsFor(rng, rng.pick(RULES), maxExponent), limit);
    if (n !== undefined && n >= 2n) return n;
  }
}

export const multiplication = defineGame<MultiplicationParams, MultiplicationResult, MultiplicationMove>({
  ...multiplicationMeta,
  solverVersion: '1',
  players: (params) => (params.first === 'Alice' ? ['Alice', 'Bob'] : ['Bob', 'Alice']),
  params: MultiplicationParams,
  result: MultiplicationResult,
  inputs: [
    {
      name: 'n',
      description: 'The target N, a whole number from 2 to 10^18',
      kind: 'text',
      required: true,
      positional: true,
      maxLength: 40,
      example: '40',
    },
    {
      name: 'first',
      description: 'Who moves first: Alice or Bob (Alice if left out)',
      kind: 'choice',
      required: false,
      choices: PLAYERS,
      positional: true,
      example: 'Bob',
    },
  ],
  fromFields: (fields) => ({ n: fields['n'], first: playerField(fields['first']) }),
  solve: (params) => solveMultiplication(params),
  outcome: (result) => result.outcome,
  outcomes: ['first', 'second', 'tie'],
  brute: multiplicationBrute,
  explain: explainMultiplication,
  picture: pictureMultiplication,
  judge: multiplicationJudge,
  // Measured: solve takes microseconds (a sweep to N's cube root at most ~0.1 ms); explaining may factor
  // two primes near 10^9 with rho, about 1 ms.
  estimateCostMs: (params) => (BigInt(params.n) < 1n << 32n ? 0.05 : 1),
  play: multiplicationPlay,
  randomInstance: (rng, difficulty) => ({
    n: (difficulty === 'tiny' ? BigInt(rng.int(2, 200)) : randomN(rng, difficulty)).toString(),
    first: rng.pick(PLAYERS),
  }),
  rules: multiplicationRules,
});
