/** SEAGM limits without zod, so the judge and the solver load light (schema.ts re-exports them). */
export const MAX_CARDS = 100_000;
export const MAX_VALUE = 1_000_000_000;
/** Up to this many cards the random-play probability is given as an exact fraction. */
export const EXACT_LIMIT = 100;
export const WINNING_LIST_LIMIT = 20;
export const TURN_TABLE_LIMIT = 12;
