import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './apps/server/test/slow-first-sequencer.ts';

/**
 * Test files that start no server, open no database and leave nothing stubbed behind: they run
 * one after another in a shared worker thread (`isolate: false`), so their modules (zod, the
 * contracts, Fastify, jose…) load once per worker instead of once per file.
 */
const SHARED_PROCESS_FILES = [
  'packages/**/*.test.ts',
  'scripts/**/*.test.ts',
  'apps/web/**/*.test.ts',
  'apps/server/src/**/*.rules.test.ts',
  'apps/server/src/config.test.ts',
  'apps/server/src/config-https.test.ts',
  'apps/server/src/http/tls.test.ts',
  'apps/server/src/db/migrate.test.ts',
  'apps/server/src/http/declared-answers.test.ts',
  'apps/server/src/http/error-codes-doc.test.ts',
  'apps/server/src/http/json-body.test.ts',
  'apps/server/src/http/rate-limit-leases.test.ts',
  'apps/server/src/http/request-log.test.ts',
  'apps/server/src/http/security-headers.test.ts',
  'apps/server/src/http/validation.test.ts',
  'apps/server/src/modules/identity/devices/secret-box.test.ts',
  'apps/server/src/modules/identity/devices/totp.rfc6238.test.ts',
  'apps/server/src/modules/identity/devices/webauthn.test.ts',
  'apps/server/src/modules/identity/flow/expiry-sweep.test.ts',
  'apps/server/src/modules/identity/keys/key-seal.test.ts',
  'apps/server/src/modules/identity/oauth/access-token.test.ts',
  'apps/server/src/modules/orchestration/widget-token.test.ts',
  'apps/server/src/modules/retail-shop/order-cookie.test.ts',
];

/**
 * Files that replace a module (`vi.mock`): only a fresh process gives them, and the files after
 * them, the modules they expect.
 */
const ISOLATED_FILES = ['apps/server/src/modules/identity/credentials/password.service.test.ts'];

const EXCLUDED = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

/** What every test file gets, whichever project runs it. */
const EVERY_FILE = {
  setupFiles: ['apps/server/test/declared-answers.setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Unit and API tests (browser journeys are Playwright's, in e2e/). Each PGlite database holds
// a few hundred MB, and the machine has 2 cores: two workers at most, shared by both projects.
export default defineConfig({
  test: {
    // Once per run (the root's, whose provided values every project sees): the run's id for its
    // seeded database templates, and the bundled server for the tests that start it as a
    // process; both removed at the end.
    globalSetup: ['apps/server/test/global-setup.ts'],
    // Its clean-up drops databases, which can take longer than the default 10 s on a busy machine.
    teardownTimeout: 60_000,
    // The longest files first, so that both workers finish together (even on a clean clone);
    // the shared-process files last, one run of them per worker.
    sequence: { sequencer: SlowFirstSequencer },
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...EVERY_FILE,
          name: 'isolated',
          include: ISOLATED_FILES,
          exclude: EXCLUDED,
          pool: 'forks',
        },
      },
      {
        test: {
          ...EVERY_FILE,
          // Every other file (the servers, databases and processes): one after another in a
          // worker process of its own, which keeps the server's modules (oidc-provider, Drizzle,
          // PGlite…) loaded from one file to the next, where a fresh process per file spent
          // ~80 s of a run importing them. Each file starts and stops its own server and
          // database, and the server keeps no state in its modules (checked with the files in
          // shuffled order: `--sequence.shuffle.files`).
          name: 'server',
          include: ['packages/**/*.test.ts', 'apps/**/*.test.ts'],
          exclude: [...EXCLUDED, ...SHARED_PROCESS_FILES, ...ISOLATED_FILES],
          setupFiles: [...EVERY_FILE.setupFiles, 'apps/server/test/shared-process.setup.ts'],
          pool: 'forks',
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          ...EVERY_FILE,
          name: 'shared-process',
          include: SHARED_PROCESS_FILES,
          exclude: EXCLUDED,
          setupFiles: [...EVERY_FILE.setupFiles, 'apps/server/test/shared-process.setup.ts'],
          pool: 'threads',
          isolate: false,
          // No file may depend on another's leftovers.
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
    ],
  },
});
