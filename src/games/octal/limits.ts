/** Octal-game limits without zod, so the judge and the solver load light (schema.ts re-exports them). */
export const MAX_HEAP = 10n ** 18n;
export const MAX_HEAPS = 100;
/** The most values G(0..m) one question may compute (directly, or while looking for a period). */
export const MAX_SEARCH = 10_000_000;
export const MIN_SEARCH = 1_000;
export const DEFAULT_SEARCH = 20_000;
/** Results show G(0), G(1), ... up to this many values. */
export const SAMPLE_LIMIT = 240;
