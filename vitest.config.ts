import { defineConfig } from 'vitest/config';

// Unit and API tests (browser journeys are Playwright's, in e2e/). Each PGlite database holds
// a few hundred MB, and the machine has 2 cores: two workers at most.
export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
