import { expect, type Locator, type Page } from '@playwright/test';
import { pageRoute, type PageId } from '@anybank/contracts';
import type { NewCustomer } from './customers';
import {
  Mailbox,
  chooseMethod,
  declinePairingOffer,
  enterCode,
  enterPassword,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
  passwordField,
  stepHeading,
} from './sign-in';

/**
 * The customer's settings pages of document 2 §2 (Communication Preferences, Privacy &
 * Security, Sign In & Password) as a person sees them: Yes/No choices in groups named by their
 * legend, read-only once saved; and a sign-in that notes whether a password was asked for.
 */

/** Opens a settings page in the signed-in tab (the session survives the page load). */
export async function openSettingsPage(page: Page, pageId: PageId): Promise<void> {
  const route = pageRoute(pageId);
  await page.goto(route.paths[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([route.heading]);
}

/** A Yes/No choice: the group its legend names ('SMS (…)', 'Share my account balances with …'). */
export function yesNoChoice(page: Page, legend: string | RegExp): Locator {
  return page.getByRole('group', { name: legend, exact: typeof legend === 'string' });
}

function radio(choice: Locator, answer: 'Yes' | 'No'): Locator {
  return choice.getByRole('radio', { name: answer, exact: true });
}

export async function answer(choice: Locator, value: 'Yes' | 'No'): Promise<void> {
  await radio(choice, value).check();
}

/**
 * The choice shows `value` checked and the other answer not; `editable` says whether a person
 * can change it (step 1) or only read it (a confirmation, a partner fixed at No).
 */
export async function expectAnswer(
  choice: Locator,
  value: 'Yes' | 'No',
  { editable }: { editable: boolean },
): Promise<void> {
  const other = value === 'Yes' ? 'No' : 'Yes';
  await expect(radio(choice, value)).toBeChecked();
  await expect(radio(choice, other)).not.toBeChecked();
  for (const answerRadio of [radio(choice, value), radio(choice, other)]) {
    if (editable) await expect(answerRadio).toBeEnabled();
    else await expect(answerRadio).toBeDisabled();
  }
}

/**
 * Notes, in every page the tab loads from now on, whether a password field ever enters the
 * page, however briefly. Call before the sign-in's first page load.
 */
export async function watchForPasswordFields(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const flagged = window as Window & { passwordFieldSeen?: boolean };
    flagged.passwordFieldSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('input[type="password"]')) flagged.passwordFieldSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Whether the page loaded last has shown a password field (see watchForPasswordFields). */
export async function passwordFieldSeen(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as Window & { passwordFieldSeen?: boolean }).passwordFieldSeen === true,
  );
}

/**
 * A customer's whole sign-in from the home page with the e-mailed code. `password` is what they
 * type at the password step, which must come; `null` says their method is Device: the username
 * leads straight on to the second factor, and no password field ever shows (needs
 * watchForPasswordFields).
 */
export async function signInCustomer(
  page: Page,
  customer: NewCustomer,
  { password }: { password: string | null },
): Promise<void> {
  const mailbox = await Mailbox.open(page.request, customer.email);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  const methodStep = loginModal(page).getByRole('radio').first();
  const codeStep = stepHeading(page, 'code');
  if (password === null) {
    await expect(methodStep.or(codeStep)).toBeVisible();
    await expect(passwordField(page)).toHaveCount(0);
    expect(await passwordFieldSeen(page), 'a password field appeared during the sign-in').toBe(
      false,
    );
  } else {
    await enterPassword(page, password);
  }
  await expect(methodStep.or(codeStep)).toBeVisible();
  if (await methodStep.isVisible()) await chooseMethod(page, 'Email');
  await expect(codeStep).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  await declinePairingOffer(page, customer);
  await expectLandedAs(page, customer);
}
