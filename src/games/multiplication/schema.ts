/** Multiplication Game params and result. The bounds here are the limits users see in error messages. */
import { z } from 'zod';
import { decimalInteger } from '../../core/params.js';
import { MAX_N, MIN_N, PLAYERS } from './limits.js';

export { MAX_N, MIN_N, PLAYERS, otherPlayer, type Player } from './limits.js';

export const MultiplicationParams = z.strictObject({
  /** The target N as a canonical decimal string (JSON-safe; Discord integers stop at 2^53). */
  n: decimalInteger({ name: 'n', min: MIN_N, max: MAX_N, example: '40' }),
  first: z.enum(PLAYERS, { error: 'first must be Alice or Bob (the player who moves first), e.g. Alice' }),
});
export type MultiplicationParams = z.output<typeof MultiplicationParams>;

/**
 * Which case of the closed form applies; the outcome depends only on the exponents of N's primes:
 * one prime (parity of its exponent), two with equal exponents (second player), two whose exponents
 * differ by one (first player), two further apart or three and more primes (tie).
 */
export const RULES = [
  'one-prime',
  'two-primes-equal',
  'two-primes-one-apart',
  'two-primes-further-apart',
  'three-or-more-primes',
] as const;
export type Rule = (typeof RULES)[number];

export const MultiplicationResult = z.strictObject({
  outcome: z.enum(['first', 'second', 'tie']),
  /** The winner's name; null on a tie. */
  winner: z.enum(PLAYERS).nullable(),
  rule: z.enum(RULES),
});
export type MultiplicationResult = z.infer<typeof MultiplicationResult>;

/** A move: the prime (a decimal string) that M is multiplied by. */
export interface MultiplicationMove {
  readonly prime: string;
}
