import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, messages, pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import {
  openAccountFromDashboard,
  openDashboard,
  openTransferFromSidebar,
  sendTransfer,
  transferResult,
} from './support/banking';
import type { NewCustomer } from './support/customers';
import { moveTimeOn } from './support/clock';
import { activatePhoneApp, pendingRequestOnPhone, signInWithPhone } from './support/mobile';
import { signInThroughFlowApi } from './support/api-sign-in';
import { USERS } from './support/sign-in';

// A transfer shows in both accounts' activity and on Payment Activity; one that
// waits for the phone changes there, without a reload, when the phone answers. Other journeys
// move jane's and john's money too: every check finds this journey's own transfer by its number.

const payments = pageRoute('payment-activity');
/**
 * How often Payment Activity asks again while a transfer waits (PAYMENT_POLL_MS in the page's
 * component, apps/web/src/features/activity/PaymentActivityPage.tsx, not loaded here).
 */
const PAYMENT_ACTIVITY_POLL_MS = 3000;

const JOHN: NewCustomer = {
  ...USERS.john,
  firstName: 'John',
  lastName: 'Smith',
  password: DEMO_PASSWORD,
};

/** The table's body rows, each as its cells' texts. */
async function rowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

function entriesTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Entries', exact: true });
}

function paymentsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Transfers, newest first', exact: true });
}

/** From the dashboard, the account whose balance panel is headed `title`. */
async function openAccount(page: Page, title: 'Checking' | 'Savings') {
  await openDashboard(page);
  await openAccountFromDashboard(page, title);
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^${title} `) }),
  ).toBeVisible();
  await expect(entriesTable(page).locator('tbody tr').first()).toBeVisible();
}

async function openPaymentActivity(page: Page) {
  await page
    .getByRole('navigation', { name: 'Banking' })
    .getByRole('link', { name: 'Payment Activity', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([payments.heading]);
  await expect(paymentsTable(page)).toBeVisible();
}

/** A CSV file's rows as cells (RFC 4180's quotes), for comparing with the page. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  return rows;
}

/** "−$1,234.50" or "+$25.50" on the page → "-1234.50" / "25.50" as the CSV writes it. */
function csvAmountOf(shown: string): string {
  const digits = shown.replace(/[^\d.]/g, '');
  return /^[\u2212-]/.test(shown) ? `-${digits}` : digits;
}

test('jane.doe transfers $25.50 and finds it at the top of both accounts’ activity and on Payment Activity; she filters checking by text and downloads a CSV whose rows match the page', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.jane);
  await openTransferFromSidebar(page);
  await sendTransfer(page, { from: 'Checking', to: 'Savings', amount: '25.50' });
  const confirmed = transferResult(page, messages.transfer.confirmedTitle);
  await expect(confirmed).toBeVisible();
  const number = /Transfer number: (\d+)/.exec(await confirmed.innerText())?.[1];
  expect(number, 'the transfer number').toBeDefined();

  // The dashboard's recent activity: the transfer's two entries on top.
  await openDashboard(page);
  const recent = page.getByRole('table', { name: 'Recent activity', exact: true });
  await expect(recent.locator('tbody tr')).toHaveCount(5);
  const [first, second] = await rowsOf(recent);
  expect([first?.[2], second?.[2]].sort()).toEqual([
    expect.stringMatching(new RegExp(`^Transfer ${number} from account ending \\d{4}$`)),
    expect.stringMatching(new RegExp(`^Transfer ${number} to account ending \\d{4}$`)),
  ]);

  await openAccount(page, 'Checking');
  const [checkingTop] = await rowsOf(entriesTable(page));
  expect(checkingTop?.[1]).toMatch(new RegExp(`^Transfer ${number} to account ending \\d{4}$`));
  expect(checkingTop?.[3]).toBe('\u2212$25.50');
  const chart = page.getByRole('img', { name: /^Balance over time/ });
  await expect(chart).toBeVisible();
  // Dates along the bottom and amounts up the side, as a bank's chart has them.
  await expect(
    chart
      .locator('svg text')
      .filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ })
      .first(),
  ).toBeVisible();
  await expect(
    chart
      .locator('svg text')
      .filter({ hasText: /^-?\$\d+(\.\d)?k?$/ })
      .first(),
  ).toBeVisible();
  // Every balance also in a table, for whoever does not see the chart.
  await page.getByText('Show the balances', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Balance after each entry' })).toBeVisible();
  await expectNoAxeViolations(page);

  await openAccount(page, 'Savings');
  const [savingsTop] = await rowsOf(entriesTable(page));
  expect(savingsTop?.[1]).toMatch(new RegExp(`^Transfer ${number} from account ending \\d{4}$`));
  expect(savingsTop?.[3]).toBe('+$25.50');

  await openPaymentActivity(page);
  const [latest] = await rowsOf(paymentsTable(page));
  expect(latest?.slice(1, 6)).toEqual([
    number,
    expect.stringMatching(/^Checking \(…\d{4}\)$/),
    expect.stringMatching(/^Savings \(…\d{4}\)$/),
    '$25.50',
    'Confirmed',
  ]);
  await expectNoAxeViolations(page);

  // Checking filtered by text: the status says how many, every row matches, the CSV agrees.
  await openAccount(page, 'Checking');
  await page.getByLabel('Description contains', { exact: true }).fill('payroll');
  await page.getByRole('button', { name: 'Apply filters', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Showing entries 1 to \d+ of \d+\.$/ }),
  ).toBeVisible();
  await expect(async () => {
    const rows = await rowsOf(entriesTable(page));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /payroll/i.test(row[1] ?? ''))).toBe(true);
  }).toPass();
  const shown = await rowsOf(entriesTable(page));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-checking-\d{4}-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = csvRows(await readFile(await download.path(), 'utf8'));
  expect(header).toEqual(['Date', 'Description', 'Category', 'Amount', 'Balance', 'Currency']);
  expect(lines.map((line) => [line[1], line[2], line[3], line[4]])).toEqual(
    shown.map((row) => [row[1], row[2], csvAmountOf(row[3] ?? ''), csvAmountOf(row[4] ?? '')]),
  );
});

test('john.smith’s $1,500 transfer shows “Waiting for approval” on Payment Activity and turns “Approved” when he approves it on /mobile, without a reload', async ({
  page,
  browser,
}) => {
  // One push answered by hand, polled by the server once a second.
  test.setTimeout(90_000);
  const phoneContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    await activatePhoneApp(phone, JOHN);
    await signInWithPhone(page, phone, JOHN);

    await openTransferFromSidebar(page);
    await sendTransfer(page, { from: 'Checking', to: 'Savings', amount: '1500.00' });
    const request = await pendingRequestOnPhone(phone, 'Approve this transfer?');
    await expect(request.getByText('$1,500.00', { exact: true })).toBeVisible();

    // While the phone waits, Payment Activity shows it waiting, with its approval request.
    await openPaymentActivity(page);
    const row = paymentsTable(page).locator('tbody tr').first();
    await expect(row.getByRole('cell').nth(4)).toHaveText('$1,500.00');
    await expect(row.getByRole('cell').nth(5)).toHaveText('Waiting for approval');
    await expect(row.getByRole('cell').nth(7)).not.toBeEmpty();
    await expectNoAxeViolations(page);
    const number = await row.getByRole('cell').nth(1).innerText();

    let reloaded = false;
    page.on('framenavigated', () => {
      reloaded = true;
    });
    await request.getByRole('button', { name: 'Approve', exact: true }).click();
    // Payment Activity asks again every 3 s while a transfer waits (PAYMENT_POLL_MS): its clock
    // (installed by signInWithPhone) moves on to each next ask, until one finds it approved.
    await expect(async () => {
      await moveTimeOn(page, PAYMENT_ACTIVITY_POLL_MS);
      await expect(row.getByRole('cell').nth(5)).toHaveText('Approved', { timeout: 1_000 });
    }).toPass({ intervals: [0], timeout: 15_000 });
    await expect(row.getByRole('cell').nth(1)).toHaveText(number);
    await expect(
      page.getByRole('status').filter({ hasText: `Transfer ${number}: Approved.` }),
    ).toBeAttached();
    expect(reloaded, 'the page was not reloaded').toBe(false);
  } finally {
    await phoneContext.close();
  }
});
