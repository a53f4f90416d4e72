import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './apps/server/test/slow-first-sequencer.ts';

// Unit and API tests (browser journeys are Playwright's, in e2e/). Each PGlite database holds
// a few hundred MB, and the machine has 2 cores: two workers at most.
export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    setupFiles: ['apps/server/test/declared-statuses.setup.ts'],
    // Once per run: the run's id for its seeded database templates, and the bundled server for
    // the tests that start it as a process; both removed at the end.
    globalSetup: ['apps/server/test/global-setup.ts'],
    // Its clean-up drops databases, which can take longer than the default 10 s on a busy machine.
    teardownTimeout: 60_000,
    // The longest files first, so that both workers finish together (even on a clean clone).
    sequence: { sequencer: SlowFirstSequencer },
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
