import { accessSync, constants } from 'node:fs';

/**
 * How the suite's Chromium is launched and what it calls itself. playwright.config.ts uses these
 * for every test; the automation journey launches a second Chromium from them, changed in the
 * one way it is about.
 */

/** The distribution's Chromium (scripts/ensure-chromium.mjs checks it is there). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Debian's headless shell of the same Chromium (package chromium-headless-shell). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser the journeys drive: CHROME_PATH when it is set; otherwise the distribution's
 * headless shell of the same Chromium when it is installed (scripts/ensure-chromium.mjs installs
 * it where it can), else the full Chromium. The headless shell is the same engine without the
 * desktop browser around it: no browser UI pages, no GPU process drawing frames in software for
 * nobody to see. Measured on two journeys' files, it took less than half the CPU the full browser
 * took, which is what lets two workers share a two-core machine (e2e/README.md). Playwright's own
 * headless default is the same shell. Lighthouse (bench/web.bench.ts) keeps the full browser.
 */
export const E2E_BROWSER_PATH =
  process.env.CHROME_PATH ||
  (isExecutable(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/**
 * Keeps `navigator.webdriver` false. The bank's risk rules deny a browser that says automation
 * drives it, and the journeys sign in like a person does.
 */
export const HIDE_AUTOMATION_FLAG = '--disable-blink-features=AutomationControlled';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  HIDE_AUTOMATION_FLAG,
];

/**
 * A desktop Chrome's user agent. Headless Chromium's own contains 'HeadlessChrome', which the
 * bank's risk rules deny as an automated browser; the journeys present themselves as the
 * desktop browser a customer uses.
 */
export const DESKTOP_CHROME_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
