/**
 * The fast tests that exercise src/core and src/games, for `npm run mutate` (StrykerJS runs them once per
 * mutant): no Redis, no servers, no child processes, and a tenth of each property's runs (test/support/runs.ts).
 * MUTATE_TESTS narrows them for a run on one game, e.g.
 * MUTATE_TESTS='test/games/partisan*.test.ts,test/games/conformance.test.ts' npm run mutate -- --mutate 'src/games/partisan/**'
 */
import { defineConfig } from 'vitest/config';

const narrowed = process.env['MUTATE_TESTS']?.split(',').filter((glob) => glob.trim() !== '');

export default defineConfig({
  test: {
    include:
      narrowed !== undefined && narrowed.length > 0
        ? narrowed
        : ['test/games/**/*.test.ts', 'test/unit/core.test.ts'],
    setupFiles: ['test/support/fast-check-setup.ts'],
    env: { GRUNDY_MUTATION: '1' },
    testTimeout: 60_000,
  },
});
