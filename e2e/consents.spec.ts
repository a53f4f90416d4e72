import { expect, test, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { registerCustomer, type NewCustomer } from './support/customers';
import { answer, expectAnswer, openSettingsPage, yesNoChoice } from './support/settings';
import { signInThroughFlowApi } from './support/api-sign-in';
import { sessionItem, signOutToHome } from './support/sign-in';

/**
 * Document 2 §2, §4: the communication preferences and the balance sharing with the wealth
 * advisor, saved as consents on the server. Each journey registers its own customer: it changes
 * the customer's consents.
 */

const ADVISOR = 'Share my account balances with AnyWealthAdvisor';
const ADVISOR_ACCOUNTS = 'Accounts AnyWealthAdvisor may see';

/** The three channels, each legend with the customer's detail (or its absence) in brackets. */
function channels(page: Page, customer: NewCustomer) {
  return {
    // A new customer gave no mobile number and no address at registration.
    sms: yesNoChoice(page, `SMS (${messages.communication.mobileNotProvided})`),
    email: yesNoChoice(page, `Email (${customer.email})`),
    postalMail: yesNoChoice(page, `Postal mail (${messages.communication.addressNotProvided})`),
  };
}

function sectionHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

/** The customer's three accounts as the checklist names them: 'Checking (…1234)' and so on. */
async function accountNames(page: Page): Promise<string[]> {
  const ids = ((await sessionItem(page, 'accts')) ?? '').split(',');
  expect(ids, 'the accts session item').toHaveLength(3);
  const labels = ['Checking', 'Savings', 'Rewards Visa'];
  return ids.map((id, position) => `${labels[position]} (\u2026${id.slice(-4)})`);
}

async function expectTicked(page: Page, ticked: Record<string, boolean>, editable: boolean) {
  const checklist = page.getByRole('group', { name: ADVISOR_ACCOUNTS, exact: true });
  await expect(checklist.getByRole('checkbox')).toHaveCount(Object.keys(ticked).length);
  for (const [name, checked] of Object.entries(ticked)) {
    const box = checklist.getByRole('checkbox', { name, exact: true });
    if (checked) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
    if (editable) await expect(box).toBeEnabled();
    else await expect(box).toBeDisabled();
  }
}

test('communication preferences and advisor sharing are saved, and a new sign-in loads them from the server', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const customer = await registerCustomer(page.request, 'consents');
  await signInThroughFlowApi(page, customer);

  // Communication preferences, step 1: nothing chosen yet, each channel with its detail.
  await openSettingsPage(page, 'communication-preferences');
  await expect(sectionHeading(page, 'How may we contact you?')).toBeVisible();
  const channel = channels(page, customer);
  for (const choice of Object.values(channel)) await expectAnswer(choice, 'No', { editable: true });
  await expectNoAxeViolations(page);

  await answer(channel.sms, 'Yes');
  await answer(channel.postalMail, 'Yes');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // Step 2: the choices read-only, under the success banner.
  await expect(sectionHeading(page, 'Confirmation')).toBeVisible();
  await expect(page.getByText('Your communication preferences have been saved.')).toBeVisible();
  await expectAnswer(channel.sms, 'Yes', { editable: false });
  await expectAnswer(channel.email, 'No', { editable: false });
  await expectAnswer(channel.postalMail, 'Yes', { editable: false });
  await expect(page.getByRole('link', { name: 'Privacy & Security', exact: true })).toBeVisible();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);

  // Privacy & Security, step 1: Mint and Zelle fixed at No; the advisor's choice closed at No.
  await openSettingsPage(page, 'privacy-security');
  await expect(sectionHeading(page, 'Partner data sharing')).toBeVisible();
  await expectAnswer(yesNoChoice(page, 'Share my account balances with Mint'), 'No', {
    editable: false,
  });
  await expectAnswer(yesNoChoice(page, 'Share my account balances with Zelle'), 'No', {
    editable: false,
  });
  const advisor = yesNoChoice(page, ADVISOR);
  await expectAnswer(advisor, 'No', { editable: true });
  await expect(page.getByRole('group', { name: ADVISOR_ACCOUNTS })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Yes opens the checklist of the three accounts; two of them are ticked.
  const [checking, savings, visa] = await accountNames(page);
  await answer(advisor, 'Yes');
  await expectTicked(page, { [checking!]: false, [savings!]: false, [visa!]: false }, true);
  const checklist = page.getByRole('group', { name: ADVISOR_ACCOUNTS, exact: true });
  await checklist.getByRole('checkbox', { name: checking, exact: true }).check();
  await checklist.getByRole('checkbox', { name: visa, exact: true }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // Step 2, 'Changes Confirmed': the read-only checklist and the way to the partner portal.
  await expect(sectionHeading(page, 'Changes Confirmed')).toBeVisible();
  await expect(
    page.getByText('AnyWealthAdvisor may see the balances of the accounts ticked below.'),
  ).toBeVisible();
  await expectTicked(page, { [checking!]: true, [savings!]: false, [visa!]: true }, false);
  await expect(page.getByRole('link', { name: 'My Wealth Portal', exact: true })).toHaveAttribute(
    'href',
    '/any-wealth-advisor',
  );
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);

  // A new sign-in starts with an empty session: what the pages show comes from the server.
  await signOutToHome(page);
  await signInThroughFlowApi(page, customer);

  await openSettingsPage(page, 'communication-preferences');
  await expectAnswer(channel.sms, 'Yes', { editable: true });
  await expectAnswer(channel.email, 'No', { editable: true });
  await expectAnswer(channel.postalMail, 'Yes', { editable: true });

  await openSettingsPage(page, 'privacy-security');
  await expectAnswer(advisor, 'Yes', { editable: true });
  await expectTicked(page, { [checking!]: true, [savings!]: false, [visa!]: true }, true);
});

test('Make Changes leads back to the choices, and turning everything to No is saved and kept', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const customer = await registerCustomer(page.request, 'consents.no');
  await signInThroughFlowApi(page, customer);

  await openSettingsPage(page, 'communication-preferences');
  const channel = channels(page, customer);
  await answer(channel.email, 'Yes');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sectionHeading(page, 'Confirmation')).toBeVisible();
  await expectAnswer(channel.email, 'Yes', { editable: false });

  // Make Changes: step 1 again, with the saved choice to change.
  await page.getByRole('button', { name: 'Make Changes', exact: true }).click();
  await expect(sectionHeading(page, 'How may we contact you?')).toBeVisible();
  await expectAnswer(channel.email, 'Yes', { editable: true });
  await answer(channel.email, 'No');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sectionHeading(page, 'Confirmation')).toBeVisible();
  await expect(page.getByText('Your communication preferences have been saved.')).toBeVisible();
  for (const choice of Object.values(channel))
    await expectAnswer(choice, 'No', { editable: false });
  await page.reload();
  await expect(sectionHeading(page, 'How may we contact you?')).toBeVisible();
  for (const choice of Object.values(channel)) await expectAnswer(choice, 'No', { editable: true });

  await openSettingsPage(page, 'privacy-security');
  const [checking, savings, visa] = await accountNames(page);
  const advisor = yesNoChoice(page, ADVISOR);
  await answer(advisor, 'Yes');
  const checklist = page.getByRole('group', { name: ADVISOR_ACCOUNTS, exact: true });
  await checklist.getByRole('checkbox', { name: savings, exact: true }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sectionHeading(page, 'Changes Confirmed')).toBeVisible();
  await expectTicked(page, { [checking!]: false, [savings!]: true, [visa!]: false }, false);

  // Back to step 1 with the accounts still ticked; No closes the checklist and clears them.
  await page.getByRole('button', { name: 'Make Changes', exact: true }).click();
  await expect(sectionHeading(page, 'Partner data sharing')).toBeVisible();
  await expectAnswer(advisor, 'Yes', { editable: true });
  await expectTicked(page, { [checking!]: false, [savings!]: true, [visa!]: false }, true);
  await answer(advisor, 'No');
  await expect(checklist).toHaveCount(0);
  await answer(advisor, 'Yes');
  await expectTicked(page, { [checking!]: false, [savings!]: false, [visa!]: false }, true);
  await answer(advisor, 'No');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sectionHeading(page, 'Changes Confirmed')).toBeVisible();
  await expect(
    page.getByText('You do not share any account balances with AnyWealthAdvisor.'),
  ).toBeVisible();
  await expectTicked(page, { [checking!]: false, [savings!]: false, [visa!]: false }, false);

  // The revoked consent, read again from the server: the section stays closed.
  await page.reload();
  await expect(sectionHeading(page, 'Partner data sharing')).toBeVisible();
  await expectAnswer(advisor, 'No', { editable: true });
  await expect(checklist).toHaveCount(0);
});
