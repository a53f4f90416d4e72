import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_ACTION_REDIRECT_MS,
  ADMIN_THRESHOLDS_PATH,
  DEFAULT_CIBA_THRESHOLD_DOLLARS,
  DEFAULT_DENY_THRESHOLD_DOLLARS,
  DEMO_PASSWORD,
  OAUTH_PATHS,
  DEFAULT_BRAND,
  PHISHING_DEMO_SUBJECT,
  directoryEntryPath,
  fillBrand,
  messages,
  pageRoute,
} from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import {
  backToDashboard,
  expectOnDashboard,
  openTransferMoney,
  sendTransfer,
  transferResult,
} from './support/banking';
import { openApplicationFromHome, signInToApplication } from './support/credit-card';
import { registerCustomer, type NewCustomer } from './support/customers';
import { installClock, moveTimeOn } from './support/clock';
import {
  activatePhoneApp,
  answerOnPhone,
  loginModalChecksNow,
  pendingRequestOnPhone,
  pushRequest,
} from './support/mobile';
import { signInThroughFlowApi } from './support/api-sign-in';
import {
  Mailbox,
  USERS,
  chooseMethod,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
  sessionItem,
} from './support/sign-in';

// john.smith is shared with later specs (transfers.spec.ts expects his default thresholds and
// the personal tier): his journey puts both back at the end, whatever happens. Reset and delete
// change a customer for good, so they run on customers registered here.

const admin = pageRoute('admin');
const SUCCESS = messages.admin.success;
const SENDING_HOME = `${messages.admin.success} ${messages.admin.sendingHome}`;
const SIGN_IN_REQUEST = 'Sign in to AnyBank?';
/** The phishing e-mail's subject as sent under the default brand (branding.spec.ts restores it). */
const PHISHING_SUBJECT = fillBrand(PHISHING_DEMO_SUBJECT, DEFAULT_BRAND);
const TRANSFER_REQUEST = 'Approve this transfer?';
const PREMIER_ENTRIES = ['Premier Rewards', 'Wealth Planning'];

const JOHN: NewCustomer = {
  ...USERS.john,
  firstName: 'John',
  lastName: 'Smith',
  password: DEMO_PASSWORD,
};

async function openAdmin(page: Page): Promise<void> {
  await page.goto(admin.paths[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([admin.heading]);
  // The stored thresholds have arrived once the fields can be edited.
  await expect(page.getByLabel('CIBA Minimum Threshold', { exact: true })).toBeEditable();
}

function actionButton(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true });
}

function actionResult(page: Page) {
  return page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: SUCCESS });
}

function menuLink(page: Page, name: string) {
  return page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name, exact: true });
}

/**
 * john's thresholds and tier back to what the other specs expect: the default thresholds and
 * personal, through the demo admin's own API (the directory refuses them).
 */
async function restoreJohn(request: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const thresholds = await request.put(ADMIN_THRESHOLDS_PATH, {
    headers,
    data: {
      cibaThreshold: String(DEFAULT_CIBA_THRESHOLD_DOLLARS),
      denyThreshold: String(DEFAULT_DENY_THRESHOLD_DOLLARS),
    },
  });
  expect(thresholds.status(), `restoring john.smith: ${await thresholds.text()}`).toBe(200);
  const tier = await request.put(ADMIN_ACCOUNT_TIER_PATH, {
    headers,
    data: { accountTier: 'personal' },
  });
  expect(tier.status(), `restoring john.smith: ${await tier.text()}`).toBe(200);
}

/**
 * The 5 s an action's success stays on screen (ADMIN_ACTION_REDIRECT_MS, a `setTimeout` in the
 * page) are over: on the page's clock (`installClock` before its first page load), so that the
 * same redirect, started by the same timer, comes at once instead of being waited out.
 */
async function endTheRedirectWait(page: Page): Promise<void> {
  await moveTimeOn(page, ADMIN_ACTION_REDIRECT_MS);
}

/**
 * Presses the action and follows it to its end: the 5 s with the success on screen (moved past
 * on the page's clock: `installClock` first), then single logout sends the browser home.
 */
async function runActionThenSignedOutHome(page: Page, button: string): Promise<void> {
  const home = page.waitForResponse(
    (response) => {
      const from = response.request().redirectedFrom();
      return (
        response.request().isNavigationRequest() &&
        new URL(response.url()).pathname === '/' &&
        from !== null &&
        new URL(from.url()).pathname.startsWith(OAUTH_PATHS.endSession)
      );
    },
    { timeout: 20_000 },
  );
  await actionButton(page, button).click();
  await expect(actionResult(page)).toHaveText(SENDING_HOME);
  // Every action waits while the page is on its way out.
  await expect(actionButton(page, 'Send Phishing Email')).toBeDisabled();
  await endTheRedirectWait(page);
  await home;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('home').heading]);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await sessionItem(page, 'AT')).toBeNull();
  expect(await sessionItem(page, 'subject')).toBeNull();
}

test('john.smith sets thresholds 50/100: $75 waits for his phone, $150 is denied; the tier toggle adds the premier menu; the phishing email reaches his outbox', async ({
  page,
  browser,
}) => {
  // Two redirects, a push approval and a sign-in by phone.
  test.setTimeout(150_000);
  await installClock(page);
  const phoneContext = await browser.newContext();
  let token: string | null = null;
  try {
    const phone = await phoneContext.newPage();
    await activatePhoneApp(phone, JOHN);
    await openSignIn(page);
    await enterUsername(page, JOHN.username);
    await chooseMethod(page, 'iPhone');
    await expect(loginModal(page).getByRole('status')).toContainText(
      'We sent a notification to your iPhone',
    );
    await answerOnPhone(phone, SIGN_IN_REQUEST, 'Approve');
    await loginModalChecksNow(page);
    await expectLandedAs(page, JOHN);
    token = await sessionItem(page, 'AT');
    expect(token).not.toBeNull();

    await openAdmin(page);
    await expectNoAxeViolations(page);

    // The form refuses a deny threshold that is not above the CIBA one, and sends nothing.
    const ciba = page.getByLabel('CIBA Minimum Threshold', { exact: true });
    const deny = page.getByLabel('Deny Minimum Threshold', { exact: true });
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes(ADMIN_THRESHOLDS_PATH)) saves += 1;
    });
    await ciba.fill('100');
    await deny.fill('100');
    await deny.press('Enter');
    await expect(page.getByText(messages.admin.denyAboveCiba, { exact: true })).toBeVisible();
    await expect(deny).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toBe(0);

    // Enter in a field submits.
    await ciba.fill('50');
    await deny.fill('100');
    await ciba.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: messages.admin.thresholdsSaved }),
    ).toHaveText(messages.admin.thresholdsSaved);
    await expectNoAxeViolations(page);

    // $75 is above the new CIBA threshold: it waits for the phone, which approves it.
    await openTransferMoney(page);
    await sendTransfer(page, { from: 'Checking', to: 'Savings', amount: '75.00' });
    const request = await pendingRequestOnPhone(phone, TRANSFER_REQUEST);
    await expect(request.getByText('$75.00', { exact: true })).toBeVisible();
    await request.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(transferResult(page, messages.transfer.confirmedTitle)).toBeVisible();

    // $150 is above the new deny threshold: denied with the threshold reason, no phone asked.
    await backToDashboard(page);
    await openTransferMoney(page);
    const denied = await sendTransfer(page, { from: 'Checking', to: 'Savings', amount: '150.00' });
    const deniedResult = transferResult(page, messages.transfer.deniedTitle);
    await expect(deniedResult).toBeVisible();
    await expect(
      deniedResult.getByText(
        `${messages.transfer.maxThreshold}${denied.fromName} to ${denied.toName}, $150.00`,
        { exact: true },
      ),
    ).toBeVisible();
    await expect(pushRequest(phone, TRANSFER_REQUEST)).toHaveCount(0);

    // The tier toggle: success, 'sending you home', then the dashboard with the premier menu.
    await openAdmin(page);
    for (const entry of PREMIER_ENTRIES) await expect(menuLink(page, entry)).toHaveCount(0);
    await actionButton(page, 'Switch to Premier').click();
    await expect(actionResult(page)).toHaveText(SENDING_HOME);
    await expect(actionButton(page, 'Send Phishing Email')).toBeDisabled();
    await endTheRedirectWait(page);
    await expect(page).toHaveURL((url) => url.pathname === '/app/banking/', { timeout: 15_000 });
    await expectOnDashboard(page);
    for (const entry of PREMIER_ENTRIES) await expect(menuLink(page, entry)).toBeVisible();

    // …and back to personal: the premier entries are gone again.
    await openAdmin(page);
    await actionButton(page, 'Switch to Personal').click();
    await expect(actionResult(page)).toHaveText(SENDING_HOME);
    await endTheRedirectWait(page);
    await expect(page).toHaveURL((url) => url.pathname === '/app/banking/', { timeout: 15_000 });
    await expectOnDashboard(page);
    await expect(menuLink(page, 'Transfer Money')).toBeVisible();
    for (const entry of PREMIER_ENTRIES) await expect(menuLink(page, entry)).toHaveCount(0);

    // The phishing email: success without a redirect, and the message in his outbox.
    const mailbox = await Mailbox.open(page.request, JOHN.email);
    await openAdmin(page);
    await actionButton(page, 'Send Phishing Email').click();
    await expect(actionResult(page)).toHaveText(SUCCESS);
    await expect(actionButton(page, 'Send Phishing Email')).toBeEnabled();
    const phishing = await mailbox.readNewMessage('the phishing email');
    expect(phishing.subject).toBe(PHISHING_SUBJECT);
    expect(phishing.body).toContain('Dear John Smith');

    const outbox = await page.context().newPage();
    await outbox.goto(`/outbox?to=${encodeURIComponent(JOHN.email)}`);
    await expect(
      outbox
        .getByRole('article')
        .filter({ has: outbox.getByRole('heading', { name: PHISHING_SUBJECT }) })
        .first(),
    ).toBeVisible();
    await outbox.close();
  } finally {
    if (token !== null) await restoreJohn(page.request, token);
    await phoneContext.close();
  }
});

test('reset verification ends the session: success, then single logout sends the customer home after 5 s; their next credit-card application asks for the verification code again', async ({
  page,
  browser,
}) => {
  // Three sign-ins, a redirect and two e-mailed verification codes.
  test.setTimeout(120_000);
  await installClock(page);
  const customer = await registerCustomer(page.request, 'admin.reset');
  // A first application, in a browser of its own, verifies the new customer's identity.
  const elsewhere = await browser.newContext();
  try {
    const home = await elsewhere.newPage();
    await signInToApplication(await openApplicationFromHome(home), customer, 'asked');
  } finally {
    await elsewhere.close();
  }

  await signInThroughFlowApi(page, customer);
  await openAdmin(page);
  await runActionThenSignedOutHome(page, 'Reset Verification');

  // Signed out for real: the admin page now sends the visitor home.
  await page.goto(admin.paths[0]!);
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // Verified no more: the next application asks for the code again, then shows.
  await signInToApplication(await openApplicationFromHome(page), customer, 'asked');
});

test('delete user signs the customer out, and their username no longer signs in', async ({
  page,
}) => {
  await installClock(page);
  const customer = await registerCustomer(page.request, 'admin.delete');
  await signInThroughFlowApi(page, customer);
  const token = await sessionItem(page, 'AT');
  await openAdmin(page);
  await runActionThenSignedOutHome(page, 'Delete User');

  // The old token is refused, and the username is unknown.
  const entry = await page.request.get(directoryEntryPath(customer.username), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(entry.status()).toBe(401);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await expect(loginModal(page).getByText(messages.login.invalidUsername)).toBeVisible();
});
