import { expect, type Locator, type Page } from '@playwright/test';
import { CREDIT_CARD_DELIVERY_BUSINESS_DAYS, messages, pageRoute } from '@anybank/contracts';
import {
  Mailbox,
  chooseMethod,
  enterCode,
  enterPassword,
  enterUsername,
  expectUsernameStep,
  loginModal,
  passwordField,
  stepHeading,
  type DemoUser,
} from './sign-in';

/**
 * The credit-card application (document 2 §2, ADR 0015): the home page's card offer opens it in
 * a new tab; signed out, the tab starts a sign-on to it, and a user whose identity is not
 * verified is asked for a code e-mailed to them before the application shows.
 */

const creditCard = pageRoute('credit-card');

/** The card offer's link on the home page ('Apply now', which opens a new tab). */
export function cardOffer(page: Page): Locator {
  return page.getByRole('link', { name: /^Apply now/ });
}

/** Clicks the home page's card offer; answers the new tab, at the sign-on it started. */
export async function openApplicationFromHome(page: Page): Promise<Page> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('home').heading]);
  const opened = page.context().waitForEvent('page');
  await cardOffer(page).click();
  const tab = await opened;
  await expect(tab).toHaveURL((url) => url.pathname === '/' && url.searchParams.has('flowId'));
  await expectUsernameStep(tab);
  return tab;
}

/** The login modal's identity verification step (tab 3, with its own heading). */
export function verificationStep(page: Page): Locator {
  return loginModal(page).getByRole('heading', {
    name: messages.creditCard.verificationHeading,
    exact: true,
  });
}

function applicationHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1, name: messages.creditCard.title });
}

/** The application's page: its heading, and the under-review text of document 2 §2. */
export async function expectUnderReview(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === creditCard.paths[0] && !url.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([messages.creditCard.title]);
  const main = page.getByRole('main');
  await expect(main.getByText(messages.creditCard.writtenDecision)).toBeVisible();
  await expect(
    main.getByText(messages.creditCard.delivery(CREDIT_CARD_DELIVERY_BUSINESS_DAYS)),
  ).toBeVisible();
  await expect(main.getByText(messages.creditCard.doNotResubmit)).toBeVisible();
}

/**
 * Signs in on the application's tab (the modal at the username): the password if asked, the
 * e-mail code, 'Not now' to the pairing offer. Ends when the identity verification step or the
 * application shows. `mailbox` is the user's, opened before this.
 */
export async function signInOnApplicationTab(
  tab: Page,
  user: DemoUser,
  mailbox: Mailbox,
): Promise<void> {
  await enterUsername(tab, user.username);
  const methodStep = loginModal(tab).getByRole('radio').first();
  const codeStep = stepHeading(tab, 'code');
  await expect(passwordField(tab).or(methodStep).or(codeStep)).toBeVisible();
  if (await passwordField(tab).isVisible()) {
    await enterPassword(tab, user.password);
    await expect(methodStep.or(codeStep)).toBeVisible();
  }
  if (await methodStep.isVisible()) await chooseMethod(tab, 'Email');
  await expect(codeStep).toBeVisible();
  await enterCode(tab, await mailbox.readNewCode());

  const offer = loginModal(tab).getByRole('heading', { name: 'Add another way to sign in' });
  await expect(offer.or(verificationStep(tab)).or(applicationHeading(tab))).toBeVisible();
  if (await offer.isVisible()) {
    await loginModal(tab).getByRole('button', { name: 'Not now', exact: true }).click();
  }
  await expect(verificationStep(tab).or(applicationHeading(tab))).toBeVisible();
}

/**
 * The whole sign-in on the application's tab; then, as `verification` says, the e-mailed
 * identity code is asked for and entered, or the application shows straight away. Ends on the
 * under-review text.
 */
export async function signInToApplication(
  tab: Page,
  user: DemoUser,
  verification: 'asked' | 'not asked',
): Promise<void> {
  const mailbox = await Mailbox.open(tab.request, user.email);
  await signInOnApplicationTab(tab, user, mailbox);
  if (verification === 'asked') {
    await expect(verificationStep(tab)).toBeVisible();
    await expect(loginModal(tab)).toContainText(
      'Before we review your credit-card application, we need to verify your identity.',
    );
    await enterCode(tab, await mailbox.readNewCode());
  } else {
    await expect(verificationStep(tab)).toHaveCount(0);
  }
  await expectUnderReview(tab);
}
