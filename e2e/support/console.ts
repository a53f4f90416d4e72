import type { Page } from '@playwright/test';

/**
 * Records everything the page reports as an error: `console.error` calls, failed loads and CSP
 * refusals that the browser logs to the console, and uncaught exceptions. Call it before the
 * page navigates; read the returned array at the end of the test.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url, lineNumber } = message.location();
      errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
