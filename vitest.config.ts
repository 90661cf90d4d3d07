import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/fast-check-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start processes and servers; two cores are all we have.
    maxWorkers: 2,
  },
});
