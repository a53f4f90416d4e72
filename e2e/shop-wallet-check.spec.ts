import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_BRAND,
  PHONE_PRESENTATION_PARAM,
  RETAIL_AGE_RESTRICTED_PRODUCT,
  fillBrand,
  payByBankMessages,
  walletPresentationMessages as text,
} from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';

// The retail shop's age check (OpenID4VP, ADR 0027) on its page: the age-restricted item holds
// the payment back until the customer's wallet answers. The test plays the wallet from the
// phone link the page shows: it reads the shop's signed request and declines.

const branded = (words: string) => fillBrand(words, DEFAULT_BRAND);

/** What the wallet reads from the page's phone link: the request object's claims. */
async function requestBehind(page: Page, link: string) {
  const fragment = new URLSearchParams(new URL(link).hash.slice(1));
  const requestUri = new URL(fragment.get(PHONE_PRESENTATION_PARAM) ?? '');
  const requestObject = await page.request.get(requestUri.searchParams.get('request_uri') ?? '');
  expect(requestObject.status()).toBe(200);
  const [, payload = ''] = (await requestObject.text()).split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    state: string;
    response_uri: string;
    dcql_query: { credentials: { claims: { path: string[] }[] }[] };
  };
}

test('camping stove fuel waits for the age check from the customer’s wallet: the shop asks for age_over_18 alone, and a customer who declines on the phone is told so and cannot pay', async ({
  page,
}) => {
  await page.goto('/retail');
  const pay = page.getByRole('button', { name: payByBankMessages.payByBank, exact: true });
  await expect(pay).toBeEnabled();

  await page.getByRole('button', { name: text.addToOrder, exact: true }).click();
  await expect(page.getByText(RETAIL_AGE_RESTRICTED_PRODUCT.item)).toBeVisible();
  await expect(page.getByText(text.ageItemNotice)).toBeVisible();
  await expect(pay).toBeDisabled();
  await expect(page.getByText(text.verifyAgeFirst)).toBeVisible();

  await page.getByRole('button', { name: branded(text.verifyAge), exact: true }).click();
  await expect(page.getByRole('img', { name: text.qrAlt })).toBeVisible();
  await expect(page.getByText(text.waiting)).toBeVisible();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);

  const link = await page.getByRole('link', { name: text.openOnPhone }).getAttribute('href');
  const request = await requestBehind(page, link ?? '');
  expect(request.dcql_query.credentials[0]?.claims).toEqual([{ path: ['age_over_18'] }]);
  const declined = await page.request.post(request.response_uri, {
    form: { error: 'access_denied', state: request.state },
  });
  expect(declined.status()).toBe(200);

  await expect(page.getByText(text.declined)).toBeVisible();
  await expect(pay).toBeDisabled();
  await expect(page.getByRole('button', { name: text.tryAgain, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
