import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_THRESHOLDS_PATH,
  DEMO_CHAPTERS,
  DEMO_RESET_PATH,
  DEMO_SCENARIOS,
  demoScenario,
  pageRoute,
  demoMessages,
} from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { registerCustomer } from './support/customers';
import { signInThroughFlowApi } from './support/api-sign-in';
import { unlockPresenterTools } from './support/presenter';

// The guided scenario page. "Reset demo" resets the data of every later spec sharing this
// server, so here its dialog is opened and cancelled, never confirmed: the story after a reset
// runs on a server of its own (demo-story.spec.ts), and the reset's API in
// apps/server/test/demo-reset.api.test.ts.

const demo = pageRoute('demo');
const transferMoney = pageRoute('transfer-money');
const TRANSFER_ON_PHONE = demoScenario('transfer-approved-on-phone');

function scenarioCard(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

function startButton(page: Page, title: string) {
  return scenarioCard(page, title).getByRole('button', {
    name: demoMessages.startLabel(title),
    exact: true,
  });
}

async function expectOnDemoPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([demo.heading]);
}

test('the footer opens /demo, which lists every scenario with Start; signed out, a scenario for a signed-in customer says to sign in first; Reset demo asks first and Escape cancels', async ({
  page,
}) => {
  const resets: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(DEMO_RESET_PATH)) resets.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Demo scenarios', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === demo.paths[0]);
  await expectOnDemoPage(page);

  // The story, chapter by chapter, each scenario with its time and the way on to the next.
  await expect(page.getByRole('heading', { level: 2 })).toContainText(
    DEMO_CHAPTERS.map((chapter, index) =>
      demoMessages.chapterHeading(index + 1, demoMessages.chapters[chapter]),
    ),
  );
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(
    DEMO_SCENARIOS.map((scenario) => scenario.title),
  );
  const first = DEMO_SCENARIOS[0]!;
  const second = DEMO_SCENARIOS[1]!;
  await expect(
    scenarioCard(page, first.title).getByText(demoMessages.minutes(first.minutes)),
  ).toBeVisible();
  await scenarioCard(page, first.title)
    .getByRole('link', { name: demoMessages.next(second.title), exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.hash === `#scenario-${second.id}`);
  await expect(scenarioCard(page, second.title)).toBeInViewport();
  // A path in a step is a link to that page.
  await expect(
    scenarioCard(page, first.title).getByRole('link', {
      name: '/outbox?to=jane.doe@example.com',
      exact: true,
    }),
  ).toHaveAttribute('href', '/outbox?to=jane.doe@example.com');
  for (const scenario of DEMO_SCENARIOS) {
    await expect(startButton(page, scenario.title)).toBeEnabled();
  }
  await expectNoAxeViolations(page);

  // The demo admin API acts on the signed-in customer: signed out, Start stays on the page.
  await startButton(page, TRANSFER_ON_PHONE.title).click();
  await expect(scenarioCard(page, TRANSFER_ON_PHONE.title).getByRole('alert')).toHaveText(
    demoMessages.signInFirst('john.smith'),
  );
  await expect(page).toHaveURL((url) => url.pathname === demo.paths[0]);

  // Reset demo resets everyone's demo: the presenter secret first (README "Demo tools").
  const resetButton = page.getByRole('button', { name: demoMessages.resetButton, exact: true });
  await expect(resetButton).toHaveCount(0);
  await unlockPresenterTools(page);
  await resetButton.click();
  const dialog = page.getByRole('dialog', { name: demoMessages.resetConfirmTitle });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: demoMessages.resetCancel, exact: true }),
  ).toBeFocused();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(resetButton).toBeFocused();
  expect(resets, 'no reset was sent').toEqual([]);
});

test('"Start" on "Transfer approved on the phone" sets the default thresholds on the signed-in customer and opens the transfer page with the panel open', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'demo');
  await signInThroughFlowApi(page, customer);
  await page.goto(demo.paths[0]!);
  await expectOnDemoPage(page);

  const thresholds = page.waitForResponse(
    (response) =>
      response.url().includes(ADMIN_THRESHOLDS_PATH) && response.request().method() === 'PUT',
  );
  await startButton(page, TRANSFER_ON_PHONE.title).click();
  expect((await thresholds).status()).toBe(200);

  await expect(page).toHaveURL(
    (url) => url.pathname === transferMoney.paths[0] && url.searchParams.get('inspect') === '1',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([transferMoney.heading]);

  await expect(
    page.getByRole('complementary', { name: 'Behind the scenes', exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('while the demo tools are on, the home page says how to sign in to the demo and links the guided scenarios; dismissed, the note stays away in this browser', async ({
  page,
}) => {
  await page.goto('/');
  const note = page.getByRole('note', { name: demoMessages.homeNoteLabel, exact: true });
  await expect(note).toHaveText(demoMessages.homeNote);
  await expect(note.getByRole('link', { name: demoMessages.homeNoteLink })).toHaveAttribute(
    'href',
    demo.paths[0]!,
  );
  await expectNoAxeViolations(page);
  await note.getByRole('button', { name: demoMessages.homeNoteDismiss, exact: true }).click();
  await expect(note).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('home').heading]);
  await expect(note).toHaveCount(0);
});

test('a scenario ticked done stays ticked in this browser, and the page counts it', async ({
  page,
}) => {
  const scenario = DEMO_SCENARIOS[0]!;
  await page.goto(demo.paths[0]!);
  await expectOnDemoPage(page);
  const tick = scenarioCard(page, scenario.title).getByRole('checkbox', {
    name: demoMessages.doneLabel(scenario.title),
    exact: true,
  });
  await expect(page.getByText(demoMessages.progress(0, DEMO_SCENARIOS.length))).toBeVisible();
  await tick.check();
  await expect(page.getByText(demoMessages.progress(1, DEMO_SCENARIOS.length))).toBeVisible();
  await page.reload();
  await expect(tick).toBeChecked();
  await tick.uncheck();
  await expect(page.getByText(demoMessages.progress(0, DEMO_SCENARIOS.length))).toBeVisible();
});
