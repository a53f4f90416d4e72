import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  DEMO_SCENARIOS,
  apiErrorMessage,
  demoMessages,
  demoScenario,
  messages,
  pageRoute,
  payByBankMessages as payText,
  retailShopBankMessages as atBank,
  securityNoticeMessages,
  type DemoScenario,
} from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import {
  ADMIN_DATABASE_URL,
  NO_POSTGRESQL_REASON,
  startOwnServer,
  type OwnServer,
} from './support/own-server';
import { creditLine } from './support/pay-by-bank';
import {
  CLIENT_SEARCH,
  chooseWithKeyboard,
  linkedBalances,
  searchBox,
  suggestion,
  typeInto,
} from './support/partners';
import { presenterSecret, unlockPresenterTools } from './support/presenter';
import { confirmStepUpWithPassword, stepUpDialog } from './support/step-up';
import {
  DEMO_PASSWORD,
  Mailbox,
  USERS,
  chooseMethod,
  declinePairingOffer,
  enterCode,
  enterPassword,
  enterUsername,
  expectLandedAs,
  expectUsernameStep,
  signIn,
} from './support/sign-in';

// `/demo` as a presenter lives it: Reset demo on the page, then the pay-by-bank and the advisor
// scenarios (and, after them, the step-up) done exactly as their cards say (the steps are read from the card and checked
// against contracts' demo-scenarios, then done one by one). Reset demo resets everyone's demo,
// so the journey runs a server and database of its own (own-server.ts) and leaves the suite's
// alone. The shop's pages are another journey's to shape: the shop is driven through its
// button's name and the bank's pages, and only the outcome the card promises is checked.

test.skip(!ADMIN_DATABASE_URL, NO_POSTGRESQL_REASON);

let server: OwnServer | undefined;

test.beforeAll(async () => {
  // A new database to migrate and seed, and a server to start, on a busy machine.
  test.setTimeout(120_000);
  server = await startOwnServer({ PRESENTER_SECRET: presenterSecret() });
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  await server?.stop();
});

const demo = pageRoute('demo');
const PAY_BY_BANK = demoScenario('pay-by-bank');
const ADVISOR = demoScenario('advisor-consented-balances');

function scenarioCard(page: Page, scenario: DemoScenario): Locator {
  return page.getByRole('region', { name: scenario.title, exact: true });
}

/** The card shows the scenario's steps as contracts word them: what the journey then does. */
async function readSteps(page: Page, scenario: DemoScenario): Promise<readonly string[]> {
  const steps = scenarioCard(page, scenario).getByRole('list').first().getByRole('listitem');
  await expect(steps).toHaveText([...scenario.steps]);
  return steps.allInnerTexts();
}

async function openDemo(page: Page): Promise<void> {
  await page.goto(demo.paths[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([demo.heading]);
}

async function start(page: Page, scenario: DemoScenario): Promise<void> {
  await scenarioCard(page, scenario)
    .getByRole('button', { name: demoMessages.startLabel(scenario.title), exact: true })
    .click();
}

test('after Reset demo, the pay-by-bank and the advisor scenarios run exactly as their cards say, michael.brown’s refusal included, and the page ticks them done', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    baseURL: server!.baseURL,
    userAgent: DESKTOP_CHROME_USER_AGENT,
  });
  const page = await context.newPage();
  const jane = USERS.jane;
  const amy = USERS.amy;

  // The presenter resets the demo from the page.
  await openDemo(page);
  await unlockPresenterTools(page);
  await page.getByRole('button', { name: demoMessages.resetButton, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: demoMessages.resetConfirmTitle });
  await dialog.getByRole('button', { name: demoMessages.resetConfirm, exact: true }).click();
  await expect(
    page.getByText(/^The demo data is restored: \d+ demo users as seeded\./),
  ).toBeVisible();
  await expect(page.getByText(demoMessages.progress(0, DEMO_SCENARIOS.length))).toBeVisible();
  await expectNoAxeViolations(page);

  // Pay by bank: the card, its paths as links, then Start opens the shop.
  const payCard = scenarioCard(page, PAY_BY_BANK);
  await expect(payCard.getByText(demoMessages.minutes(PAY_BY_BANK.minutes))).toBeVisible();
  await expect(payCard.getByRole('link', { name: '/retail', exact: true })).toHaveAttribute(
    'href',
    pageRoute('retail').paths[0]!,
  );
  const paySteps = await readSteps(page, PAY_BY_BANK);
  await start(page, PAY_BY_BANK);
  await expect(page).toHaveURL((url) => url.pathname === pageRoute('retail').paths[0]);

  // 1. "Pay by bank with AnyBank" at the shop: the bank's sign-in.
  expect(paySteps[0]).toContain(`"${payText.payByBank}"`);
  const mailbox = await Mailbox.open(page.request, jane.email);
  await page.getByRole('button', { name: payText.payByBank, exact: true }).click();
  await expectUsernameStep(page);

  // 2. jane.doe, the demo password, Email, the code from the Outbox.
  expect(paySteps[1]).toContain('jane.doe');
  await enterUsername(page, jane.username);
  await enterPassword(page, jane.password);
  await chooseMethod(page, 'Email');
  await enterCode(page, await mailbox.readNewCode());

  // 3. The bank's consent page says who asks for how much; pay from Checking, Confirm payment.
  const asks = page.getByRole('heading', { level: 2, name: /^Retail Shop asks to pay / });
  await expect(asks).toContainText('Retail Shop asks to pay $42.10 to Retail Shop Ltd');
  expect(paySteps[2]).toContain('"Retail Shop asks to pay $42.10 to Retail Shop Ltd"');
  const reference = /ORDER-\d{4}/.exec(await asks.innerText())![0];
  await page
    .getByRole('group', { name: payText.payFrom })
    .getByRole('radio', { name: /^Checking / })
    .check();
  expect(paySteps[2]).toContain(payText.confirm);
  await page.getByRole('button', { name: payText.confirm, exact: true }).click();

  // 4. Back at the shop: paid, and the shop's account at AnyBank credited with $42.10.
  await expect(page.getByText(payText.paid, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(creditLine('$42.10', reference))).toBeVisible();

  // 5. "Try paying this order again": the bank refuses the used consent (409).
  expect(paySteps[4]).toContain(`"${atBank.resubmit}"`);
  await page.getByRole('button', { name: atBank.resubmit, exact: true }).click();
  await expect(
    page.getByText(atBank.resubmitRefused(409, apiErrorMessage('payment_consent_consumed'))),
  ).toBeVisible();

  // Back on /demo: ticked done in this browser, and the way on to the next scenario.
  await openDemo(page);
  await payCard
    .getByRole('checkbox', { name: demoMessages.doneLabel(PAY_BY_BANK.title), exact: true })
    .check();
  await expect(page.getByText(demoMessages.progress(1, DEMO_SCENARIOS.length))).toBeVisible();
  await page.reload();
  await expect(
    payCard.getByRole('checkbox', { name: demoMessages.doneLabel(PAY_BY_BANK.title) }),
  ).toBeChecked();
  await expectNoAxeViolations(page);

  // The advisor: Start (signed out) opens the home page with "Behind the scenes" open.
  const advisorSteps = await readSteps(page, ADVISOR);
  await start(page, ADVISOR);
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.has('inspect'));
  const panel = page.getByRole('complementary', { name: 'Behind the scenes' });
  await expect(panel).toBeVisible();

  // 1. Advisor Login in the footer, amy.davis, the demo password, the e-mailed code, Not now.
  expect(advisorSteps[0]).toContain('Advisor Login');
  const amyMailbox = await Mailbox.open(page.request, amy.email);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Advisor Login', exact: true })
    .click();
  await expectUsernameStep(page);
  await enterUsername(page, amy.username);
  await enterPassword(page, amy.password);
  await enterCode(page, await amyMailbox.readNewCode());
  await declinePairingOffer(page, amy);
  await expectLandedAs(page, amy);

  // 2. jane.doe in Search clients: only her Checking and Savings.
  expect(advisorSteps[1]).toContain('jane.doe');
  const search = searchBox(page, CLIENT_SEARCH);
  await typeInto(search, 'jane.doe');
  await expect(suggestion(page, 'Jane Doe')).toBeVisible();
  await chooseWithKeyboard(page, search, 'Jane Doe');
  await expect
    .poll(async () => (await linkedBalances(page)).map((balance) => balance.kind))
    .toEqual(['Checking', 'Savings']);

  // 3. michael.brown: the spec's sentence and nothing of his; the panel shows the refused check.
  expect(advisorSteps[2]).toContain(messages.advisor.noConsent);
  await typeInto(search, 'michael.brown');
  await expect(suggestion(page, 'Michael Brown')).toBeVisible();
  await chooseWithKeyboard(page, search, 'Michael Brown');
  await expect(page.getByText(messages.advisor.noConsent, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Linked accounts' })).toHaveCount(0);
  await expect(
    panel.getByText(/Michael Brown has not consented to share accounts with the advisor/).first(),
  ).toBeVisible();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);

  await context.close();
});

test('the step-up scenario runs as its card says: a new e-mail address for emily.chen waits for her password, then the new address’s code, and the old address is told', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const STEP_UP = demoScenario('step-up-new-email');
  const context = await browser.newContext({
    baseURL: server!.baseURL,
    userAgent: DESKTOP_CHROME_USER_AGENT,
  });
  const page = await context.newPage();
  const emily = USERS.emily;
  const newAddress = 'emily.new@example.com';

  // Before Start: signed in as emily.chen (password, Email, the code).
  expect(STEP_UP.before).toContain(emily.username);
  await signIn(page, emily);
  await openDemo(page);
  const steps = await readSteps(page, STEP_UP);
  await start(page, STEP_UP);
  await expect(page).toHaveURL((url) => url.pathname === pageRoute('profile').paths[0]);

  // 2. A new Email, Save: the bank asks to confirm it is her.
  expect(steps[1]).toContain(newAddress);
  const oldMailbox = await Mailbox.open(page.request, emily.email);
  const newMailbox = await Mailbox.open(page.request, newAddress);
  await page.getByLabel(/^Email/).fill(newAddress);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    stepUpDialog(page).getByRole('heading', { name: messages.stepUp.heading }),
  ).toBeVisible();

  // 3. The demo password, Confirm.
  await confirmStepUpWithPassword(page, DEMO_PASSWORD);

  // 4. The code sent to the new address, Verify.
  expect(steps[3]).toContain('Verify');
  await page.getByLabel(/^Verification code/).fill(await newMailbox.readNewCode());
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(messages.profile.contactVerified('email address'))).toBeVisible();

  // 5. The old address has the notice with its "This wasn't me" link.
  const notice = await oldMailbox.readNewMessage(
    'the notice of the changed address',
    (message) => message.subject === 'Your AnyBank e-mail address was changed',
  );
  expect(notice.body).toContain(securityNoticeMessages.contactChangedUndoLabel);
  await context.close();
});
