import { expect, type Locator, type Page } from '@playwright/test';
import { messages, pageRoute, type PageId } from '@anybank/contracts';
import { centsOf } from './banking';
import { answer, yesNoChoice } from './settings';
import { literally } from './sign-in';

/**
 * The partner portals as their staff use them (document 2 §2): the search boxes (a combobox
 * with a list of suggestions), the advisor's client card and the marketing Record Overview,
 * and the customer's side of the advisor's access, the balance sharing on Privacy & Security.
 */

// ---------------------------------------------------------------------------------------
// Search boxes

export function searchBox(page: Page, label: string): Locator {
  return page.getByRole('combobox', { name: label, exact: true });
}

/** The suggestions list the box controls. */
export function suggestionList(page: Page): Locator {
  return page.getByRole('listbox');
}

/** A suggestion whose accessible name starts with `label` (its second line may follow). */
export function suggestion(page: Page, label: string): Locator {
  return suggestionList(page).getByRole('option', { name: new RegExp(`^${literally(label)}`) });
}

export function noSuggestions(page: Page): Locator {
  return page.getByText(messages.search.noSuggestions, { exact: true });
}

/** Types into the box key by key, as a person does (each key may start a lookup). */
export async function typeInto(box: Locator, text: string): Promise<void> {
  await box.clear();
  await box.pressSequentially(text);
}

/**
 * Picks a suggestion with the keyboard: down arrow until the box's active descendant is the
 * one named `label`, then Enter. Fails if going round the whole list never reaches it.
 */
export async function chooseWithKeyboard(page: Page, box: Locator, label: string): Promise<void> {
  const wanted = suggestion(page, label);
  await expect(wanted).toBeVisible();
  const wantedId = await wanted.getAttribute('id');
  const count = await suggestionList(page).getByRole('option').count();
  for (let step = 0; step < count; step += 1) {
    await box.press('ArrowDown');
    if ((await box.getAttribute('aria-activedescendant')) === wantedId) break;
  }
  await expect(box).toHaveAttribute('aria-activedescendant', wantedId!);
  await expect(wanted).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
}

// ---------------------------------------------------------------------------------------
// Key-value tables (client details, Record Overview)

/** The value cell of the row headed `label` ('Street', 'SMS/TXT phone'). */
export function fieldValue(container: Locator, label: string): Locator {
  return container
    .getByRole('row')
    .filter({ has: container.page().getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
}

/** How a blank field reads: a dash to the eye, `spoken` to a screen reader. */
export function blankText(spoken: string): string {
  return `\u2014${spoken}`;
}

// ---------------------------------------------------------------------------------------
// Advisor

export const CLIENT_SEARCH = 'Search clients';

export async function expectOnPage(page: Page, pageId: PageId): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute(pageId).heading]);
}

/** The section of the chosen client on /advisor/client, headed by their name. */
export function chosenClient(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

export interface BalanceShown {
  /** 'Checking', 'Savings', 'Rewards Visa'. */
  kind: string;
  /** The last four digits of the account number. */
  suffix: string;
  cents: number;
}

/** Every row of the client's 'Linked accounts' table, in order. */
export async function linkedBalances(page: Page): Promise<BalanceShown[]> {
  const table = page
    .getByRole('region', { name: 'Linked accounts', exact: true })
    .getByRole('table');
  await expect(table).toBeVisible();
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  const shown: BalanceShown[] = [];
  for (const row of await rows.all()) {
    const account = (await row.getByRole('rowheader').innerText()).trim();
    const match = /^(.+?)\s+(?:account number ending in\s*)?\u2026(\d{4})$/.exec(account);
    expect(match, `the account "${account}"`).not.toBeNull();
    shown.push({
      kind: match![1]!,
      suffix: match![2]!,
      cents: centsOf(await row.getByRole('cell').innerText()),
    });
  }
  return shown;
}

// ---------------------------------------------------------------------------------------
// The customer's balance sharing (Privacy & Security)

const ADVISOR_CHOICE = 'Share my account balances with AnyWealthAdvisor';
const ADVISOR_ACCOUNTS = 'Accounts AnyWealthAdvisor may see';

export type AccountKindName = 'Checking' | 'Savings' | 'Rewards Visa';
const ACCOUNT_KIND_NAMES: readonly AccountKindName[] = ['Checking', 'Savings', 'Rewards Visa'];

function accountBox(page: Page, kind: AccountKindName): Locator {
  return page
    .getByRole('group', { name: ADVISOR_ACCOUNTS, exact: true })
    .getByRole('checkbox', { name: new RegExp(`^${kind} \\(`) });
}

/** The accounts the customer shares with the advisor now, as Privacy & Security shows them. */
export async function advisorSharing(page: Page): Promise<AccountKindName[]> {
  await expectOnPage(page, 'privacy-security');
  const choice = yesNoChoice(page, ADVISOR_CHOICE);
  await expect(choice.getByRole('radio', { name: 'No', exact: true })).toBeEnabled();
  if (!(await choice.getByRole('radio', { name: 'Yes', exact: true }).isChecked())) return [];
  const shared: AccountKindName[] = [];
  for (const kind of ACCOUNT_KIND_NAMES) {
    if (await accountBox(page, kind).isChecked()) shared.push(kind);
  }
  return shared;
}

/**
 * On Privacy & Security, step 1: shares exactly `accounts` with the advisor (none: answers
 * No), saves, and waits for 'Changes Confirmed'.
 */
export async function shareWithAdvisor(page: Page, accounts: readonly AccountKindName[]) {
  await expectOnPage(page, 'privacy-security');
  const choice = yesNoChoice(page, ADVISOR_CHOICE);
  await expect(choice.getByRole('radio', { name: 'No', exact: true })).toBeEnabled();
  if (accounts.length === 0) {
    await answer(choice, 'No');
  } else {
    await answer(choice, 'Yes');
    for (const kind of ACCOUNT_KIND_NAMES) {
      await accountBox(page, kind).setChecked(accounts.includes(kind));
    }
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Changes Confirmed', exact: true }),
  ).toBeVisible();
}

// ---------------------------------------------------------------------------------------
// Marketing

export const CUSTOMER_SEARCH = 'Search customers';

export function recordOverview(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Record Overview', exact: true });
}

export interface RecordShown {
  name: string;
  mailAddress: string;
  email: string;
  smsPhone: string;
}

/** The Record Overview shows exactly these four fields' texts. */
export async function expectRecord(page: Page, expected: RecordShown): Promise<void> {
  const dialog = recordOverview(page);
  await expect(dialog).toBeVisible();
  await expect(fieldValue(dialog, 'Name')).toHaveText(expected.name);
  await expect(fieldValue(dialog, 'Mail address')).toHaveText(expected.mailAddress);
  await expect(fieldValue(dialog, 'Email address')).toHaveText(expected.email);
  await expect(fieldValue(dialog, 'SMS/TXT phone')).toHaveText(expected.smsPhone);
}
