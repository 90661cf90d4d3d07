/**
 * The closed form. A won game takes exactly S = (sum of N's exponents) multiplications, so only the
 * player making the S-th could win, and the other over-fills a prime (tie) whenever possible:
 *   one prime p^e:        forced play, the parity of e decides;
 *   p^a q^b with a = b:   the second player wins by mirroring;
 *   |a - b| = 1:          the first player opens with the larger exponent, then mirrors;
 *   |a - b| >= 2, or three or more primes: tie.
 * Only the exponents matter, and only while N has at most two primes, so the solver factors no further
 * than that needs: a cofactor without small primes that is neither prime nor a perfect power has at
 * least two primes, and only when nothing else is known must a sweep to its cube root tell p*q apart.
 */
import type { Outcome } from '../../core/game.js';
import {
  FIRST_ROUGH_PRIME,
  isPrime,
  perfectPower,
  smallestFactorUpTo,
  stripSmallPrimes,
} from '../../math/factor.js';
import { otherPlayer } from './limits.js';
import type { MultiplicationParams, MultiplicationResult, Rule } from './schema.js';

/** N's exponents when it has at most two distinct primes; otherwise only the fact. */
export type Signature = readonly number[] | 'three-or-more';

const ROUGH_SQUARE = BigInt(FIRST_ROUGH_PRIME) ** 2n;

/**
 * The exponents of m > 1, all of whose primes are >= FIRST_ROUGH_PRIME and m <= 10^18; with
 * `exact` false, 'two-or-more' may stand for any m with at least two distinct primes. A number instead when
 * only a sweep can tell: the bound to sweep m to, then `sweptSignature` says the rest.
 */
function roughSignature(
  m: bigint,
  exact: boolean,
): readonly number[] | 'two-or-more' | 'three-or-more' | number {
  if (m < ROUGH_SQUARE || isPrime(m)) return [1];
  const power = perfectPower(m, FIRST_ROUGH_PRIME);
  if (power !== undefined) {
    // The root is at most 10^9 < 1031^3 and no perfect power itself: a prime or p*q with p != q.
    return isPrime(power.root) ? [power.exponent] : [power.exponent, power.exponent];
  }
  // Composite and no perfect power: at least two distinct primes.
  if (!exact) return 'two-or-more';
  // Three prime factors would put one at most the cube root; none there means m = p*q. Sweeping a little
  // past the cube root is harmless (whatever p is found, the rest is classified exactly), and the true
  // cube root of m <= 10^18 is at most 10^6.
  // Stryker disable next-line MethodExpression: Math.max sweeps to 10^6, past the cube root, and finds the same smallest prime (only slower)
  return Math.min(Math.floor(Math.cbrt(Number(m))) + 1, 1_000_000);
}

/**
 * The exponents of m, which needed the sweep (roughSignature returned its bound), given p: the least prime
 * factor of m up to that bound, or undefined when there is none.
 */
export function sweptSignature(m: bigint, p: bigint | undefined): Signature {
  if (p === undefined) return [1, 1];
  let rest = m;
  let e = 0;
  while (rest % p === 0n) {
    rest /= p;
    e++;
  }
  if (rest < ROUGH_SQUARE || isPrime(rest)) return [e, 1];
  const restPower = perfectPower(rest, FIRST_ROUGH_PRIME);
  if (restPower !== undefined && isPrime(restPower.root)) return [e, restPower.exponent];
  return 'three-or-more';
}

/**
 * N's exponent signature (2 <= n <= 10^18) short of the sweep: the signature, or the bound to sweep N itself
 * to (N then has no prime below FIRST_ROUGH_PRIME), for `sweptSignature` with N's least prime up to it. The
 * judge gathers the sweeps of many tests into a few passes.
 */
export function signatureOrSweep(n: bigint): Signature | number {
  const { factors, rest } = stripSmallPrimes(n);
  const small = factors.map((f) => f.exponent);
  if (rest === 1n) return small.length >= 3 ? 'three-or-more' : small;
  if (small.length >= 2) return 'three-or-more';
  const rough = roughSignature(rest, small.length === 0);
  // Only an exact call asks for the sweep, and that one has no small primes: rest is n.
  if (typeof rough === 'number') return rough;
  // Stryker disable next-line LogicalOperator: with &&, a string rough is spread into all, over 3 entries long: 'three-or-more' all the same
  if (rough === 'two-or-more' || rough === 'three-or-more') return 'three-or-more';
  const all = [...small, ...rough];
  return all.length >= 3 ? 'three-or-more' : all;
}

/** N's exponent signature (2 <= n <= 10^18), without factoring further than the closed form needs. */
export function exponentSignature(n: bigint): Signature {
  const signature = signatureOrSweep(n);
  return typeof signature === 'number' ? sweptSignature(n, smallestFactorUpTo(n, signature)) : signature;
}

export function ruleOf(signature: Signature): Rule {
  if (signature === 'three-or-more' || signature.length >= 3) return 'three-or-more-primes';
  const [a = 0, b] = signature;
  if (b === undefined) return 'one-prime';
  const gap = Math.abs(a - b);
  return gap === 0 ? 'two-primes-equal' : gap === 1 ? 'two-primes-one-apart' : 'two-primes-further-apart';
}

/** The closed form, from the first player's seat. */
export function outcomeOf(rule: Rule, signature: Signature): Outcome {
  switch (rule) {
    case 'one-prime':
      return signature !== 'three-or-more' && (signature[0] ?? 0) % 2 === 1 ? 'first' : 'second';
    case 'two-primes-equal':
      return 'second';
    case 'two-primes-one-apart':
      return 'first';
    case 'two-primes-further-apart':
    case 'three-or-more-primes':
      return 'tie';
  }
}

export function resultFor(params: MultiplicationParams, signature: Signature): MultiplicationResult {
  const rule = ruleOf(signature);
  const outcome = outcomeOf(rule, signature);
  const winner = outcome === 'first' ? params.first : outcome === 'second' ? otherPlayer(params.first) : null;
  return { outcome, winner, rule };
}

export function solveMultiplication(params: MultiplicationParams): MultiplicationResult {
  return resultFor(params, exponentSignature(BigInt(params.n)));
}
