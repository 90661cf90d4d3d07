/** PartisanGame limits without zod, so the judge and the solver load light (schema.ts re-exports them). */
export const MAX_N = 10n ** 18n;
export const MAX_MOVE = 64;
/** Patterns in a result stop after this many positions, so a period of millions stays a small answer. */
export const PATTERN_LIMIT = 200;
