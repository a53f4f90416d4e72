import { expect, test } from '@playwright/test';
import { payByBankMessages as text } from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import { startHttpsServer, type HttpsServer } from './support/https-server';
import { creditLine, payByBank } from './support/pay-by-bank';

// With HTTPS=on the bank serves HTTPS with the certificate it made itself, and the shop's server
// calls the bank at that address (discovery, tokens, PAR, the payment, its account): the shop
// trusts exactly that certificate, so pay by bank works over HTTPS as it does over HTTP. A server
// of this journey's own, on its own data directory: its jane belongs to this file alone.

test.describe('pay by bank over HTTPS, served by the bank itself', () => {
  test.describe.configure({ timeout: 150_000 });
  let server: HttpsServer | null = null;

  test.beforeAll(async () => {
    server = await startHttpsServer(test.info().outputPath('https-data'));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a shopper pays $42.10 by bank as jane over HTTPS: “Paid”, and the shop’s account at the bank credited', async ({
    browser,
  }) => {
    // The browser trusts the certificate whose fingerprint startHttpsServer checked against the
    // one the server printed (phone.spec.ts does the same).
    const context = await browser.newContext({
      baseURL: server!.baseURL,
      ignoreHTTPSErrors: true,
      userAgent: DESKTOP_CHROME_USER_AGENT,
    });
    try {
      const page = await context.newPage();
      const paid = await payByBank(page);
      expect(new URL(page.url()).protocol).toBe('https:');
      await page
        .getByRole('group', { name: text.payFrom })
        .getByRole('radio', { name: /^Checking / })
        .check();
      await page.getByRole('button', { name: text.confirm, exact: true }).click();

      await expect(
        page.getByRole('heading', { level: 2, name: text.paid, exact: true }),
      ).toBeVisible();
      await expect(page.getByText(text.orderReference(paid.reference))).toBeVisible();
      await expect(page.getByText(creditLine('$42.10', paid.reference))).toBeVisible();
      await waitForAnimationsToFinish(page);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});
