import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_BRAND,
  WALLET_CARD_TITLE,
  fillBrand,
  messages,
  pageRoute,
  walletMessages,
} from '@anybank/contracts';

/** The card's title and the pairing's words under the default brand (branding.spec restores it). */
const CARD_TITLE = fillBrand(WALLET_CARD_TITLE, DEFAULT_BRAND);
const PAIRED = fillBrand(walletMessages.paired, DEFAULT_BRAND);
import { expectNoAxeViolations } from './support/axe';
import { publicConfigOf, registerCustomer } from './support/customers';
import { openProfile } from './support/profile';
import { signInThroughFlowApi } from './support/api-sign-in';

// Document 2 §2, §7, §8: the personal-details page pairs the phone's wallet through the
// wallet-pairing policy; the phone (/mobile, in a browser context of its own) opens the link and
// holds the AnyBank customer card, signed by the bank and checked against its published keys.

const mobile = pageRoute('mobile');

function walletOf(phone: Page) {
  return phone.getByRole('region', { name: 'Wallet', exact: true });
}

function cardIn(phone: Page) {
  return walletOf(phone).getByRole('article', { name: CARD_TITLE, exact: true });
}

test('a new customer pairs the wallet on their phone from personal details, and gets a card signed by the bank', async ({
  page,
  browser,
  baseURL,
}) => {
  const customer = await registerCustomer(page.request, 'wallet');
  await signInThroughFlowApi(page, customer);
  await openProfile(page);

  const pairing = page.getByRole('region', { name: 'Digital wallet', exact: true });
  await pairing.getByRole('button', { name: 'Pair digital wallet', exact: true }).click();
  await expect(pairing.getByRole('status')).toContainText('Your pairing link is ready');
  const qrCode = pairing.getByRole('img', { name: 'QR code of your wallet pairing link' });
  await expect(qrCode).toBeVisible();
  expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const link = pairing.getByRole('link', { name: /^Open the pairing link/ });
  const pairingUrl = (await link.getAttribute('href')) ?? '';
  expect(pairingUrl).toMatch(
    new RegExp(`^${baseURL}${mobile.paths[0]}#walletPairing=[A-Za-z0-9_-]{43}$`),
  );
  await expectNoAxeViolations(page);

  const phoneContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    await phone.goto(pairingUrl);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText([mobile.heading]);
    const card = cardIn(phone);
    await expect(card).toContainText(`${customer.firstName} ${customer.lastName}`);
    await expect(card.getByText('Signed by AnyBank', { exact: true })).toBeVisible();
    await expect(walletOf(phone).getByRole('status')).toContainText(
      `Your ${CARD_TITLE} was added.`,
    );
    // The ticket leaves the address at once: a reload or a bookmark does not carry it.
    expect(new URL(phone.url()).hash).toBe('');
    await expectNoAxeViolations(phone);

    // The personal-details page hears that the phone took the card.
    await expect(pairing.getByRole('status')).toHaveText(PAIRED);
    await expect(qrCode).toHaveCount(0);

    // The link works once: opened again, it adds nothing and says so.
    const again = await phoneContext.newPage();
    await again.goto(pairingUrl);
    await expect(walletOf(again).getByRole('alert')).toHaveText(
      messages.profile.walletPairingError,
    );
    await expect(cardIn(again)).toHaveCount(1);
    await expectNoAxeViolations(again);

    // A card changed in the phone's storage no longer matches the bank's signature.
    const { productId } = await publicConfigOf(page.request);
    await again.evaluate((storageKey) => {
      const [token = ''] = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as string[];
      const [header, payload, signature] = token.split('.');
      const fromBase64Url = (text: string) =>
        JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/'))) as Record<string, unknown>;
      const claims = { ...fromBase64Url(payload ?? ''), name: 'Mallory Forger' };
      const forged = btoa(JSON.stringify(claims))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '');
      localStorage.setItem(storageKey, JSON.stringify([`${header}.${forged}.${signature}`]));
    }, `${productId}.wallet`);
    await again.reload();
    await expect(cardIn(again)).toContainText('Mallory Forger');
    await expect(cardIn(again).getByText(/^Not verified:/)).toBeVisible();
    await expect(cardIn(again).getByText('Signed by AnyBank', { exact: true })).toHaveCount(0);
  } finally {
    await phoneContext.close();
  }
});
