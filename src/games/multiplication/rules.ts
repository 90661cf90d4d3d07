/** The Multiplication Game for a newcomer: the rules in plain words and one small game played out. */
import type { GameRules } from '../../core/game.js';
import type { MultiplicationParams, Player } from './schema.js';

/** The example: N = 12 with Alice first, and the primes multiplied in, in order (checked by the tests). */
export const RULES_EXAMPLE = { n: 12n, first: 'Alice' as Player, line: [2n, 2n, 3n] } as const;

export function narrateLine(n: bigint, first: Player, line: readonly bigint[]): string[] {
  let m = 1n;
  return line.map((p, i) => {
    const player = i % 2 === 0 ? first : first === 'Alice' ? 'Bob' : 'Alice';
    m *= p;
    if (m === n) return `${player} multiplies by ${p}: M = ${m}, exactly N, so ${player} wins.`;
    if (n % m !== 0n)
      return `${player} multiplies by ${p}: M = ${m} no longer divides ${n}, so nobody can reach N.`;
    return `${player} multiplies by ${p}: M = ${m}.`;
  });
}

export const multiplicationRules: GameRules<MultiplicationParams> = {
  what: 'A number race for two: starting from 1, the players multiply by prime factors of a target N in turn, and whoever lands exactly on N wins.',
  play: [
    'A target number N (2 or more) is given, and a running number M starts at 1. Alice and Bob take turns; the question says who starts.',
    'A turn is multiplying M by one prime number that divides N (for N = 12: by 2 or by 3). The same prime may be used again and again.',
  ],
  winning: [
    'Whoever makes M exactly equal to N wins.',
    'Once M has been multiplied by some prime more often than that prime divides N, M can never equal N again; when M then grows past N, the game ends in a tie.',
    'Both players play their best: a win is better than a tie, and a tie is better than a loss.',
  ],
  terms: [
    {
      term: 'N = 2^2 × 3',
      meaning:
        "N's prime factorisation: 12 = 2 × 2 × 3. The small raised number (the exponent) says how often a prime divides N, which is how often it must be multiplied in to reach N.",
    },
  ],
  example: {
    params: { n: String(RULES_EXAMPLE.n), first: RULES_EXAMPLE.first },
    fields: { n: '12', first: 'Alice' },
    cli: 'multiplication 12 Alice',
    setup:
      'N = 12 = 2 × 2 × 3 and Alice starts, M = 1. Reaching 12 takes exactly three multiplications (2, 2 and 3 in some order), and Alice makes the 1st and the 3rd.',
    steps: narrateLine(RULES_EXAMPLE.n, RULES_EXAMPLE.first, RULES_EXAMPLE.line),
    result:
      'Alice wins. Had Bob multiplied by 3 instead (M = 6), Alice would have finished with 2. Opening with 3 would have been a mistake: Bob then multiplies by 3 again (M = 9), and nobody can reach 12.',
  },
};
