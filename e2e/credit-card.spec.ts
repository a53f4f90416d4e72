import { expect, test, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import {
  expectUnderReview,
  openApplicationFromHome,
  signInOnApplicationTab,
  signInToApplication,
  verificationStep,
} from './support/credit-card';
import { registerCustomer, type NewCustomer } from './support/customers';
import { Mailbox, enterCode, loginModal } from './support/sign-in';

// Document 2 §2 and ADR 0015: the card offer opens the application in a new tab, which signs
// the visitor on to it; a customer whose identity is not verified (every new customer) proves
// it with a code e-mailed to them, once. The journeys share one customer registered here, in
// order: the first application verifies them, the second finds them verified.

test.describe.configure({ mode: 'serial' });

let customer: NewCustomer;

test.beforeAll(async ({ request }) => {
  customer = await registerCustomer(request, 'card');
});

function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main', exact: true });
}

test('the card offer opens a new tab that starts sign-on; a new customer enters the code e-mailed to verify them and ends on the under-review text', async ({
  page,
}) => {
  const tab = await openApplicationFromHome(page);
  await signInToApplication(tab, customer, 'asked');
  await expectNoAxeViolations(tab);
  // The home page stayed where it was, in its own tab.
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a wrong verification code is refused and the application waits for the right one', async ({
  page,
}) => {
  // A second customer of its own: this one is still unverified when asked.
  const other = await registerCustomer(page.request, 'card.wrong');
  const tab = await openApplicationFromHome(page);
  const mailbox = await Mailbox.open(tab.request, other.email);
  await signInOnApplicationTab(tab, other, mailbox);
  await expect(verificationStep(tab)).toBeVisible();
  const code = await mailbox.readNewCode();
  await enterCode(tab, code === '000000' ? '111111' : '000000');
  await expect(loginModal(tab).getByText(messages.login.incorrectOtp)).toBeVisible();
  await expect(verificationStep(tab)).toBeVisible();
  await enterCode(tab, code);
  await expectUnderReview(tab);
});

test('a verified customer applies again and goes straight to the under-review text, without a code', async ({
  browser,
}) => {
  // A new browser: signed out, as the first time.
  const context = await browser.newContext();
  try {
    const home = await context.newPage();
    const tab = await openApplicationFromHome(home);
    await signInToApplication(tab, customer, 'not asked');
  } finally {
    await context.close();
  }
});

test('on the application tab the menu is inert and Account closes the tab', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const home = await context.newPage();
    const tab = await openApplicationFromHome(home);
    await signInToApplication(tab, customer, 'not asked');

    const nav = mainNavigation(tab);
    // The customer's menu shows, but as text: its only links are the logo and Account.
    await expect(nav.getByText('Transfer Money', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Transfer Money' })).toHaveCount(0);
    await expect(nav.getByRole('link')).toHaveCount(2);
    await expect(nav.getByRole('link', { name: 'AnyBank home', exact: true })).toBeVisible();

    const closed = tab.waitForEvent('close');
    // The click closes the very tab it is made in: Playwright may find the page gone before
    // the click returns. That is the expected outcome, not a failure; anything else is.
    await nav
      .getByRole('link', { name: messages.creditCard.accountLink, exact: true })
      .click()
      .catch((error: unknown) => {
        if (!tab.isClosed()) throw error;
      });
    await closed;
    expect(tab.isClosed()).toBe(true);
    expect(home.isClosed()).toBe(false);
  } finally {
    await context.close();
  }
});
