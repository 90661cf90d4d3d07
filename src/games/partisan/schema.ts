/** PartisanGame params and result. The bounds here are the limits users see in error messages. */
import { z } from 'zod';
import { decimalInteger } from '../../core/params.js';
import { MAX_MOVE, MAX_N, PATTERN_LIMIT } from './limits.js';

export { MAX_MOVE, MAX_N, PATTERN_LIMIT } from './limits.js';

const SET_EXAMPLE = '"3 4" or "3,4" (or "none")';

function shown(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : String(value);
  return text.length > 24 ? `${text.slice(0, 24)}...` : text;
}

/** One custom message per set (not zod's per-element ones), naming the field, the range, the bad value. */
function moveSet(player: 'alice' | 'bob') {
  const rule = `${player} must list distinct whole numbers from 1 to ${MAX_MOVE}, e.g. ${SET_EXAMPLE}`;
  return z.unknown().transform((value, ctx): number[] => {
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: rule });
      return z.NEVER;
    }
    const seen = new Set<number>();
    for (const move of value as unknown[]) {
      if (typeof move !== 'number' || !Number.isInteger(move) || move < 1 || move > MAX_MOVE) {
        ctx.addIssue({ code: 'custom', message: `${rule} (got ${shown(move)})` });
        return z.NEVER;
      }
      if (seen.has(move)) {
        ctx.addIssue({ code: 'custom', message: `${rule} (${move} appears twice)` });
        return z.NEVER;
      }
      seen.add(move);
    }
    // Order carries no meaning, so the canonical form is sorted: equal questions share a cache key.
    return [...seen].sort((x, y) => x - y);
  });
}

export const PartisanParams = z.strictObject({
  n: decimalInteger({ name: 'n', min: 0n, max: MAX_N, example: '7' }),
  alice: moveSet('alice'),
  bob: moveSet('bob'),
});
export type PartisanParams = z.output<typeof PartisanParams>;

const move = z.number().int().min(1).max(MAX_MOVE);
const pattern = z
  .string()
  .regex(/^[WL]*$/)
  .max(PATTERN_LIMIT);

/** A proven repeat of the pair (A(m), B(m)): A(m) = A(m + period) for every m >= preperiod, and so for B. */
export const PartisanCycle = z.strictObject({
  preperiod: z.number().int().min(0),
  period: z.number().int().min(1),
  /** (n - preperiod) mod period: where n falls in the period; null while n is still in the pre-period. */
  offset: z.number().int().min(0).nullable(),
  /** A and B over the pre-period (positions 0, 1, ...), W or L, at most PATTERN_LIMIT of them. */
  headA: pattern,
  headB: pattern,
  /** A and B over one period from `preperiod` on, at most PATTERN_LIMIT of them. */
  periodA: pattern,
  periodB: pattern,
});
export type PartisanCycle = z.infer<typeof PartisanCycle>;

export const PartisanResult = z.strictObject({
  n: z.string().regex(/^\d+$/),
  /** A(n): Alice, to move with n stones, wins. */
  aliceWins: z.boolean(),
  /** B(n): who would win if Bob moved first; a fact for the explanation. */
  bobWinsMovingFirst: z.boolean(),
  /** Values of A and B the next ones depend on: the largest move of either player (at least 1). */
  width: z.number().int().min(1).max(MAX_MOVE),
  /** True iff a repeated window proved the period; false when the budget ran out or no search was made. */
  certified: z.boolean(),
  /** Positions the cycle search looked at (0: no search, as in the brute force). */
  searched: z.number().int().min(0),
  cycle: PartisanCycle.nullable(),
  /** Alice's first moves that leave Bob, to move, in a lost position (ascending). */
  aliceMoves: z.array(move),
  /** When Alice loses: each of her legal first moves with a reply of Bob's that leaves her lost again. */
  bobReplies: z.array(z.strictObject({ alice: move, bob: move })),
  /** When Alice loses: s such that answering x with s - x always wins for Bob (a one-line strategy). */
  bobSum: z
    .number()
    .int()
    .min(2)
    .max(2 * MAX_MOVE)
    .nullable(),
});
export type PartisanResult = z.infer<typeof PartisanResult>;

/** A first move of Alice's: how many stones she takes. */
export interface PartisanMove {
  readonly take: number;
}
