import { expect, type Locator, type Page } from '@playwright/test';
import { TRANSFERS_API_PATH, pageRoute, parseAmountToCents } from '@anybank/contracts';

/**
 * The customer's banking pages as a person uses them: the Accounts Dashboard's three balance
 * panels, and the Transfer Money form (From, To, Amount, Transfer) with its result step.
 * Balances are read in cents from what the panels show ("$24,474.50").
 */

const dashboard = pageRoute('dashboard');
const transferMoney = pageRoute('transfer-money');

/** How the form names the accounts it offers: "Checking (…1234)", "Savings (…5678)". */
export type TransferAccountKind = 'Checking' | 'Savings';

export interface DashboardBalances {
  checking: number;
  savings: number;
  rewardsVisa: number;
}

/** A dollar figure as the pages show it: "$1,234.56" or "-$5.00". */
const DOLLARS = /^-?\$[\d,]+\.\d{2}$/;

/** "$1,234.56" → 123456; "-$5.00" → -500. */
export function centsOf(dollars: string): number {
  const text = dollars.trim();
  const negative = text.startsWith('-');
  const cents = parseAmountToCents(text.replace(/^-?\$/, ''));
  if (cents === null) throw new Error(`"${dollars}" is not a dollar amount`);
  return negative ? -cents : cents;
}

/** Opens the Accounts Dashboard in the signed-in tab (the session survives the page load). */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto(dashboard.paths[0]!);
  await expectOnDashboard(page);
}

/** From the dashboard, the activity of the account whose balance panel is headed `title`. */
export async function openAccountFromDashboard(
  page: Page,
  title: TransferAccountKind,
): Promise<void> {
  await page
    .getByRole('region', { name: title, exact: true })
    .getByRole('link', { name: title, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([
    pageRoute('account-activity').heading,
  ]);
}

export async function expectOnDashboard(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([dashboard.heading]);
}

/** The panel headed `title` ('Checking', 'Savings', 'Credit Rewards Visa'). */
function balancePanel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** The panel's balance, once it has loaded (placeholders show until then). */
async function panelCents(page: Page, title: string): Promise<number> {
  const amount = balancePanel(page, title).getByText(DOLLARS);
  await expect(amount, `the ${title} balance`).toBeVisible();
  return centsOf(await amount.innerText());
}

/** The three balances the dashboard shows now, in cents. */
export async function readDashboardBalances(page: Page): Promise<DashboardBalances> {
  await expectOnDashboard(page);
  return {
    checking: await panelCents(page, 'Checking'),
    savings: await panelCents(page, 'Savings'),
    rewardsVisa: await panelCents(page, 'Credit Rewards Visa'),
  };
}

/** The banking sidebar's 'Transfer Money' link; ends on the form. */
export async function openTransferFromSidebar(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Banking', exact: true })
    .getByRole('link', { name: 'Transfer Money', exact: true })
    .click();
  await expectTransferForm(page);
}

/** Opens Transfer Money in the signed-in tab; ends on the form. */
export async function openTransferMoney(page: Page): Promise<void> {
  await page.goto(transferMoney.paths[0]!);
  await expectTransferForm(page);
}

/** Step 1 is shown, ready to take a transfer. */
export async function expectTransferForm(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([transferMoney.heading]);
  await expect(
    page.getByRole('heading', { name: 'Transfer between your accounts', exact: true }),
  ).toBeVisible();
  await expect(transferButton(page)).toBeEnabled();
}

export function fromField(page: Page): Locator {
  return page.getByLabel('From', { exact: true });
}

export function toField(page: Page): Locator {
  return page.getByLabel('To', { exact: true });
}

export function amountField(page: Page): Locator {
  return page.getByLabel('Amount', { exact: true });
}

export function transferButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Transfer', exact: true });
}

/** The name the form shows for the account of `kind`: "Checking (…1234)". */
export async function accountOptionLabel(
  select: Locator,
  kind: TransferAccountKind,
): Promise<string> {
  const option = select.getByRole('option', { name: new RegExp(`^${kind} \\(`) });
  await expect(option).toHaveCount(1);
  return (await option.innerText()).trim();
}

/** Picks the account of `kind` in a From or To list; answers the name it shows. */
export async function chooseAccount(select: Locator, kind: TransferAccountKind): Promise<string> {
  const label = await accountOptionLabel(select, kind);
  await select.selectOption({ label });
  return label;
}

/** The From account's available balance, as the hint under it shows it, in cents. */
export async function availableBalanceShown(page: Page): Promise<number> {
  const hint = page.getByText(/^Available balance: -?\$[\d,]+\.\d{2}$/);
  await expect(hint).toBeVisible();
  return centsOf((await hint.innerText()).replace('Available balance:', ''));
}

export interface TransferChoice {
  from: TransferAccountKind;
  to: TransferAccountKind;
  /** As typed: "25.50". */
  amount: string;
}

/** Fills the form and presses Transfer; answers the two accounts' names as the form shows them. */
export async function sendTransfer(
  page: Page,
  { from, to, amount }: TransferChoice,
): Promise<{ fromName: string; toName: string }> {
  const fromName = await chooseAccount(fromField(page), from);
  const toName = await chooseAccount(toField(page), to);
  await amountField(page).fill(amount);
  await transferButton(page).click();
  return { fromName, toName };
}

/** The result step's alert, headed 'Transfer Confirmed' or 'Transfer Denied'. */
export function transferResult(page: Page, title: string): Locator {
  return page.getByRole('alert').filter({
    has: page.getByRole('heading', { level: 2, name: title, exact: true }),
  });
}

/** The form's error alert (the first failed check of document 2 §5). */
export function transferFormError(page: Page): Locator {
  return page.getByRole('alert');
}

/** 'Start Another Transfer' on the result step: back to the form, its fields cleared. */
export async function startAnotherTransfer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start Another Transfer', exact: true }).click();
  await expectTransferForm(page);
  for (const field of [fromField(page), toField(page), amountField(page)]) {
    await expect(field).toHaveValue('');
  }
}

/** The result step's link back to the Accounts Dashboard. */
export async function backToDashboard(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Accounts Dashboard', exact: true }).click();
  await expectOnDashboard(page);
}

/** Counts the transfer requests the page sends from now on (each one may move money). */
export function countTransferRequests(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === TRANSFERS_API_PATH) {
      sent += 1;
    }
  });
  return () => sent;
}
