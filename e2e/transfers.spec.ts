import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_CIBA_THRESHOLD_DOLLARS,
  DEFAULT_DENY_THRESHOLD_DOLLARS,
  DEMO_PASSWORD,
  formatCents,
  formatCentsWithSeparators,
  messages,
} from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import {
  amountField,
  availableBalanceShown,
  backToDashboard,
  chooseAccount,
  countTransferRequests,
  fromField,
  openDashboard,
  openTransferFromSidebar,
  readDashboardBalances,
  sendTransfer,
  toField,
  transferButton,
  transferFormError,
  transferResult,
  type DashboardBalances,
} from './support/banking';
import { registerCustomer, type NewCustomer } from './support/customers';
import { activatePhoneApp, pendingRequestOnPhone, signInWithPhone } from './support/mobile';
import { signInThroughFlowApi } from './support/api-sign-in';
import { Mailbox, USERS } from './support/sign-in';

// Other journeys move jane's and john's money too (all specs share one database): every check
// compares the dashboard before and after, never a seeded balance.

const TRANSFER_REQUEST = 'Approve this transfer?';
const WAITING_FOR_PHONE = 'Waiting for approval on your mobile app…';

/** The deny threshold, and a cent above it (document 2 §9: "above" denies). */
const DENY_THRESHOLD_CENTS = DEFAULT_DENY_THRESHOLD_DOLLARS * 100;
/** Above the CIBA threshold, far below the deny threshold. */
const APPROVED_AMOUNT_CENTS = DEFAULT_CIBA_THRESHOLD_DOLLARS * 100 + 50_000;
const DECLINED_AMOUNT_CENTS = DEFAULT_CIBA_THRESHOLD_DOLLARS * 100 + 10_000;
/** Above the approval threshold, within a new customer's savings ($10,000). */
const CODE_AMOUNT_CENTS = DEFAULT_CIBA_THRESHOLD_DOLLARS * 100 + 50_000;

/** john.smith signs in with his device; his seeded "iPhone" works once the app is activated. */
const JOHN: NewCustomer = {
  ...USERS.john,
  firstName: 'John',
  lastName: 'Smith',
  password: DEMO_PASSWORD,
};

/** The balances once `cents` went from checking to savings. */
function movedToSavings(before: DashboardBalances, cents: number): DashboardBalances {
  return { ...before, checking: before.checking - cents, savings: before.savings + cents };
}

/** "$1,250.00", as the pages show an amount. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function dollars(cents: number): string {
  return `$${formatCentsWithSeparators(cents)}`;
}

/**
 * Sends a transfer that waits for the phone: the page says so and holds the form while the
 * phone shows the request with its amount and both account numbers. Answers the request's card.
 */
async function transferWaitingForPhone(page: Page, phone: Page, amountCents: number) {
  const accounts = await sendTransfer(page, {
    from: 'Checking',
    to: 'Savings',
    amount: formatCents(amountCents),
  });
  await expect(page.getByText(WAITING_FOR_PHONE, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transferring…', exact: true })).toBeDisabled();

  const request = await pendingRequestOnPhone(phone, TRANSFER_REQUEST);
  await expect(request.getByText(dollars(amountCents), { exact: true })).toBeVisible();
  for (const name of [accounts.fromName, accounts.toName]) {
    // "Checking (…1234)" on the form, "ending 1234" on the phone.
    const suffix = /\u2026(\w{4})\)$/.exec(name)?.[1];
    expect(suffix, `the account number in "${name}"`).toBeDefined();
    await expect(request.getByText(`ending ${suffix}`, { exact: true })).toBeVisible();
  }
  const suffixOf = (name: string) => /\u2026(\w{4})\)$/.exec(name)?.[1] ?? '';
  return {
    ...accounts,
    request,
    fromSuffix: suffixOf(accounts.fromName),
    toSuffix: suffixOf(accounts.toName),
  };
}

test('jane.doe transfers $25.50 from checking to savings, sees it confirmed with its number, and the dashboard shows both balances moved by exactly that', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.jane);
  const before = await readDashboardBalances(page);

  await openTransferFromSidebar(page);
  await expectNoAxeViolations(page);
  const { fromName, toName } = await sendTransfer(page, {
    from: 'Checking',
    to: 'Savings',
    amount: '25.50',
  });

  const confirmed = transferResult(page, messages.transfer.confirmedTitle);
  await expect(confirmed).toBeVisible();
  await expect(confirmed.getByText(messages.transfer.confirmedText, { exact: true })).toBeVisible();
  await expect(
    confirmed.getByText(`${fromName} to ${toName}, $25.50`, { exact: true }),
  ).toBeVisible();
  // Document 2 §2: a random number below 100000.
  await expect(confirmed.getByText(/^Transfer number: \d{1,5}$/)).toBeVisible();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);

  await backToDashboard(page);
  await expect.poll(() => readDashboardBalances(page)).toEqual(movedToSavings(before, 2550));
});

test(`a transfer above the $${DEFAULT_DENY_THRESHOLD_DOLLARS} deny threshold is denied with the threshold reason and moves nothing`, async ({
  page,
}) => {
  // The threshold applies to the day's running total, so "exactly the threshold
  // goes through" depends on what else jane moved today; transfer-limits.api.test.ts checks it.
  await signInThroughFlowApi(page, USERS.jane);
  const before = await readDashboardBalances(page);

  await openTransferFromSidebar(page);
  const aboveThreshold = DENY_THRESHOLD_CENTS + 1;
  const { fromName, toName } = await sendTransfer(page, {
    from: 'Checking',
    to: 'Savings',
    amount: formatCents(aboveThreshold),
  });
  const denied = transferResult(page, messages.transfer.deniedTitle);
  await expect(denied).toBeVisible();
  await expect(
    denied.getByText(
      `${messages.transfer.maxThreshold}${fromName} to ${toName}, ${dollars(aboveThreshold)}`,
      { exact: true },
    ),
  ).toBeVisible();
  // And why, in figures that add up (what else jane sent today is not this journey's to know).
  const why = denied.getByText('24-hour limit', { exact: false });
  await expect(why).toContainText(`this ${dollars(aboveThreshold)}`, { ignoreCase: true });
  await expect(why).toContainText(`above your 24-hour limit of ${dollars(DENY_THRESHOLD_CENTS)}.`);

  await backToDashboard(page);
  await expect.poll(() => readDashboardBalances(page)).toEqual(before);
});

test('a customer without an activated phone app approves a transfer above the approval threshold with the code e-mailed to them, in the transfer page; a wrong code moves nothing', async ({
  page,
}) => {
  // A customer of this journey's own: the day's running total starts at zero.
  const customer = await registerCustomer(page.request, 'transfer.code');
  await signInThroughFlowApi(page, customer);
  const before = await readDashboardBalances(page);
  const mailbox = await Mailbox.open(page.request, customer.email);

  await openTransferFromSidebar(page);
  const { fromName, toName } = await sendTransfer(page, {
    from: 'Savings',
    to: 'Checking',
    amount: formatCents(CODE_AMOUNT_CENTS),
  });
  const heading = page.getByRole('heading', { level: 2, name: 'Approve your transfer' });
  await expect(heading).toBeFocused();
  await expect(
    page.getByText(`${fromName} to ${toName}, ${dollars(CODE_AMOUNT_CENTS)}`),
  ).toBeVisible();
  // Why it asks, in figures: nothing sent before today by this new customer.
  await expect(
    page.getByText(
      messages.transfer.approvalThresholdCrossed({
        recentTotalCents: 0,
        amountCents: CODE_AMOUNT_CENTS,
        thresholdCents: DEFAULT_CIBA_THRESHOLD_DOLLARS * 100,
      }),
    ),
  ).toBeVisible();
  const codeField = page.getByLabel(messages.transfer.confirmationCodeLabel, { exact: true });
  await expect(codeField).toBeVisible();
  await expectNoAxeViolations(page);
  const code = await mailbox.readNewCode();

  // A wrong code: told so in an alert, the step stays, nothing moved.
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await codeField.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(messages.transfer.confirmationCodeWrong(4));
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Approve Transfer', exact: true }).click();
  const confirmed = transferResult(page, messages.transfer.confirmedTitle);
  await expect(confirmed).toBeVisible();
  await expect(confirmed.getByText(/^Transfer number: \d{1,5}$/)).toBeVisible();

  await backToDashboard(page);
  await expect
    .poll(() => readDashboardBalances(page))
    .toEqual({
      ...before,
      savings: before.savings - CODE_AMOUNT_CENTS,
      checking: before.checking + CODE_AMOUNT_CENTS,
    });
});

test('Cancel on the code step cancels the waiting transfer on the server and goes back to the form, its heading focused, with nothing moved', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'transfer.cancel');
  await signInThroughFlowApi(page, customer);
  const before = await readDashboardBalances(page);

  await openTransferFromSidebar(page);
  await sendTransfer(page, {
    from: 'Savings',
    to: 'Checking',
    amount: formatCents(CODE_AMOUNT_CENTS),
  });
  await expect(
    page.getByRole('heading', { level: 2, name: 'Approve your transfer' }),
  ).toBeFocused();

  const cancellation = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/cancellation'),
  );
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  expect((await cancellation).status()).toBe(204);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Transfer between your accounts' }),
  ).toBeFocused();
  await expectNoAxeViolations(page);

  await openDashboard(page);
  await expect.poll(() => readDashboardBalances(page)).toEqual(before);
});

test('john.smith approves a transfer above the CIBA threshold on his phone app and it is confirmed; one he denies there is refused and moves nothing', async ({
  page,
  browser,
}) => {
  // Two pushes answered by hand, each polled by the server once a second.
  test.setTimeout(120_000);
  // The phone is another device: a browser context of its own. Activating it there works
  // whether or not an earlier journey activated john's app elsewhere (it takes the new key).
  const phoneContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    await activatePhoneApp(phone, JOHN);
    await signInWithPhone(page, phone, JOHN);
    const before = await readDashboardBalances(page);
    // "Behind the scenes" watches this transfer (ADR 0021).
    await page.getByRole('button', { name: 'Behind the scenes', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Behind the scenes' });
    await expect(panel).toBeVisible();

    await openTransferFromSidebar(page);
    const approved = await transferWaitingForPhone(page, phone, APPROVED_AMOUNT_CENTS);
    await approved.request.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirmed = transferResult(page, messages.transfer.confirmedTitle);
    await expect(confirmed).toBeVisible();
    // The panel: the rule that asked the phone, the CIBA request, the phone's answer and the
    // two ledger entries.
    // (Earlier journeys of john's on this server may count toward the running total.)
    await expect(panel).toContainText(
      new RegExp(
        `The bank asked your phone to approve because .+ is above your ${escapeRegExp(dollars(DEFAULT_CIBA_THRESHOLD_DOLLARS * 100))} approval threshold\\.`,
      ),
    );
    await expect(panel).toContainText(
      /The bank started a CIBA request \([\w-]+\) asking your phone/,
    );
    await expect(panel).toContainText('The phone app approved the transfer request');
    await expect(
      panel.getByRole('list', { name: 'Ledger entries' }).getByRole('listitem'),
    ).toHaveText([
      `Ledger: −${dollars(APPROVED_AMOUNT_CENTS)} account ending ${approved.fromSuffix}`,
      `Ledger: +${dollars(APPROVED_AMOUNT_CENTS)} account ending ${approved.toSuffix}`,
    ]);
    await expect(
      confirmed.getByText(
        `${approved.fromName} to ${approved.toName}, ${dollars(APPROVED_AMOUNT_CENTS)}`,
        { exact: true },
      ),
    ).toBeVisible();
    await backToDashboard(page);
    const afterApproval = movedToSavings(before, APPROVED_AMOUNT_CENTS);
    await expect.poll(() => readDashboardBalances(page)).toEqual(afterApproval);

    await openTransferFromSidebar(page);
    const declined = await transferWaitingForPhone(page, phone, DECLINED_AMOUNT_CENTS);
    await declined.request.getByRole('button', { name: 'Deny', exact: true }).click();
    const denied = transferResult(page, messages.transfer.deniedTitle);
    await expect(denied).toBeVisible();
    await expect(
      denied.getByText(
        `${messages.transfer.notApproved}${declined.fromName} to ${declined.toName}`,
        {
          exact: true,
        },
      ),
    ).toBeVisible();
    await backToDashboard(page);
    await expect.poll(() => readDashboardBalances(page)).toEqual(afterApproval);
  } finally {
    await phoneContext.close();
  }
});

test('the transfer form checks, in order, that both accounts are chosen, that they differ, that the amount is above zero and that the source account holds it, sending nothing until all pass', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.jane);
  await openTransferFromSidebar(page);
  const transfersSent = countTransferRequests(page);
  const error = transferFormError(page);

  // Each step fixes only the failure shown, so the next check in the order speaks next.
  await amountField(page).fill('0');
  await transferButton(page).click();
  await expect(error).toHaveText(messages.transfer.selectAccounts);

  await chooseAccount(fromField(page), 'Savings');
  await chooseAccount(toField(page), 'Savings');
  await transferButton(page).click();
  await expect(error).toHaveText(messages.transfer.differentAccounts);

  await chooseAccount(toField(page), 'Checking');
  await transferButton(page).click();
  await expect(error).toHaveText(messages.transfer.invalidAmount);

  const available = await availableBalanceShown(page);
  await amountField(page).fill(formatCents(available + 1));
  await transferButton(page).click();
  await expect(error).toHaveText(
    messages.transfer.insufficientFunds('Savings', formatCentsWithSeparators(available)),
  );

  expect(transfersSent(), 'transfer requests sent').toBe(0);
});
