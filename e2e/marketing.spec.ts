import { expect, test } from '@playwright/test';
import { OAUTH_PATHS, SCIM_USERS_API_PATH, messages, pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import {
  CUSTOMER_SEARCH,
  blankText,
  chooseWithKeyboard,
  expectOnPage,
  expectRecord,
  noSuggestions,
  recordOverview,
  searchBox,
  suggestion,
  suggestionList,
  typeInto,
} from './support/partners';
import { signInThroughFlowApi } from './support/api-sign-in';
import { USERS, sessionItems } from './support/sign-in';

/**
 * Document 2 §2, §3, §6: marketing staff look customers up and see only the channels each one
 * opted into; a customer who opted out shows the no-consent text. The seeded consents: jane.doe
 * SMS and e-mail, john.smith e-mail and postal mail, michael.brown nothing.
 */

const BLANK = blankText(messages.marketing.blankField);

test('maria.lopez sees only the channels each customer opted into, and the no-consent text for one who opted out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The sign-in lands on the portal with the code and state gone from the address.
  await signInThroughFlowApi(page, USERS.maria);
  await expectOnPage(page, 'marketing');
  const search = searchBox(page, CUSTOMER_SEARCH);

  // Jane: suggested by her username, opened with the keyboard.
  await typeInto(search, 'jane');
  await expect(suggestion(page, 'jane.doe')).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await chooseWithKeyboard(page, search, 'jane.doe');
  await expect(suggestionList(page)).toBeHidden();
  await expectRecord(page, {
    name: 'Jane Doe',
    mailAddress: BLANK,
    email: 'jane.doe@example.com',
    smsPhone: '+15551234567',
  });
  const dialog = recordOverview(page);
  await expect(dialog.getByRole('button', { name: 'Inspect Record', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Modify Record', exact: true })).toBeVisible();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // John: picked with the mouse; e-mail and postal mail, no SMS.
  await typeInto(search, 'john.sm');
  await suggestion(page, 'john.smith').click();
  await expectRecord(page, {
    name: 'John Smith',
    mailAddress: '42 Oak Avenue, Portland 97201',
    email: 'john.smith@example.com',
    smsPhone: BLANK,
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Michael opted out of everything: the no-consent text and nothing else.
  await typeInto(search, 'michael.b');
  await chooseWithKeyboard(page, search, 'michael.brown');
  await expectRecord(page, {
    name: messages.marketing.noConsent,
    mailAddress: BLANK,
    email: BLANK,
    smsPhone: BLANK,
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("a customer search that matches no one shows 'No suggestions available...', and Escape closes it", async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.maria);
  const search = searchBox(page, CUSTOMER_SEARCH);
  const lookups: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === SCIM_USERS_API_PATH) lookups.push(url.searchParams.get('filter') ?? '');
  });

  await typeInto(search, 'zz-nobody');
  await expect(noSuggestions(page)).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  expect(lookups.at(-1)).toBe('uid sw "zz-nobody"');
  await expectNoAxeViolations(page);
  await search.press('Escape');
  await expect(noSuggestions(page)).toBeHidden();
  await expect(search).toHaveValue('zz-nobody');
  await search.press('Escape');
  await expect(search).toHaveValue('');
});

test('the marketing portal opens its other pages from its navigation and signs out to home through single logout', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.maria);
  const portalNav = page.getByRole('navigation', { name: 'Marketing portal', exact: true });
  for (const [link, pageId] of [
    ['Dashboard', 'marketing-dashboard'],
    ['Client Profiles', 'marketing-client-profiles'],
    ['Tracking', 'marketing-tracking'],
    ['Equities Trading', 'marketing-equities-trading'],
    ['Customer Search', 'marketing'],
  ] as const) {
    await portalNav.getByRole('link', { name: link, exact: true }).click();
    await expectOnPage(page, pageId);
    await expect(page).toHaveURL((url) => url.pathname === pageRoute(pageId).paths[0]);
  }

  // Document 1 §4.7: not the partner sign-off page but single logout, which ends at home.
  const home = page.waitForResponse((response) => {
    const from = response.request().redirectedFrom();
    return (
      response.request().isNavigationRequest() &&
      new URL(response.url()).pathname === '/' &&
      from !== null &&
      new URL(from.url()).pathname.startsWith(OAUTH_PATHS.endSession)
    );
  });
  await portalNav.getByRole('link', { name: 'Sign Out', exact: true }).click();
  await home;
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expectOnPage(page, 'home');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await sessionItems(page)).toEqual({});
});

test('maria.lopez opens michael.brown’s record: the no-consent text, and Behind the scenes shows the refused consent check', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.maria);
  await expectOnPage(page, 'marketing');
  await page.getByRole('button', { name: 'Behind the scenes', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Behind the scenes' });
  await expect(panel).toBeVisible();
  const search = searchBox(page, CUSTOMER_SEARCH);
  await typeInto(search, 'michael.b');
  await chooseWithKeyboard(page, search, 'michael.brown');
  await expectRecord(page, {
    name: messages.marketing.noConsent,
    mailAddress: BLANK,
    email: BLANK,
    smsPhone: BLANK,
  });
  // Found by its words, not the panel's layout: the panel groups and folds its entries.
  await expect(
    panel
      .getByText(/michael\.brown has not consented to receiving marketing communications/)
      .first(),
  ).toBeVisible();
});
