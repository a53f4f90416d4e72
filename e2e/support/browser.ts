/**
 * How the suite's Chromium is launched and what it calls itself. playwright.config.ts uses these
 * for every test; the automation journey launches a second Chromium from them, changed in the
 * one way it is about.
 */

/** The distribution's Chromium (scripts/ensure-chromium.mjs checks it is there). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
