import { expect, test, type Page } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD, USERS, signIn } from './support/sign-in';

/**
 * "Behind the scenes" tells, beside the page, what the bank did for this browser, journey by
 * journey (ADR 0021). The transfer and partner parts are checked in transfers.spec.ts and
 * advisor.spec.ts, where those journeys already run.
 */

/** Jane's sign-in told in one plain sentence: who, with which factors, at what risk. */
const JANE_SIGNED_IN =
  'Jane signed in with a password and a one-time code sent by e-mail; risk LOW: no rule fired.';

function panel(page: Page) {
  return page.getByRole('complementary', { name: 'Behind the scenes' });
}

/** The panel's journeys titled `title` (oldest first, as the panel lists them). */
function journeys(page: Page, title: string) {
  return panel(page)
    .locator('article.bts-journey')
    .and(page.getByRole('article', { name: title, exact: true }));
}

/** One step of a journey, named by its title (shown once its steps are unfolded). */
function step(page: Page, title: string) {
  return panel(page).getByRole('article', { name: title, exact: true });
}

/** The sign-in journey: one, naming Jane and her factors, both tokens' signatures valid. */
async function expectJanesSignInTold(page: Page) {
  const signIns = journeys(page, 'Sign-in');
  await expect(signIns).toHaveCount(1);
  const signIn = signIns.first();
  await expect(signIn.locator('.bts-headline')).toHaveText(JANE_SIGNED_IN);
  await expect(signIn.getByRole('listitem').filter({ hasText: /^ID token: / })).toContainText(
    'ID token: signature valid',
  );
  await expect(signIn.getByRole('listitem').filter({ hasText: /^access token: / })).toContainText(
    'access token: signature valid',
  );
  return signIn;
}

test('with the panel open, jane.doe’s sign-in is one journey: a plain sentence naming her and her factors, both tokens’ signatures checked by the server, and its steps oldest first beneath', async ({
  page,
}) => {
  await page.goto('/?inspect=1');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText('Nothing yet.', { exact: false })).toBeVisible();

  await signIn(page, USERS.jane);
  const signInJourney = await expectJanesSignInTold(page);

  // Beneath, folded: the steps as the bank recorded them, oldest first.
  await signInJourney.getByText('What happened, step by step', { exact: false }).click();
  const titles = await signInJourney.getByRole('heading', { level: 4 }).allTextContents();
  const order = [
    'Authorization request',
    'Risk evaluation',
    'Sign-in step',
    'Message sent',
    'Signed in',
    'Tokens issued',
  ].map((title) => titles.indexOf(title));
  expect(
    order.every((index) => index >= 0),
    titles.join('\n'),
  ).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));

  await expect(step(page, 'Authorization request').first()).toContainText('PKCE (S256)');
  const risk = step(page, 'Risk evaluation');
  await expect(risk).toContainText('Risk LOW: none of the');
  await expect(risk.getByText('webdriver: did not fire')).toBeVisible();
  // The state machine is detail, in plain words first; no step that did nothing is shown.
  const password = step(page, 'Sign-in step').filter({ hasText: 'The password was checked.' });
  await expect(password).toContainText('USERNAME_PASSWORD_REQUIRED →');
  await expect(panel(page)).not.toContainText('moved the flow');
  for (const shown of await step(page, 'Sign-in step').all()) {
    const [from, to] = (await shown.locator('.font-monospace').innerText()).split(' → ');
    expect(from).not.toBe(to);
  }
  const token = step(page, 'Tokens issued').first();
  await expect(token).toContainText('"anybankUserType": "customer"');
  await expect(token.getByText('signature valid', { exact: true })).toHaveCount(2);
  // Secrets stay out: the panel shows no password.
  await expect(panel(page)).not.toContainText(DEMO_PASSWORD);
  await expectNoAxeViolations(page);

  // The e-mail's outbox link opens that very message, and the panel stays open.
  const sent = step(page, 'Message sent').filter({ hasText: 'one-time code' }).first();
  await expect(sent).toContainText('j******e@example.com');
  await sent.getByRole('link', { name: 'Open this message in the outbox' }).click();
  await expect(page).toHaveURL((url) => url.pathname === pageRoute('outbox').paths[0]);
  const linked = page.locator('article[aria-current="true"]');
  await expect(linked).toBeFocused();
  await expect(linked).toContainText('One-time code');
  await expect(panel(page)).toBeVisible();

  // Closing it hides the panel in this tab.
  await panel(page).getByRole('button', { name: 'Close Behind the scenes' }).click();
  await expect(panel(page)).toHaveCount(0);
});

test('opened after the sign-in, the panel replays it: this browser was watched from its first page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(panel(page)).toHaveCount(0);
  await signIn(page, USERS.jane);

  await page.getByRole('button', { name: 'Behind the scenes', exact: true }).click();
  await expect(panel(page)).toBeVisible();
  const signInJourney = await expectJanesSignInTold(page);
  await signInJourney.getByText('What happened, step by step', { exact: false }).click();
  await expect(step(page, 'Authorization request')).toHaveCount(1);
  await expect(step(page, 'Tokens issued')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
