/** SEAGM params and result. The bounds here are the limits users see in error messages. */
import { z } from 'zod';
import { readInteger } from '../../core/params.js';
import { MAX_CARDS, MAX_VALUE } from './limits.js';

export { EXACT_LIMIT, MAX_CARDS, MAX_VALUE, TURN_TABLE_LIMIT, WINNING_LIST_LIMIT } from './limits.js';

const EXAMPLE = '2 6 3';

const card = z.union([z.number(), z.string()]);

const BIG_MAX = BigInt(MAX_VALUE);

/** A card written as a power (`10^9`, `1e9`: see readInteger), else NaN; the range is checked by the caller. */
function writtenAsPower(text: string): number {
  const value = readInteger(text, BIG_MAX);
  return value === undefined ? Number.NaN : Number(value);
}

export const SeagmParams = z.strictObject({
  cards: z
    .array(card, { error: `cards must be a list of whole numbers, e.g. ${EXAMPLE}` })
    .min(1, {
      error: `numbers: give at least 1 card (up to ${MAX_CARDS.toLocaleString('en-US')}), e.g. ${EXAMPLE}`,
    })
    .max(MAX_CARDS, {
      error: (issue) =>
        `numbers: at most ${MAX_CARDS.toLocaleString('en-US')} cards are allowed (got ${String((issue.input as unknown[]).length)})`,
    })
    .transform((values, ctx) => {
      const cards: number[] = new Array<number>(values.length);
      for (let i = 0; i < values.length; i++) {
        const raw = values[i];
        const text = typeof raw === 'string' ? raw.trim() : String(raw);
        const value = /^\+?\d{1,10}$/.test(text) ? Number(text) : writtenAsPower(text);
        if (!Number.isInteger(value) || value < 1 || value > MAX_VALUE) {
          const shown = text.length > 20 ? `${text.slice(0, 20)}...` : text;
          ctx.addIssue({
            code: 'custom',
            message: `card ${i + 1} is "${shown}", but the numbers must be whole numbers from 1 to 10^9, e.g. ${EXAMPLE}`,
          });
          return z.NEVER;
        }
        cards[i] = value;
      }
      // Only the multiset matters, so the canonical form is sorted: equal questions share a cache key.
      return cards.sort((a, b) => a - b);
    }),
});
export type SeagmParams = z.output<typeof SeagmParams>;

const Fraction = z.strictObject({ num: z.string().regex(/^\d+$/), den: z.string().regex(/^[1-9]\d*$/) });
export type Fraction = z.infer<typeof Fraction>;

export const SeagmResult = z.strictObject({
  n: z.number().int().min(1),
  /** gcd of all the cards (> 1 means g can never reach 1). */
  gcdAll: z.number().int().min(1),
  firstWins: z.boolean(),
  /** Distinct first cards that win, ascending, at most WINNING_LIST_LIMIT of them. */
  winningCards: z.array(z.number().int()),
  /** How many distinct card values win as a first move. */
  winningCardCount: z.number().int().min(0),
  /** For a lost position: distinct first cards (up to a limit) and the opponent's winning reply to each. */
  refutations: z.array(z.strictObject({ card: z.number().int(), reply: z.number().int().nullable() })),
  /** Probability that the first player wins when both pick uniformly at random. */
  probability: z.number().min(0).max(1),
  /** Exact value of `probability` when n <= 100. */
  fraction: Fraction.nullable(),
  /** Probability that the random game ends on turn k (k = 1, 2, ...), for the first turns. */
  endsOnTurn: z.array(z.number().min(0).max(1)),
});
export type SeagmResult = z.infer<typeof SeagmResult>;

/** A first move: the value of the card to take. */
export interface SeagmMove {
  readonly card: number;
}
