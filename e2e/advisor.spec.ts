import { expect, test } from '@playwright/test';
import { ADVISOR_CLIENTS_API_PATH, messages, pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { readDashboardBalances } from './support/banking';
import {
  CLIENT_SEARCH,
  advisorSharing,
  chooseWithKeyboard,
  chosenClient,
  expectOnPage,
  fieldValue,
  linkedBalances,
  noSuggestions,
  searchBox,
  shareWithAdvisor,
  suggestion,
  suggestionList,
  typeInto,
  type AccountKindName,
} from './support/partners';
import { openSettingsPage } from './support/settings';
import { signInThroughFlowApi } from './support/api-sign-in';
import { USERS, sessionItem, sessionItems, signOut } from './support/sign-in';

/**
 * Document 2 §2, §3: the wealth advisor sees a client's balances only while the client shares
 * them, and only the accounts shared. jane.doe's sharing is changed here and put back as it
 * was found at the end; her balances are read from her own dashboard in the same test, since
 * other journeys move her money.
 */

const partnerSignoff = pageRoute('partner-signoff');

test('amy.davis finds jane.doe, sees exactly the two balances jane shares, and the no-consent text once jane stops sharing, though the search still finds her', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const janeContext = await browser.newContext();
  const amyContext = await browser.newContext();
  const jane = await janeContext.newPage();
  const amy = await amyContext.newPage();
  let sharingFound: AccountKindName[] | null = null;

  try {
    // Jane: her balances and details as her own pages show them, then she shares two accounts.
    await signInThroughFlowApi(jane, USERS.jane);
    const balances = await readDashboardBalances(jane);
    const accountIds = ((await sessionItem(jane, 'accts')) ?? '').split(',');
    expect(accountIds, "jane's accts session item").toHaveLength(3);
    const details = {
      street: (await sessionItem(jane, 'street')) ?? '',
      city: (await sessionItem(jane, 'city')) ?? '',
      zipcode: (await sessionItem(jane, 'zipcode')) ?? '',
      mobile: (await sessionItem(jane, 'mobile')) ?? '',
    };
    await openSettingsPage(jane, 'privacy-security');
    sharingFound = await advisorSharing(jane);
    await shareWithAdvisor(jane, ['Checking', 'Savings']);

    // Amy: the dashboard greets her by name and offers the client search.
    await signInThroughFlowApi(amy, USERS.amy);
    await expect(amy.getByText('Welcome back, Amy.', { exact: false })).toBeVisible();
    await expect(amy.getByRole('table').getByRole('columnheader')).toHaveText([
      'Name',
      'Active',
      'Last contacted',
      'Total portfolio',
    ]);
    // "Behind the scenes" shows the consent check of each read (ADR 0021).
    await amy.getByRole('button', { name: 'Behind the scenes', exact: true }).click();
    const panel = amy.getByRole('complementary', { name: 'Behind the scenes' });
    await expect(panel).toBeVisible();
    const search = searchBox(amy, CLIENT_SEARCH);

    // One character asks the server nothing; more show the clients that match.
    let lookups = 0;
    amy.on('request', (request) => {
      if (new URL(request.url()).pathname === ADVISOR_CLIENTS_API_PATH) lookups += 1;
    });
    await typeInto(search, 'J');
    // Longer than the box waits after a key before it asks.
    await amy.waitForTimeout(1_000);
    expect(lookups, 'lookups after one character').toBe(0);
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await typeInto(search, 'Jane');
    await expect(suggestion(amy, 'Jane Doe')).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(amy);
    await chooseWithKeyboard(amy, search, 'Jane Doe');

    // The client page: Jane's details and exactly the two balances she shares.
    await expect(amy).toHaveURL((url) => url.pathname === pageRoute('advisor-client').paths[0]);
    await expectOnPage(amy, 'advisor-client');
    await expect(suggestionList(amy)).toBeHidden();
    await expect(search).toHaveValue('');
    const client = chosenClient(amy, 'Jane Doe');
    await expect(fieldValue(client, 'Full name')).toHaveText('Jane Doe');
    await expect(fieldValue(client, 'Street')).toHaveText(details.street);
    await expect(fieldValue(client, 'City and postal code')).toHaveText(
      `${details.city} ${details.zipcode}`,
    );
    await expect(fieldValue(client, 'Mobile')).toHaveText(details.mobile);
    expect(await linkedBalances(amy)).toEqual([
      { kind: 'Checking', suffix: accountIds[0]!.slice(-4), cents: balances.checking },
      { kind: 'Savings', suffix: accountIds[1]!.slice(-4), cents: balances.savings },
    ]);
    // The granted check, in words: found by them, not the panel's layout.
    await expect(
      panel
        .getByText(
          `The consent share-account-balances was granted by Jane Doe, so 2 accounts were returned (ending ${accountIds[0]!.slice(-4)}, ending ${accountIds[1]!.slice(-4)}).`,
        )
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(amy);

    // Jane stops sharing. Amy's page, loaded again, is refused by the server.
    await openSettingsPage(jane, 'privacy-security');
    await shareWithAdvisor(jane, []);
    await amy.reload();
    await expect(amy.getByText(messages.advisor.noConsent, { exact: true })).toBeVisible();
    // The refused check, in words: found by them, not the panel's layout.
    await expect(
      panel.getByText(/Jane Doe has not consented to share accounts with the advisor/).first(),
    ).toBeVisible();
    await amy.getByRole('button', { name: 'Close Behind the scenes' }).click();
    await expect(amy.getByRole('region', { name: 'Linked accounts' })).toHaveCount(0);
    await expect(amy.getByRole('rowheader', { name: 'Street', exact: true })).toHaveCount(0);

    // She is still found (document 2 §2: the search finds every client); chosen again, she
    // shows the refusal and nothing of hers.
    await typeInto(search, 'Jane');
    await expect(suggestion(amy, 'Jane Doe')).toBeVisible();
    await chooseWithKeyboard(amy, search, 'Jane Doe');
    await expect(amy.getByText(messages.advisor.noConsent, { exact: true })).toBeVisible();
    await expect(amy.getByRole('rowheader', { name: 'Street', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(amy);

    // A search that matches no one says so.
    await typeInto(search, 'zz-nobody');
    await expect(noSuggestions(amy)).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await search.press('Escape');
    await expect(noSuggestions(amy)).toBeHidden();
  } finally {
    // Jane's sharing as it was found, for the journeys that come after.
    if (sharingFound !== null) {
      await openSettingsPage(jane, 'privacy-security');
      await shareWithAdvisor(jane, sharingFound);
    }
    await janeContext.close();
  }

  // Opened from the portal's navigation, without a client in the navigation state, the client
  // page has no client chosen: only the search.
  const portalNav = amy.getByRole('navigation', { name: 'Advisor portal', exact: true });
  await portalNav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expectOnPage(amy, 'advisor');
  await portalNav.getByRole('link', { name: 'Client Details', exact: true }).click();
  await expectOnPage(amy, 'advisor-client');
  await expect(searchBox(amy, CLIENT_SEARCH)).toHaveValue('');
  await expect(amy.getByText('No client chosen yet. Search for a client above.')).toBeVisible();
  await expect(amy.getByRole('region', { name: 'Linked accounts' })).toHaveCount(0);

  // The portal's other pages, from its navigation.
  for (const [link, pageId] of [
    ['Client Tracking', 'advisor-tracking'],
    ['Prospecting', 'advisor-prospecting'],
    ['Other Services', 'advisor-other-services'],
    ['Dashboard', 'advisor'],
  ] as const) {
    await portalNav.getByRole('link', { name: link, exact: true }).click();
    await expectOnPage(amy, pageId);
    await expect(portalNav.getByRole('link', { name: link, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }

  // Document 1 §4.7: an advisor signs out to the partner sign-off page.
  await signOut(amy);
  await expect(amy).toHaveURL((url) => url.pathname === partnerSignoff.paths[0]);
  await expectOnPage(amy, 'partner-signoff');
  expect(await sessionItems(amy)).toEqual({});
  await amyContext.close();
});

test('amy.davis finds michael.brown, who shares nothing: the spec’s sentence, none of his details, and the refused consent check behind the scenes', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.amy);
  await page.getByRole('button', { name: 'Behind the scenes', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Behind the scenes' });
  await expect(panel).toBeVisible();
  const search = searchBox(page, CLIENT_SEARCH);
  await typeInto(search, 'michael.b');
  await expect(suggestion(page, 'Michael Brown')).toBeVisible();
  await chooseWithKeyboard(page, search, 'Michael Brown');

  await expectOnPage(page, 'advisor-client');
  await expect(page.getByText(messages.advisor.noConsent, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Linked accounts' })).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: 'Street', exact: true })).toHaveCount(0);
  // Found by its words, not the panel's layout: the panel groups and folds its entries.
  await expect(
    panel.getByText(/Michael Brown has not consented to share accounts with the advisor/).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
