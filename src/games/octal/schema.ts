/** Octal game params and result. The bounds here are the limits users see in error messages. */
import { z } from 'zod';
import { decimalInteger, formatBig } from '../../core/params.js';
import { CODE_EXAMPLE, OctalCodeError, readOctalCode } from './code.js';
import { DEFAULT_SEARCH, MAX_HEAP, MAX_HEAPS, MAX_SEARCH, MIN_SEARCH, SAMPLE_LIMIT } from './limits.js';

export { DEFAULT_SEARCH, MAX_HEAP, MAX_HEAPS, MAX_SEARCH, MIN_SEARCH, SAMPLE_LIMIT } from './limits.js';

const HEAPS_EXAMPLE = '5,8,13';

/** The code in canonical form (see code.ts): `0.77`, `0.0`, `nim`. */
const code = z.unknown().transform((value, ctx): string => {
  if (typeof value !== 'string') {
    ctx.addIssue({ code: 'custom', message: `code must be text such as ${CODE_EXAMPLE}` });
    return z.NEVER;
  }
  try {
    return readOctalCode(value).code;
  } catch (error) {
    if (!(error instanceof OctalCodeError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

const heapSize = decimalInteger({ name: 'heaps', min: 0n, max: MAX_HEAP, example: HEAPS_EXAMPLE });

const heaps = z
  .array(heapSize, { error: `heaps must list heap sizes, e.g. ${HEAPS_EXAMPLE}` })
  .superRefine((list, ctx) => {
    if (list.length === 0 || list.length > MAX_HEAPS) {
      ctx.addIssue({
        code: 'custom',
        message: `heaps must list 1 to ${MAX_HEAPS} heap sizes from 0 to ${formatBig(MAX_HEAP)}, e.g. ${HEAPS_EXAMPLE} (got ${list.length})`,
      });
    }
  });

const search = z
  .number({ error: `search must be a whole number from 1,000 to 10,000,000, e.g. 1000000` })
  .int({ error: `search must be a whole number from 1,000 to 10,000,000, e.g. 1000000` })
  .min(MIN_SEARCH, {
    error: `search must be at least 1,000 (values computed while looking for a period), e.g. 1000000`,
  })
  .max(MAX_SEARCH, {
    error: `search must be at most 10,000,000 (values computed while looking for a period), e.g. 1000000`,
  })
  .default(DEFAULT_SEARCH);

export const OctalParams = z.strictObject({
  code,
  /** Heap sizes as canonical decimal strings (JSON-safe up to 10^18), in the order given. */
  heaps,
  /** How many values G(0..search) to compute at most while looking for a period. */
  search,
});
export type OctalParams = z.output<typeof OctalParams>;

const decimal = z.string().regex(/^\d+$/);

/** A move: from heap number `heap` (0-based), take `take` tokens, leaving the heaps in `leave` (0, 1 or 2). */
export const OctalMove = z.strictObject({
  heap: z.number().int().min(0),
  take: decimal,
  leave: z.array(decimal).max(2),
});
export type OctalMove = z.infer<typeof OctalMove>;

/** The octal periodicity theorem's check: G(n + p) = G(n) for from <= n < below, read from G(0..computed). */
export const OctalProof = z.strictObject({
  from: z.number().int().min(0),
  below: z.number().int().min(1),
  computed: z.number().int().min(0),
});
export type OctalProof = z.infer<typeof OctalProof>;

export const OctalResult = z.strictObject({
  code: z.string(),
  heaps: z.array(decimal),
  /** G of each heap, in the order of `heaps`. */
  values: z.array(decimal),
  /** The XOR of the values: the first player wins iff it is not 0. */
  xor: decimal,
  /** Winning moves, at most one per heap and three in all; empty when the XOR is 0. */
  moves: z.array(OctalMove).max(3),
  /** The least n0 with G(n + p) = G(n) for all n >= n0; null when no period is proven. */
  preperiod: z.number().int().min(0).nullable(),
  /** The least such p; null when no period is proven (always for Nim, whose G(n) = n). */
  period: z.number().int().min(1).nullable(),
  proof: OctalProof.nullable(),
  /** Values G(0..computed) were computed (Nim: 0, its values need no table). */
  computed: z.number().int().min(0),
  /** G(0), G(1), ... (at most SAMPLE_LIMIT of them, and no further than the end of the first period). */
  sample: z.array(z.number().int().min(0)).max(SAMPLE_LIMIT),
  /** G(n0), G(n0 + 1), ... over one period (at most SAMPLE_LIMIT of them); empty without a period. */
  periodSample: z.array(z.number().int().min(0)).max(SAMPLE_LIMIT),
});
export type OctalResult = z.infer<typeof OctalResult>;
