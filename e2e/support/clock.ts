import type { BrowserContext, Page } from '@playwright/test';

/**
 * Playwright's clock (`page.clock`, one per browser context), for journeys that would otherwise
 * wait out one of the app's own timers: a poll's interval (the phone app's, the login modal's
 * while it waits for the phone) or a redirect's delay. Installed before the page loads the code
 * whose timers it should drive; time then runs as usual, and `moveTimeOn` jumps it forward where
 * a journey knows what it is waiting for, so that the timer due within that time fires at once.
 * The same code runs, with the same outcome the journey checks, without the idle seconds.
 * (idle-session.spec.ts installs its own, to move 30 minutes on.)
 */

const withClock = new WeakSet<BrowserContext>();

/** Installs the clock of `page`'s browser context, once per context. */
export async function installClock(page: Page): Promise<void> {
  const context = page.context();
  if (withClock.has(context)) return;
  withClock.add(context);
  await page.clock.install();
}

/** Moves the page's clock `ms` forward: the timers due in that time fire now (each once). */
export async function moveTimeOn(page: Page, ms: number): Promise<void> {
  await page.clock.fastForward(ms);
}
