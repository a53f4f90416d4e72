import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_BRANDING_PATH,
  DEFAULT_BRAND,
  pageRoute,
  brandingMessages,
  presenterMessages,
  PRESENTER_PATH,
  XSRF_HEADER,
} from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { signInThroughFlowApi } from './support/api-sign-in';
import { registerCustomer } from './support/customers';
import { presenterSecret } from './support/presenter';
import { Mailbox, loginModal, openSignIn, sessionItem } from './support/sign-in';

// The demo admin renames the bank. The brand is server-wide and every other spec
// expects the default (e2e/README rule 4): the journey restores it in a `finally`.

const NORTHWIND = {
  bankName: 'Northwind Bank',
  productName: 'Northwind Go',
  primaryColor: '#1b5e20',
  accentColor: '#ffd54f',
};
const NORTHWIND_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#1b5e20"/><path d="M9 22V10l14 12V10" stroke="#ffd54f" stroke-width="3" fill="none"/></svg>',
);
const text = brandingMessages;
const admin = pageRoute('admin');

/** The navbar's home link, named for the bank it shows. */
function homeLink(page: Page, bankName: string) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `${bankName} home`, exact: true });
}

/** The Branding form's live region: what the last save or restore answered. */
function brandingOutcome(page: Page) {
  return page.getByRole('status').filter({ hasText: /brand|contrast/ });
}

async function fillColour(page: Page, label: string, value: string) {
  await page.getByLabel(text.colorTextLabel(label), { exact: true }).fill(value);
}

/**
 * Back to the environment's brand, whatever the page is doing (a finally): as the presenter,
 * whether or not the page got as far as giving the secret.
 */
async function restoreDefaultBrand(request: APIRequestContext, token: string | null) {
  const presenter = await request.post(PRESENTER_PATH, {
    headers: { [XSRF_HEADER]: '1' },
    data: { secret: presenterSecret() },
  });
  expect(presenter.status(), 'POST presenter secret').toBe(200);
  const response = await request.delete(ADMIN_BRANDING_PATH, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status(), 'DELETE admin branding').toBe(200);
}

test('the demo admin renames the bank: site, login modal and e-mails follow; a pair below WCAG AA is refused', async ({
  page,
  browser,
}) => {
  // Two sign-ins (one through the API, one of a visitor's browser) and two pages' axe scans.
  test.setTimeout(90_000);
  const customer = await registerCustomer(page.request, 'branding');
  await signInThroughFlowApi(page, customer);
  const token = await sessionItem(page, 'AT');
  try {
    await page.goto(admin.paths[0]!);
    await expect(page.getByRole('heading', { name: text.heading, level: 2 })).toBeVisible();

    // The brand is everyone's: the form asks for the presenter secret first (README "Demo
    // tools"); a customer's sign-in alone does not open it.
    const secretField = page.getByLabel(presenterMessages.label, { exact: true });
    await expect(page.getByRole('form', { name: presenterMessages.heading })).toBeVisible();
    await expect(page.getByLabel(text.bankNameLabel, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const unlock = page.getByRole('button', { name: presenterMessages.submit, exact: true });
    await secretField.fill('not-the-presenter-secret');
    await unlock.click();
    await expect(page.getByRole('alert').filter({ hasText: 'presenter secret' })).toHaveText(
      'That is not the presenter secret. Check the start banner and try again.',
    );
    await expect(secretField).toBeFocused();
    await expect(secretField).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await secretField.fill(presenterSecret());
    await unlock.click();
    await expect(secretField).toHaveCount(0);
    await expect(page.getByLabel(text.bankNameLabel, { exact: true })).toHaveValue(
      DEFAULT_BRAND.bankName,
    );

    await page.getByLabel(text.bankNameLabel, { exact: true }).fill(NORTHWIND.bankName);
    await page.getByLabel(text.productNameLabel, { exact: true }).fill(NORTHWIND.productName);
    await fillColour(page, text.primaryColorLabel, NORTHWIND.primaryColor);
    await fillColour(page, text.accentColorLabel, NORTHWIND.accentColor);
    await page.getByLabel(text.logoLabel, { exact: true }).setInputFiles({
      name: 'northwind.svg',
      mimeType: 'image/svg+xml',
      buffer: NORTHWIND_LOGO,
    });
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(brandingOutcome(page)).toHaveText(text.saved);

    // At once, without a reload: the navbar's name and logo, the title, the colours.
    await expect(homeLink(page, NORTHWIND.bankName)).toBeVisible();
    await expect(page).toHaveTitle(`${admin.heading} | ${NORTHWIND.bankName}`);
    const logo = homeLink(page, NORTHWIND.bankName).locator('img');
    await expect(logo).toHaveAttribute('src', /\/api\/branding\/logo\?v=u\d+$/);
    await expect(logo).toHaveJSProperty('complete', true);
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The outline button's text is the primary colour (the pointer rests on the other one).
    await expect(page.getByRole('button', { name: text.restore, exact: true })).toHaveCSS(
      'color',
      'rgb(27, 94, 32)',
    );
    await expectNoAxeViolations(page);

    // A pair below WCAG AA is refused, saying which pair and its ratio; the brand stays.
    await fillColour(page, text.primaryColorLabel, '#7fb3ff');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(brandingOutcome(page)).toHaveText(
      'The contrast between white text and the primary colour #7fb3ff is 2.14:1; WCAG AA needs at least 4.5:1 for text.',
    );
    await expect(homeLink(page, NORTHWIND.bankName)).toBeVisible();

    // A visitor's browser: the home page, the login modal, then the next e-mail it gets.
    const visitor = await browser.newContext();
    try {
      const home = await visitor.newPage();
      await home.goto('/');
      await expect(homeLink(home, NORTHWIND.bankName)).toBeVisible();
      await expect(home).toHaveTitle(new RegExp(`\\| ${NORTHWIND.bankName}$`));
      await expectNoAxeViolations(home);
      await openSignIn(home);
      await expect(loginModal(home).getByText(NORTHWIND.bankName, { exact: true })).toBeVisible();
      await expect(loginModal(home).getByText(DEFAULT_BRAND.bankName, { exact: true })).toHaveCount(
        0,
      );

      const mailbox = await Mailbox.open(home.request, customer.email);
      await signInThroughFlowApi(home, customer);
      const mail = await mailbox.readNewMessage('the sign-in code e-mail');
      expect(mail.subject).toBe(`Your ${NORTHWIND.bankName} sign-in code`);
      expect(mail.body).toContain(`${NORTHWIND.bankName} will never ask you for this code.`);
    } finally {
      await visitor.close();
    }

    // "Restore default brand" brings today's look back, at once.
    await page.getByRole('button', { name: text.restore, exact: true }).click();
    await expect(brandingOutcome(page)).toHaveText(text.restored);
    await expect(homeLink(page, DEFAULT_BRAND.bankName)).toBeVisible();
  } finally {
    await restoreDefaultBrand(page.request, token);
  }
});
