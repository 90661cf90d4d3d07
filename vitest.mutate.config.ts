/**
 * The fast tests that exercise src/core and src/games, for `npm run mutate` (StrykerJS runs them once per
 * mutant): no Redis, no servers, no child processes, and a tenth of each property's runs (test/support/runs.ts).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/games/**/*.test.ts', 'test/unit/core.test.ts'],
    setupFiles: ['test/support/fast-check-setup.ts'],
    env: { GRUNDY_MUTATION: '1' },
    testTimeout: 60_000,
  },
});
