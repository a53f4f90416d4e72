import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;

// A fresh PGlite data directory for every run, so no test depends on what an earlier run left
// behind. It lives under test-results/, which Playwright empties before it starts the server, so
// old runs' databases do not pile up.
const runStamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
const dataDir = path.join(repoRoot, 'test-results', `e2e-data-${runStamp}`);

export default defineConfig({
  testDir: 'e2e',
  // Two cores, and the server under test needs one of them: one browser at a time.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    // The distribution's Chromium (scripts/ensure-chromium.mjs checks it is there); Playwright
    // downloads no browser.
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-blink-features=AutomationControlled',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The README's own start command, so the suite proves that a fresh clone starts: it builds the
  // web app, then the server migrates and seeds its database and serves both.
  webServer: {
    command: 'npm start',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      LISTEN_HOST: 'localhost',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address within a minute: the journeys test the bank, not the limiter.
      RATE_LIMIT_PER_MINUTE: '5000',
      NPM_CONFIG_LOGLEVEL: 'error',
    },
  },
});
