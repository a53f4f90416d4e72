import { createHash, randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  OAUTH_PATHS,
  PKCE_STATE_LENGTH,
  PKCE_VERIFIER_LENGTH,
  messages,
  pageRoute,
} from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { registerCustomer, type NewCustomer } from './support/customers';
import { openSettingsPage } from './support/settings';
import { signInThroughFlowApi } from './support/api-sign-in';
import {
  Mailbox,
  enterCode,
  enterPassword,
  enterUsername,
  expectUsernameStep,
  loginModal,
  passwordField,
  stepHeading,
} from './support/sign-in';

/** playwright.config.ts gives the server this retail site; page.route plays the site. */
const RETAIL_SITE = 'http://retail.anybank.test';
const RETAIL_CLIENT_ID = 'retail-checkout';

/** RFC 3986 unreserved characters: a PKCE verifier's alphabet (RFC 7636 §4.1). */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

function randomUnreserved(length: number): string {
  return Array.from({ length }, () => UNRESERVED[randomInt(UNRESERVED.length)]).join('');
}

/** A page of the retail site: its title as the heading, then the body. */
function retailPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** The retail site's authorization request, with its own PKCE verifier and state. */
function retailAuthorization(baseURL: string | undefined, scope: string): URL {
  const verifier = randomUnreserved(PKCE_VERIFIER_LENGTH);
  const authorization = new URL(OAUTH_PATHS.authorization, baseURL);
  authorization.search = new URLSearchParams({
    client_id: RETAIL_CLIENT_ID,
    redirect_uri: `${RETAIL_SITE}/callback`,
    response_type: 'code',
    scope,
    state: randomUnreserved(PKCE_STATE_LENGTH),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return authorization;
}

/** Plays the retail site: its checkout page links to the bank, any other page is its return. */
async function playRetailSite(page: Page, authorization: URL): Promise<void> {
  await page.route(`${RETAIL_SITE}/**`, async (route) => {
    const url = new URL(route.request().url());
    const html =
      url.pathname === '/checkout'
        ? retailPage(
            'Retail checkout',
            `<a href="${authorization.toString()}">Pay with AnyBank</a>`,
          )
        : retailPage('Back at the retail checkout', `<p>${url.search}</p>`);
    await route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
  });
}

test('closing the login modal of a sign-in the retail checkout site asked for returns there with error=access_denied', async ({
  page,
  baseURL,
}) => {
  await playRetailSite(page, retailAuthorization(baseURL, 'openid'));

  await page.goto(`${RETAIL_SITE}/checkout`);
  await page.getByRole('link', { name: 'Pay with AnyBank', exact: true }).click();
  await expectUsernameStep(page);

  await loginModal(page).getByRole('button', { name: 'Close sign in', exact: true }).click();

  await expect(page).toHaveURL(
    (url) => url.origin === RETAIL_SITE && url.searchParams.get('error') === 'access_denied',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Back at the retail checkout']);
});

/** Signs the shopper in, in the login modal the retail site's authorization opened. */
async function signInAsShopper(page: Page, shopper: NewCustomer): Promise<void> {
  const mailbox = await Mailbox.open(page.request, shopper.email);
  await expectUsernameStep(page);
  await enterUsername(page, shopper.username);
  await expect(passwordField(page)).toBeEditable();
  await enterPassword(page, shopper.password);
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  // A customer with one sign-in method may be offered another first: not now.
  const offer = loginModal(page).getByRole('heading', { name: 'Add another way to sign in' });
  const consent = page.getByRole('heading', { level: 1, name: pageRoute('oauth-consent').heading });
  await expect(offer.or(consent)).toBeVisible();
  if (await offer.isVisible()) {
    await loginModal(page).getByRole('button', { name: 'Not now', exact: true }).click();
  }
}

test('the retail checkout asks the shopper on the bank’s consent page; Connected apps lists it and Revoke removes it', async ({
  page,
  baseURL,
}) => {
  const shopper = await registerCustomer(page.request, 'shopper');
  // The scopes the retail site once got: the bank's own API scopes among them.
  await playRetailSite(page, retailAuthorization(baseURL, 'openid profile banking consent'));
  await page.goto(`${RETAIL_SITE}/checkout`);
  await page.getByRole('link', { name: 'Pay with AnyBank', exact: true }).click();
  await signInAsShopper(page, shopper);

  // The consent page, in the bank's look, before any code went to the shop.
  await expect(page).toHaveURL((url) => url.pathname === '/oauth/consent');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([
    pageRoute('oauth-consent').heading,
  ]);
  const request = page.getByRole('region', {
    name: messages.connectedApps.consentIntro('Retail checkout'),
  });
  await expect(request.getByRole('listitem')).toHaveText([
    messages.connectedApps.scopeText.openid!,
    messages.connectedApps.scopeText.profile!,
  ]);
  await expect(request).toContainText(messages.connectedApps.noBankingAccess);
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);

  // The OAuth server answers the approval with a redirect to the shop, and page.route never
  // sees a redirected request (the shop's host does not exist): the request itself is checked.
  const callback = page.waitForRequest((sent) => {
    const url = new URL(sent.url());
    return url.origin === RETAIL_SITE && url.pathname === '/callback';
  });
  // The shop's host does not resolve, so the browser ends on its error page: the next step must
  // wait for that navigation, or the error page would interrupt the next page.goto.
  const leftTheBank = page.waitForEvent(
    'framenavigated',
    (frame) => frame === page.mainFrame() && !frame.url().startsWith(`${baseURL}/`),
  );
  await page.getByRole('button', { name: messages.connectedApps.allow, exact: true }).click();
  const back = new URL((await callback).url());
  expect(back.searchParams.get('code')).toBeTruthy();
  expect(back.searchParams.get('error')).toBeNull();
  await leftTheBank;

  // At the bank's own site (a new browser session), Privacy & Security lists the shop.
  await page.context().clearCookies();
  await signInThroughFlowApi(page, shopper);
  await openSettingsPage(page, 'privacy-security');
  const section = page.getByRole('region', { name: messages.connectedApps.sectionHeading });
  const app = section.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: 'Retail checkout', exact: true }),
  });
  await expect(app).toBeVisible();
  await expect(app).toContainText(messages.connectedApps.scopeText.profile!);
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);

  await app
    .getByRole('button', { name: messages.connectedApps.revokeLabel('Retail checkout') })
    .click();
  await expect(section.getByRole('status')).toHaveText(
    messages.connectedApps.revoked('Retail checkout'),
  );
  await expect(app).toHaveCount(0);
  await expect(section).toContainText(messages.connectedApps.none);
  await expect(section.getByRole('heading', { level: 2 })).toBeFocused();
  await expectNoAxeViolations(page);
});
