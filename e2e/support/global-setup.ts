import { E2E_HEALTH_URLS } from '../../playwright.config';

/** As long as playwright.config.ts gives a server to start (webServer `timeout`). */
const START_TIMEOUT_MS = 180_000;
const POLL_MS = 250;

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Runs once, after Playwright has started the servers and before the first journey. The first
 * server's webServer entry counts as ready as soon as its build is written, so that the others
 * start beside it (playwright.config.ts): here the run waits until every server, the first one
 * included, answers its health check, and stops with the address of any that never does.
 */
export default async function waitForEveryServer(): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (const url of E2E_HEALTH_URLS) {
    while (!(await answers(url))) {
      if (Date.now() > deadline) {
        throw new Error(
          `${url} did not answer within ${START_TIMEOUT_MS / 1000} s: see the [WebServer] output above`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
