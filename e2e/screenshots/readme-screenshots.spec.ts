import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  behindTheScenesMessages as panelText,
  pageRoute,
  payByBankMessages as payText,
  shopBankViewMessages as view,
} from '@anybank/contracts';
import { waitForAnimationsToFinish } from '../support/axe';
import { payByBank } from '../support/pay-by-bank';
import { signIn, USERS } from '../support/sign-in';

// The README's pictures ("Your first demo in five minutes"), made from the running product by
// `npm run screenshots` (playwright.screenshots.config.ts), never by hand: each is a page as a presenter
// sees it at 1280×800 (the phone at 390×844), written to docs/images/.

const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images');

async function picture(page: Page, name: string): Promise<void> {
  await waitForAnimationsToFinish(page);
  await page.screenshot({ path: path.join(IMAGES, `${name}.png`), animations: 'disabled' });
}

test.use({ viewport: { width: 1280, height: 800 } });

test('the presenter’s page', async ({ page }) => {
  await page.goto(pageRoute('demo').paths[0] ?? '/demo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await picture(page, 'demo');
});

test('jane’s sign-in told by Behind the scenes beside her dashboard', async ({ page }) => {
  await page.goto('/?inspect=1');
  await expect(page.getByRole('complementary', { name: panelText.title })).toBeVisible();
  await signIn(page, USERS.jane);
  await picture(page, 'panel');
});

test('pay by bank, call by call, in the Shop ⇄ Bank view', async ({ page }) => {
  await payByBank(page);
  await page
    .getByRole('group', { name: payText.payFrom })
    .getByRole('radio', { name: /^Checking / })
    .check();
  await page.getByRole('button', { name: payText.confirm, exact: true }).click();
  await page.getByRole('link', { name: view.receiptLink, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([
    pageRoute('shop-bank').heading,
  ]);
  await picture(page, 'shop-bank');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bank’s phone app', async ({ page }) => {
    await page.goto(pageRoute('mobile').paths[0] ?? '/mobile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await picture(page, 'mobile');
  });
});
