import { createHash, randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { OAUTH_PATHS, PKCE_STATE_LENGTH, PKCE_VERIFIER_LENGTH } from '@anybank/contracts';
import { expectUsernameStep, loginModal } from './support/sign-in';

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

test('closing the login modal of a sign-in the retail checkout site asked for returns there with error=access_denied', async ({
  page,
  baseURL,
}) => {
  const verifier = randomUnreserved(PKCE_VERIFIER_LENGTH);
  const authorization = new URL(OAUTH_PATHS.authorization, baseURL);
  authorization.search = new URLSearchParams({
    client_id: RETAIL_CLIENT_ID,
    redirect_uri: `${RETAIL_SITE}/callback`,
    response_type: 'code',
    scope: 'openid',
    state: randomUnreserved(PKCE_STATE_LENGTH),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();

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

  await page.goto(`${RETAIL_SITE}/checkout`);
  await page.getByRole('link', { name: 'Pay with AnyBank', exact: true }).click();
  await expectUsernameStep(page);

  await loginModal(page).getByRole('button', { name: 'Close sign in', exact: true }).click();

  await expect(page).toHaveURL(
    (url) => url.origin === RETAIL_SITE && url.searchParams.get('error') === 'access_denied',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Back at the retail checkout']);
});
