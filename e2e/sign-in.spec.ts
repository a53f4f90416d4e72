import { expect, test, type Page } from '@playwright/test';
import { messages, pageRoute } from '@anybank/contracts';
import {
  expectAccessibleLoginTab,
  expectNoAxeViolations,
  waitForAnimationsToFinish,
} from './support/axe';
import {
  DEMO_PASSWORD,
  Mailbox,
  USERS,
  chooseMethod,
  codeField,
  declinePairingOffer,
  enterCode,
  enterPassword,
  enterUsername,
  errorModal,
  expectLandedAs,
  expectUsernameStep,
  loginModal,
  openPartnerSignIn,
  openSignIn,
  passwordField,
  sessionItem,
  sessionItems,
  signIn,
  signOut,
  stepHeading,
  storageName,
  usernameField,
} from './support/sign-in';

const home = pageRoute('home');
const partnerSignoff = pageRoute('partner-signoff');

/** Three base64url parts: header, payload, signature. */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** A six-digit code other than `code`: the `n`th wrong guess. */
function wrongCode(code: string, n: number): string {
  return String((Number(code) + n) % 1_000_000).padStart(6, '0');
}

async function expectHome(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([home.heading]);
}

test('jane.doe signs in with her password and a code from her e-mail, and lands on her accounts with her session items', async ({
  page,
}) => {
  const jane = USERS.jane;
  const mailbox = await Mailbox.open(page.request, jane.email);

  await openSignIn(page);
  await enterUsername(page, jane.username);
  await enterPassword(page);
  await chooseMethod(page, 'Email');
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());

  await expectLandedAs(page, jane);
  const items = await sessionItems(page);
  expect(items[storageName('{product}UserType')]).toBe('customer');
  expect(items.subject, 'subject').toMatch(/\S/);
  expect(items.firstName).toBe('Jane');
  const accounts = (items.accts ?? '').split(',');
  expect(accounts, `accts "${items.accts}"`).toHaveLength(3);
  for (const account of accounts) expect(account, `an id in accts "${items.accts}"`).toMatch(/\S/);
  expect(items.AT, 'AT').toMatch(JWT);
});

test('john.smith, who signs in with his device, goes from his username to his second factor, never asked for a password', async ({
  page,
}) => {
  // Notes any password field the modal ever puts in the page, however briefly.
  await page.addInitScript(() => {
    const flagged = window as Window & { passwordFieldSeen?: boolean };
    flagged.passwordFieldSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('input[type="password"]')) flagged.passwordFieldSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const john = USERS.john;
  const mailbox = await Mailbox.open(page.request, john.email);

  await openSignIn(page);
  await enterUsername(page, john.username);
  // Straight to his e-mail code; or, once his phone app is activated (push.spec.ts), to the
  // choice between e-mail and the phone.
  await expect(stepHeading(page, 'code').or(stepHeading(page, 'method'))).toBeVisible();
  if (await stepHeading(page, 'method').isVisible()) await chooseMethod(page, 'Email');
  await expect(stepHeading(page, 'code')).toBeVisible();
  await expect(passwordField(page)).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as Window & { passwordFieldSeen?: boolean }).passwordFieldSeen,
    ),
    'a password field appeared during the sign-in',
  ).toBe(false);

  await enterCode(page, await mailbox.readNewCode());
  await declinePairingOffer(page, john);
  await expectLandedAs(page, john);
});

test("amy.davis signs in from the footer's Advisor Login, is kept to the advisor pages, and her Sign Out ends on the partner sign-off page", async ({
  page,
}) => {
  const amy = USERS.amy;
  const mailbox = await Mailbox.open(page.request, amy.email);

  await openPartnerSignIn(page, 'AnyWealthAdvisor');
  await enterUsername(page, amy.username);
  await enterPassword(page);
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  await declinePairingOffer(page, amy);
  await expectLandedAs(page, amy);

  await page.goto('/banking');
  await expectLandedAs(page, amy);

  await signOut(page);
  await expect(page).toHaveURL((url) => url.pathname === partnerSignoff.paths[0]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([partnerSignoff.heading]);
  expect(await sessionItems(page)).toEqual({});
});

test('five wrong codes show the lockout notice instead of the code field', async ({ page }) => {
  const david = USERS.david;
  const mailbox = await Mailbox.open(page.request, david.email);
  await openSignIn(page);
  await enterUsername(page, david.username);
  await enterPassword(page);
  await expect(stepHeading(page, 'code')).toBeVisible();
  const rightCode = await mailbox.readNewCode();
  const modal = loginModal(page);

  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await enterCode(page, wrongCode(rightCode, attempt));
    // A refused code empties the field and says why; the field is ready for the next try.
    await expect(codeField(page)).toHaveValue('');
    await expect(modal.getByText(/incorrect/i)).toBeVisible();
  }
  await enterCode(page, wrongCode(rightCode, 5));

  await expect(modal.getByRole('alert')).toHaveText(messages.login.otpAttemptsLimit);
  await expect(codeField(page)).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Try Again', exact: true })).toBeVisible();
  await expectAccessibleLoginTab(page, 3);
});

test('five wrong passwords lock the account for a minute, and the right password is refused meanwhile', async ({
  page,
}) => {
  const michael = USERS.michael;
  const wrongPassword = 'Wrong2Bank!!';
  await openSignIn(page);
  await enterUsername(page, michael.username);
  const modal = loginModal(page);

  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await enterPassword(page, wrongPassword);
    // A refused password empties the field: the answer is in.
    await expect(passwordField(page)).toHaveValue('');
    await expect(modal.getByText(messages.login.incorrectPassword)).toBeVisible();
  }
  await enterPassword(page, wrongPassword);
  await expect(passwordField(page)).toHaveValue('');
  await expect(modal.getByText(messages.login.lockedOut)).toBeVisible();

  await enterPassword(page, DEMO_PASSWORD);
  await expect(passwordField(page)).toHaveValue('');
  await expect(modal.getByText(messages.login.lockedOut)).toBeVisible();
  await expect(stepHeading(page, 'method')).toHaveCount(0);
  await expect(stepHeading(page, 'code')).toHaveCount(0);
});

test("a high-risk override from the demo admin denies the next sign-in with 'Access Denied: …'", async ({
  page,
}) => {
  const olivia = USERS.olivia;
  await signIn(page, olivia);
  const accessToken = await sessionItem(page, 'AT');
  expect(accessToken, 'AT').toMatch(JWT);
  const override = await page.request.put('/api/admin/risk-override', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { enabled: true },
  });
  expect(override.status(), 'PUT /api/admin/risk-override').toBe(204);
  await signOut(page);
  await expectHome(page);

  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectUsernameStep(page);
  await enterUsername(page, olivia.username);

  const denied = errorModal(page);
  await expect(denied.getByRole('alert')).toHaveText(/^Access Denied: \S/);
  // Titled for what happened, not as an unexpected error.
  await expect(
    denied.getByRole('heading', { name: messages.login.signInBlockedTitle }),
  ).toBeVisible();
  await expect(loginModal(page)).toHaveCount(0);
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
});

test("an unknown username is answered with 'Invalid username.' at the username step", async ({
  page,
}) => {
  await openSignIn(page);
  await enterUsername(page, 'no.such.customer');

  await expect(loginModal(page).getByText(messages.login.invalidUsername)).toBeVisible();
  await expectUsernameStep(page);
  await expect(passwordField(page)).toHaveCount(0);
});

test('signing out clears every session item and the old access token is refused from then on', async ({
  page,
  request,
}) => {
  await signIn(page, USERS.liam);
  const accessToken = await sessionItem(page, 'AT');
  expect(accessToken, 'AT').toMatch(JWT);
  const me = () => request.get('/api/me', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect((await me()).status(), 'GET /api/me before signing out').toBe(200);

  await signOut(page);
  await expectHome(page);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  expect(await sessionItems(page)).toEqual({});
  expect((await me()).status(), 'GET /api/me with the old token after signing out').toBe(401);
});

test("'Remember my username' fills in the username the next time the sign-in opens", async ({
  page,
}) => {
  const sofia = USERS.sofia;
  await openSignIn(page);
  await enterUsername(page, sofia.username);
  await enterPassword(page, DEMO_PASSWORD, { remember: true });
  await expect(stepHeading(page, 'method')).toBeVisible();

  // She leaves before finishing, and comes back later.
  await loginModal(page).getByRole('button', { name: 'Close sign in', exact: true }).click();
  await expectHome(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expectUsernameStep(page);
  await expect(usernameField(page)).toHaveValue(sofia.username);
});
