/**
 * Property-test run counts. Under `npm run mutate` (GRUNDY_MUTATION=1, set by vitest.mutate.config.ts) each
 * property runs a tenth of its runs, at least 5 (never more than asked): every mutant reruns the tests that cover it, and a mutant
 * a property catches at all is almost always caught in its first runs.
 */
export function runs(count: number): number {
  return process.env['GRUNDY_MUTATION'] === '1' ? Math.min(count, Math.max(5, Math.ceil(count / 10))) : count;
}
