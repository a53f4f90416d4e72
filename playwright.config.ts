import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, DESKTOP_CHROME_USER_AGENT, E2E_BROWSER_PATH } from './e2e/support/browser';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8181);

/**
 * How many browsers run journeys at once, each against a server (and PGlite database) of its own
 * on ports E2E_PORT, E2E_PORT+1, …: E2E_WORKERS when it is set, otherwise what
 * scripts/e2e-workers.mjs suggests for this machine now (2 when it has a core to spare, as CI's
 * idle machine has; 1 when other work keeps the cores busy). Decided once, in the runner: the
 * workers it forks inherit E2E_WORKERS. Set E2E_WORKERS, not --workers: a worker without a server
 * of its own would share another's (e2e/README.md).
 */
if (!process.env.E2E_WORKERS) {
  process.env.E2E_WORKERS = execFileSync(
    process.execPath,
    [fileURLToPath(new URL('./scripts/e2e-workers.mjs', import.meta.url))],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  ).trim();
}
const serverCount = Number(process.env.E2E_WORKERS);
if (!Number.isInteger(serverCount) || serverCount < 1 || serverCount > 4) {
  throw new Error(
    `E2E_WORKERS must be a whole number from 1 to 4 (got ${process.env.E2E_WORKERS})`,
  );
}
const serverPorts = Array.from({ length: serverCount }, (_, index) => port + index);
/** Every server's health check: e2e/support/global-setup.ts waits for all of them. */
export const E2E_HEALTH_URLS = serverPorts.map(
  (serverPort) => `http://localhost:${serverPort}/healthz`,
);

// Playwright loads this file again in every worker process, with TEST_PARALLEL_INDEX (0 … workers
// - 1, kept by a worker's replacement after a failure) set: each worker talks to its own server.
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (parallelIndex >= serverCount) {
  throw new Error(
    `Worker ${parallelIndex} has no server of its own: run more workers with E2E_WORKERS=${parallelIndex + 1}, not --workers`,
  );
}
const baseURL = `http://localhost:${serverPorts[parallelIndex]}`;
// Where Playwright writes this run's results (emptied when the run starts). Two runs on one tree
// need two directories (and two ports): E2E_OUTPUT_DIR=test-results-b E2E_PORT=8191.
const outputDir = path.resolve(repoRoot, process.env.E2E_OUTPUT_DIR ?? 'test-results');

// A fresh PGlite data directory for every run, so no test depends on what an earlier run left
// behind. It lives under test-results/, which Playwright empties before it starts the server, so
// old runs' databases do not pile up.
const runStamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
const dataDirOf = (serverPort: number) =>
  path.join(outputDir, `e2e-data-${runStamp}-${serverPort}`);

/** Where this run's build of the web app goes (test-results is emptied at every run). */
export const E2E_WEB_DIST_DIR = path.join(outputDir, 'e2e-web-dist');

/**
 * This run's server secrets, random, set in the servers' environment as a deployment sets them
 * (ADR 0017: none has a default; unset ones would be generated into each server's database,
 * which the tests cannot read while it runs). Made once in the runner process; the workers it
 * forks inherit them, so e2e/bundle-secrets.spec.ts checks the bundle against the very values
 * the servers hold.
 */
for (const name of [
  'E2E_API_KEY',
  'E2E_SESSION_SECRET',
  'E2E_SIGNING_SECRET',
  'E2E_PRESENTER_SECRET',
]) {
  process.env[name] ??= randomBytes(32).toString('base64url');
}
export const E2E_SERVER_SECRETS = {
  API_KEY: process.env.E2E_API_KEY ?? '',
  SESSION_SECRET: process.env.E2E_SESSION_SECRET ?? '',
  SIGNING_SECRET: process.env.E2E_SIGNING_SECRET ?? '',
  // The presenter's (README "Demo tools"): journeys that brand or reset the demo give it.
  PRESENTER_SECRET: process.env.E2E_PRESENTER_SECRET ?? '',
};

/**
 * The longest spec files (25 to 60 s each in CI's run; passkey-authenticators, push and recovery
 * joined them once they took longer than admin's), in a project of their own listed first:
 * Playwright queues spec files project by project, each project's in name order, and a free
 * worker takes the next. Started first, the long files are done while the short ones fill in
 * around them, and the two workers end within seconds of each other; in plain name order
 * transfers.spec.ts (36 s) started last and one worker ran on alone (about 25 s). Neither
 * project has a name, so the output is as before. Any file may move in or out of this list.
 */
const LONGEST_SPEC_FILES = [
  'a11y-every-page',
  'admin',
  'pairing',
  'passkey-authenticators',
  'push',
  'recovery',
  'routes',
  'sign-in',
  'transfers',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  // The README's pictures are made by `npm run screenshots` (playwright.screenshots.config.ts) only.
  projects: [
    { testMatch: LONGEST_SPEC_FILES },
    { testIgnore: [...LONGEST_SPEC_FILES, '**/screenshots/**'] },
  ],
  outputDir,
  // A spec file runs whole in one worker, in order, against that worker's server; two workers
  // never share a server, so one's lockouts and changed users never reach the other's journeys.
  fullyParallel: false,
  workers: serverCount,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  // A journey's time limit catches a hang, not slowness: with two workers (two browsers and two
  // servers) on two cores, a journey gets about half the machine while the other works, and a
  // busy machine halves it again. Within the limit nothing waits longer than it must.
  timeout: 60_000,
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
    // The browser asks for reduced motion, as a person may in their system settings: Bootstrap
    // then draws modals and fades without transitions, and a journey does not wait out each one
    // (a tenth less time, e2e/README.md). E2E_MOTION=on runs the journeys with the transitions.
    reducedMotion: process.env.E2E_MOTION === 'on' ? 'no-preference' : 'reduce',
    // The distribution's Chromium, as its headless shell where that is installed
    // (scripts/ensure-chromium.mjs checks, e2e/support/browser.ts chooses); Playwright downloads
    // no browser.
    launchOptions: {
      executablePath: E2E_BROWSER_PATH,
      args: [...CHROMIUM_ARGS],
    },
    // No trace unless E2E_TRACE=on: to keep a failure's, every journey records one, and the DOM
    // snapshots of every action cost the browser and the worker about a tenth of the run
    // (e2e/README.md). With it, failures keep actions, network and DOM snapshots, without the
    // screencast. The failure screenshot stays either way.
    trace:
      process.env.E2E_TRACE === 'on' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
  },
  // The first server runs the README's own start command, so the suite proves that a fresh clone
  // starts: it builds the web app, then the server migrates and seeds its database and serves
  // both. The others (`npm run serve`, no second build) serve the same build from their own
  // databases. Playwright starts the entries one after another, each once the one before is ready:
  // the first counts as ready when its build is written (vite's '✓ built in'), so every server
  // migrates and seeds at the same time instead of each waiting for the one before (about 5 s
  // each). e2e/support/global-setup.ts then waits until every server answers its health check.
  // (Should vite word that line differently, the first entry waits for its health check instead:
  // slower, never wrong.)
  globalSetup: './e2e/support/global-setup.ts',
  webServer: serverPorts.map((serverPort, index) => ({
    command: index === 0 ? 'npm start' : 'npm run serve',
    cwd: repoRoot,
    url: E2E_HEALTH_URLS[index],
    ...(index === 0 && serverCount > 1 ? { wait: { stdout: /✓ built in / } } : {}),
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      LISTEN_HOST: 'localhost',
      DATA_DIR: dataDirOf(serverPort),
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address within a minute: the journeys test the bank, not the limiter.
      RATE_LIMIT_PER_MINUTE: '5000',
      // The retail checkout site, registered as OAuth client retail-checkout with redirect URI
      // `${RETAIL_SITE_URL}/callback`. Nothing serves this origin: the checkout journey answers
      // its requests itself with page.route.
      RETAIL_SITE_URL: 'http://retail.anybank.test',
      // `npm start` builds the web app here and the servers serve it from here: a run never
      // shares apps/web/dist with another run (or a developer's server) on the same tree.
      WEB_DIST_DIR: E2E_WEB_DIST_DIR,
      ...E2E_SERVER_SECRETS,
      NPM_CONFIG_LOGLEVEL: 'error',
    },
  })),
});
