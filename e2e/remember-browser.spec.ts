import { expect, test, type Locator, type Page } from '@playwright/test';
import { RISK_API_PATH, messages, pageRoute } from '@anybank/contracts';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, waitForAnimationsToFinish } from './support/axe';
import {
  Mailbox,
  USERS,
  chooseMethod,
  enterCode,
  enterPassword,
  enterUsername,
  errorModal,
  expectLandedAs,
  loginModal,
  openSignIn,
  sessionItem,
  signOutToHome,
  stepHeading,
} from './support/sign-in';

/**
 * Jane ticks "Don't ask again on this browser for 30 days" under her e-mail code;
 * her next password sign-in in this browser asks no second factor. "Forget" on Sign In &
 * Password brings the second factor back; so does a sign-in the demo admin's high-risk switch
 * denied. jane is shared (e2e/README.md rules 2–4): the remembrance lives
 * in this spec's own browser context only, and the risk switch is put back in a `finally`.
 */

const jane = USERS.jane;
const text = messages.rememberedBrowsers;
const signInPassword = pageRoute('signin-password');

const rememberBox = (page: Page) =>
  loginModal(page).getByRole('checkbox', { name: text.offer, exact: true });

/** Username and password in the login modal, from the home page. */
async function usernameAndPassword(page: Page) {
  await openSignIn(page);
  await enterUsername(page, jane.username);
  await enterPassword(page);
}

/** The second factor: e-mail chosen, "Don't ask again" ticked or not, the code typed. */
async function emailCode(page: Page, remember: boolean) {
  const mailbox = await Mailbox.open(page.request, jane.email);
  await chooseMethod(page, 'Email');
  await expect(stepHeading(page, 'code')).toBeVisible();
  await rememberBox(page).setChecked(remember);
  await enterCode(page, await mailbox.readNewCode());
  await expectLandedAs(page, jane);
}

/** The next sign-in after the password: the dashboard at once, or the methods to choose. */
async function expectSecondFactor(page: Page, asked: boolean) {
  if (asked) {
    await expect(stepHeading(page, 'method')).toBeVisible();
  } else {
    await expectLandedAs(page, jane);
    await expect(stepHeading(page, 'method')).toHaveCount(0);
  }
}

test("jane ticks 'Don't ask again': no second factor until she forgets the browser or a high-risk sign-in", async ({
  page,
}) => {
  let switchedOn = false;
  try {
    await usernameAndPassword(page);
    await emailCode(page, true);
    await signOutToHome(page);

    // Signs out and in: her password, and she is in.
    await usernameAndPassword(page);
    await expectSecondFactor(page, false);

    // Sign In & Password lists this browser, just used instead of the code; 'Forget' ends it.
    await page.goto(signInPassword.paths[0]!);
    const section = page.getByRole('region', { name: text.heading, exact: true });
    const thisOne = section.getByRole('listitem').filter({ hasText: text.thisBrowser });
    await expect(thisOne).toContainText(text.lastUsed('').trimEnd());
    await waitForAnimationsToFinish(page);
    await expectNoAxeViolationsIn(page, section);
    await thisOne.getByRole('button', { name: text.forgetLabel('this browser') }).click();
    await expect(section.getByRole('status')).toHaveText(/is forgotten/);
    await expect(section.getByText(text.none)).toBeVisible();

    // The second factor is back; she ticks the box again.
    await signOutToHome(page);
    await usernameAndPassword(page);
    await expectSecondFactor(page, true);
    await emailCode(page, true);

    // The demo admin's high-risk switch on her account (a demo tool): the next sign-in is denied.
    const override = await page.request.put('/api/admin/risk-override', {
      headers: { Authorization: `Bearer ${await sessionItem(page, 'AT')}` },
      data: { enabled: true },
    });
    expect(override.status(), 'PUT /api/admin/risk-override').toBe(204);
    switchedOn = true;
    await signOutToHome(page);
    await openSignIn(page);
    await enterUsername(page, jane.username);
    await expect(errorModal(page).getByRole('alert')).toHaveText(/^Access Denied: \S/);
    switchedOn = false;

    // From then on this browser asks for her second factor again.
    await usernameAndPassword(page);
    await expectSecondFactor(page, true);
  } finally {
    // Put back: the modal's risk evaluation uses the switch up, as a denied sign-in did.
    if (switchedOn) {
      await page.request.post(RISK_API_PATH, {
        data: { username: jane.username, riskPayload: await riskPayloadOf(page) },
      });
    }
  }
});

/**
 * The new section alone, with the rules of the page scans (support/axe.ts): the rest of the
 * page is scanned by a11y-every-page.spec.ts, and a whole-page scan costs this journey seconds.
 */
async function expectNoAxeViolationsIn(page: Page, section: Locator) {
  const id = await section.getAttribute('aria-labelledby');
  const { violations } = await new AxeBuilder({ page })
    .include(`section[aria-labelledby="${id}"]`)
    .withTags([...AXE_TAGS])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
}

/** This browser's risk payload, as the modal sends it. */
function riskPayloadOf(page: Page) {
  return page.evaluate(() => ({
    deviceId: window.localStorage.getItem('anybankRiskDeviceId') ?? 'e2e-put-back-0000',
    userAgent: navigator.userAgent,
    language: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    screen: { width: screen.width, height: screen.height, colorDepth: screen.colorDepth },
    webdriver: false,
  }));
}
