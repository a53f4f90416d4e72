import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP_CHROME_USER_AGENT } from './e2e/support/browser';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;
// Where Playwright writes this run's results (emptied when the run starts). Two runs on one tree
// need two directories (and two ports): E2E_OUTPUT_DIR=test-results-b E2E_PORT=8191.
const outputDir = path.resolve(repoRoot, process.env.E2E_OUTPUT_DIR ?? 'test-results');

// A fresh PGlite data directory for every run, so no test depends on what an earlier run left
// behind. It lives under test-results/, which Playwright empties before it starts the server, so
// old runs' databases do not pile up.
const runStamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
const dataDir = path.join(outputDir, `e2e-data-${runStamp}`);

/** Where this run's build of the web app goes (test-results is emptied at every run). */
export const E2E_WEB_DIST_DIR = path.join(outputDir, 'e2e-web-dist');

export default defineConfig({
  testDir: 'e2e',
  outputDir,
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
    // The risk rules deny a browser that looks automated: a user agent containing
    // 'HeadlessChrome' (headless Chromium's default) or navigator.webdriver true. The journeys sign
    // in like a person, so the browser presents a desktop Chrome's user agent, and
    // --disable-blink-features=AutomationControlled (in CHROMIUM_ARGS) keeps navigator.webdriver
    // false. The automation journey launches its own browser without that flag.
    userAgent: DESKTOP_CHROME_USER_AGENT,
    // The distribution's Chromium (scripts/ensure-chromium.mjs checks it is there); Playwright
    // downloads no browser.
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
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
      // The retail checkout site, registered as OAuth client retail-checkout with redirect URI
      // `${RETAIL_SITE_URL}/callback`. Nothing serves this origin: the checkout journey answers
      // its requests itself with page.route.
      RETAIL_SITE_URL: 'http://retail.anybank.test',
      // `npm start` builds the web app here and the server serves it from here: a run never
      // shares apps/web/dist with another run (or a developer's server) on the same tree.
      WEB_DIST_DIR: E2E_WEB_DIST_DIR,
      NPM_CONFIG_LOGLEVEL: 'error',
    },
  },
});
