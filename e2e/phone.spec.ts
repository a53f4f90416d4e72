import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEFAULT_BRAND,
  fillBrand,
  messages,
  pageRoute,
  phoneAppLinkMessages,
} from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import { registerCustomer, type NewCustomer } from './support/customers';
import { startHttpsServer, type HttpsServer } from './support/https-server';
import { installClock } from './support/clock';
import {
  activatePhoneApp,
  expectOnPhone,
  loginModalChecksNow,
  phoneScreen,
} from './support/mobile';
import {
  chooseMethod,
  enterPassword,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
} from './support/sign-in';

// The phone app at /mobile looks and behaves like a phone, the site opens it beside
// itself or on a real phone (QR code), and it works over the HTTPS the server serves itself.
// Each journey registers a customer of its own.

const mobile = pageRoute('mobile');
const words = messages.phoneApp;
const SIGN_IN_REQUEST = 'Sign in to AnyBank?';
/** An iPhone's screen: what a phone in the hand shows the app at. */
const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * The sign-in up to the push step: username, password, then the customer's iPhone. The page's
 * clock is installed first: once the phone has answered, the modal reads the flow at once
 * (`loginModalChecksNow`) instead of at its next poll.
 */
async function signInChoosingThePhone(page: Page, customer: NewCustomer) {
  await installClock(page);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await chooseMethod(page, 'iPhone');
  await expect(loginModal(page).getByRole('status')).toContainText(
    'We sent a notification to your iPhone',
  );
}

/** The request arrives on the lock screen, is announced, counted, and approved from there. */
async function approveFromTheLockScreen(phone: Page, customer: NewCustomer) {
  const screen = phoneScreen(phone, customer);
  const lockScreen = screen.getByRole('group', { name: words.lockScreenLabel });
  const notification = lockScreen.getByRole('article', { name: SIGN_IN_REQUEST, exact: true });
  await expectOnPhone(phone, notification);
  await expect(notification.getByText(/^Chrome \d+ on Linux$/)).toBeVisible();
  // Where from: the loopback address the journeys sign in from, said as a place.
  await expect(notification.getByText(/ \(this computer\)$/)).toBeVisible();
  await expect(lockScreen.getByText(`1 ${words.waiting(1)}`, { exact: true })).toBeVisible();
  await expect(screen.locator('[aria-live="polite"]')).toHaveText(words.arrived(SIGN_IN_REQUEST));

  await notification.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(screen.getByRole('status')).toHaveText(`Approved: ${SIGN_IN_REQUEST}`);
  await expect(notification).toHaveCount(0);
  const history = screen.getByRole('region', { name: words.historyHeading, exact: true });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(`${words.approved}${SIGN_IN_REQUEST}`);
}

test('at a phone’s size /mobile is the app alone; a sign-in request arrives as a notification and is approved from it', async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer(page.request, 'phone.lock');
  const phoneContext = await browser.newContext({ viewport: PHONE_VIEWPORT });
  try {
    const phone = await phoneContext.newPage();
    await activatePhoneApp(phone, customer);
    // No site around the app: no navbar (banner), no footer (contentinfo), the whole screen.
    await expect(phone.getByRole('banner')).toHaveCount(0);
    await expect(phone.getByRole('contentinfo')).toHaveCount(0);
    await expect(phone.getByRole('navigation')).toHaveCount(0);
    const width = await phone
      .locator('.phone-device')
      .evaluate((device) => device.getBoundingClientRect().width);
    expect(width).toBe(PHONE_VIEWPORT.width);
    await expectNoAxeViolations(phone);

    await signInChoosingThePhone(page, customer);
    await approveFromTheLockScreen(phone, customer);
    await expectNoAxeViolations(phone);
    await loginModalChecksNow(page);
    await expectLandedAs(page, customer);
  } finally {
    await phoneContext.close();
  }
});

test('the site opens the phone beside itself in a phone-sized window, and shows a QR code of its address', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const phoneApp = footer.getByRole('region', {
    name: fillBrand(phoneAppLinkMessages.qrHeading, DEFAULT_BRAND),
    exact: true,
  });
  const url = `${baseURL}${mobile.paths[0]}`;
  await expect(
    phoneApp.getByRole('img', {
      name: fillBrand(phoneAppLinkMessages.qrLabel, DEFAULT_BRAND),
      exact: true,
    }),
  ).toBeVisible();
  await expect(phoneApp.getByText(url, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const link = phoneApp.getByRole('link', {
    name: phoneAppLinkMessages.openBesideSite,
    exact: true,
  });
  // A real link: without JavaScript it opens /mobile in a new tab.
  await expect(link).toHaveAttribute('href', mobile.paths[0]!);
  await expect(link).toHaveAttribute('target', '_blank');
  const popup = page.waitForEvent('popup');
  await link.click();
  const opened = await popup;
  await expect(opened).toHaveURL(url);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText([mobile.heading]);
  await expect(opened.getByRole('banner')).toHaveCount(0);
  await opened.close();

  // What the click asked the browser for: a phone-sized popup window (headless windows keep
  // the context's viewport, so the request itself is checked).
  await page.evaluate(() => {
    const record = window as unknown as { openedWith?: unknown[] };
    window.open = (...args: unknown[]) => {
      record.openedWith = args;
      return null;
    };
  });
  await link.click();
  const openedWith = await page.evaluate(
    () => (window as unknown as { openedWith?: unknown[] }).openedWith,
  );
  expect(openedWith).toEqual([url, 'anybank-phone', 'popup,width=390,height=844,noopener']);
});

test.describe('over HTTPS, served by the bank itself', () => {
  test.describe.configure({ timeout: 150_000 });
  let server: HttpsServer | null = null;

  test.beforeAll(async () => {
    server = await startHttpsServer(test.info().outputPath('https-data'));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /**
   * Trust: startHttpsServer has checked that the certificate served at 127.0.0.1 has the
   * fingerprint the server printed; the browser then accepts that self-signed certificate.
   */
  async function trustingContext(browser: Browser, options: { viewport?: typeof PHONE_VIEWPORT }) {
    return browser.newContext({
      baseURL: server!.baseURL,
      ignoreHTTPSErrors: true,
      userAgent: DESKTOP_CHROME_USER_AGENT,
      ...options,
    });
  }

  test('the site and /mobile load over HTTPS on 127.0.0.1, the phone activates (WebCrypto) and approves a sign-in', async ({
    browser,
  }) => {
    const site = await trustingContext(browser, {});
    const phoneContext = await trustingContext(browser, { viewport: PHONE_VIEWPORT });
    try {
      const page = await site.newPage();
      const customer = await registerCustomer(page.request, 'phone.https');
      const phone = await phoneContext.newPage();
      await activatePhoneApp(phone, customer);
      expect(new URL(phone.url()).protocol).toBe('https:');
      expect(await phone.evaluate(() => window.isSecureContext && 'subtle' in crypto)).toBe(true);

      await signInChoosingThePhone(page, customer);
      expect(page.url().startsWith(`${server!.baseURL}/`)).toBe(true);
      // The QR code on the site is of the public https:// address.
      await expect(
        page.getByRole('contentinfo').getByText(`${server!.baseURL}${mobile.paths[0]}`),
      ).toBeAttached();
      await approveFromTheLockScreen(phone, customer);
      await loginModalChecksNow(page);
      await expectLandedAs(page, customer);
    } finally {
      await phoneContext.close();
      await site.close();
    }
  });
});
