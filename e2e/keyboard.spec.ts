import { expect, test, type Locator, type Page } from '@playwright/test';
import { messages, pageRoute } from '@anybank/contracts';
import { readDashboardBalances, type DashboardBalances } from './support/banking';
import { registerCustomer } from './support/customers';
import { expectAnswer, yesNoChoice } from './support/settings';
import {
  Mailbox,
  codeField,
  expectLandedAs,
  loginModal,
  passwordField,
  sessionItems,
  usernameField,
} from './support/sign-in';

// A whole visit without the mouse — sign in, transfer, change a consent, sign out —
// with only the keys a keyboard user presses (Tab, Shift+Tab, Enter, Space, arrows, typing).
// Every stop of the focus must be visible, and a dialog must take the focus when it opens and
// give it back when it closes. A customer of the journey's own: their consent changes.

/** How many Tab presses a stop may be away before the page is judged to have lost it. */
const MOST_TAB_PRESSES = 60;

/**
 * What is wrong with the focus a person sees now: nothing focused, or a focused element the
 * browser draws no focus indicator on (no outline, no focus shadow). Null when it is visible.
 */
async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing has the focus';
    const name = element.outerHTML.slice(0, 120);
    if (!element.matches(':focus-visible')) return `no visible focus (:focus-visible) on ${name}`;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return outline || shadow ? null : `no outline or focus shadow on ${name}`;
  });
}

async function expectVisibleFocus(page: Page): Promise<void> {
  expect(await focusProblem(page)).toBeNull();
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop on the way
 * that the focus is visible.
 */
async function tabTo(
  page: Page,
  target: Locator,
  direction: 'forward' | 'backward' = 'forward',
): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MOST_TAB_PRESSES; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
    await expectVisibleFocus(page);
  }
  expect(await isFocused(target), `focus reached ${target.toString()}`).toBe(true);
}

/** Whether the element with the focus is inside `container`. */
async function hasFocusWithin(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** Moves a focused closed <select> with the arrow keys until it shows an option starting `text`. */
async function arrowToOption(page: Page, select: Locator, text: string): Promise<string> {
  const shown = () =>
    select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text ?? '');
  for (let presses = 0; presses < 6 && !(await shown()).startsWith(text); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  const label = await shown();
  expect(label).toMatch(new RegExp(`^${text} \\(`));
  return label;
}

function movedToSavings(before: DashboardBalances, cents: number): DashboardBalances {
  return { ...before, checking: before.checking - cents, savings: before.savings + cents };
}

test('a customer signs in, transfers money, changes a consent and signs out with the keyboard alone, always seeing where the focus is', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(page.request, 'keyboard');
  const mailbox = await Mailbox.open(page.request, customer.email);
  const home = pageRoute('home');
  await page.goto(home.paths[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([home.heading]);

  // A dialog takes the focus and keeps it while open; Escape closes it and the focus goes back
  // to the button that opened it.
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  await tabTo(page, signUp);
  await page.keyboard.press('Enter');
  const registration = page.getByRole('dialog', { name: 'Open your AnyBank account' });
  await expect(registration).toBeVisible();
  await expect.poll(() => hasFocusWithin(registration)).toBe(true);
  // Round the dialog and back: its ends wrap around (it has fewer than 10 stops).
  for (const key of [...Array<string>(10).fill('Tab'), ...Array<string>(10).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await hasFocusWithin(registration), `focus inside the dialog after ${key}`).toBe(true);
    await expectVisibleFocus(page);
  }
  await page.keyboard.press('Escape');
  await expect(registration).toHaveCount(0);
  await expect.poll(() => isFocused(signUp)).toBe(true);

  // Sign in: the login modal opens with the focus in the username field, and each step puts it
  // in the next field.
  await tabTo(page, page.getByRole('button', { name: 'Sign In', exact: true }), 'backward');
  await page.keyboard.press('Enter');
  const modal = loginModal(page);
  await expect(usernameField(page)).toBeVisible();
  await expect.poll(() => isFocused(usernameField(page))).toBe(true);
  await expectVisibleFocus(page);
  await page.keyboard.type(customer.username);
  await page.keyboard.press('Enter');

  await expect(passwordField(page)).toBeEditable();
  await expect.poll(() => isFocused(passwordField(page))).toBe(true);
  await page.keyboard.type(customer.password);
  await page.keyboard.press('Enter');

  await expect(codeField(page)).toBeEditable();
  await expect.poll(() => isFocused(codeField(page))).toBe(true);
  await page.keyboard.type(await mailbox.readNewCode());
  await page.keyboard.press('Enter');

  // A new customer has one sign-in method: the offer to add another has the focus; 'Not now'.
  const addDevice = modal.getByRole('button', { name: 'Add a device', exact: true });
  await expect.poll(() => isFocused(addDevice)).toBe(true);
  await tabTo(page, modal.getByRole('button', { name: 'Not now', exact: true }));
  await page.keyboard.press('Space');
  await expectLandedAs(page, customer);
  const before = await readDashboardBalances(page);

  // Transfer $12.34 from checking to savings.
  const sidebar = page.getByRole('navigation', { name: 'Banking', exact: true });
  await tabTo(page, sidebar.getByRole('link', { name: 'Transfer Money', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([
    pageRoute('transfer-money').heading,
  ]);
  const from = page.getByLabel('From', { exact: true });
  await tabTo(page, from);
  const fromName = await arrowToOption(page, from, 'Checking');
  const to = page.getByLabel('To', { exact: true });
  await tabTo(page, to);
  const toName = await arrowToOption(page, to, 'Savings');
  await tabTo(page, page.getByLabel('Amount', { exact: true }));
  await page.keyboard.type('12.34');
  await page.keyboard.press('Enter');

  // The result's heading takes the focus, so the outcome is what is read out next.
  const confirmed = page.getByRole('heading', { name: messages.transfer.confirmedTitle });
  await expect(confirmed).toBeVisible();
  await expect.poll(() => isFocused(confirmed)).toBe(true);
  await expect(page.getByText(`${fromName} to ${toName}, $12.34`, { exact: true })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Accounts Dashboard', exact: true }));
  await page.keyboard.press('Enter');
  await expect.poll(() => readDashboardBalances(page)).toEqual(movedToSavings(before, 1234));

  // Communication preferences: SMS from No to Yes with the arrow keys, then Save.
  await tabTo(page, sidebar.getByRole('link', { name: 'Communications Preferences' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([
    pageRoute('communication-preferences').heading,
  ]);
  const sms = yesNoChoice(page, /^SMS/);
  await expectAnswer(sms, 'No', { editable: true });
  // Tab enters a radio group at its checked answer; an arrow key moves to and checks the other.
  await tabTo(page, sms.getByRole('radio', { name: 'No', exact: true }));
  await page.keyboard.press('ArrowLeft');
  await expect(sms.getByRole('radio', { name: 'Yes', exact: true })).toBeFocused();
  await expectAnswer(sms, 'Yes', { editable: true });
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
  await page.keyboard.press('Enter');

  const confirmation = page.getByRole('heading', { name: 'Confirmation', exact: true });
  await expect(confirmation).toBeVisible();
  await expect.poll(() => isFocused(confirmation)).toBe(true);
  await expect(page.getByText('Your communication preferences have been saved.')).toBeVisible();
  await expectAnswer(yesNoChoice(page, /^SMS/), 'Yes', { editable: false });
  await expectAnswer(yesNoChoice(page, /^Email/), 'No', { editable: false });
  // Saved by the bank, not just shown: the page loaded again reads it from the server.
  await page.reload();
  await expectAnswer(yesNoChoice(page, /^SMS/), 'Yes', { editable: true });

  // Sign Out, up in the navbar, ends on the home page with nothing of the session left.
  await tabTo(page, page.getByRole('button', { name: 'Sign Out', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect.poll(() => sessionItems(page)).toEqual({});
});
