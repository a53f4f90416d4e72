import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import { cardOffer } from './support/credit-card';
import { publicConfigOf } from './support/customers';
import {
  ADMIN_DATABASE_URL,
  NO_POSTGRESQL_REASON,
  startOwnServer,
  type OwnServer,
} from './support/own-server';
import { expectUsernameStep } from './support/sign-in';

// Document 1 §1, document 2 §2: page views go to the analytics sink only when a measurement id
// is configured; events only on the configured demo hosts; nothing is sent otherwise. The sink
// is intercepted: nothing serves its address.

const HOME_HEADING = pageRoute('home').heading;

/** Every request this context makes to an origin other than the bank's. */
function requestsLeaving(context: BrowserContext, bankOrigin: string): Request[] {
  const leaving: Request[] = [];
  context.on('request', (request) => {
    const { protocol, origin } = new URL(request.url());
    if ((protocol === 'http:' || protocol === 'https:') && origin !== bankOrigin) {
      leaving.push(request);
    }
  });
  return leaving;
}

/** Opens home, clicks the card offer (an event, and a new tab); answers the new tab. */
async function browseHomeAndCardOffer(page: Page, origin: string): Promise<Page> {
  await page.goto(`${origin}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([HOME_HEADING]);
  const opened = page.context().waitForEvent('page');
  await cardOffer(page).click();
  const tab = await opened;
  await expectUsernameStep(tab);
  return tab;
}

test('with no measurement id, nothing is sent anywhere but the bank', async ({ page, baseURL }) => {
  const bankOrigin = new URL(baseURL!).origin;
  expect((await publicConfigOf(page.request)).analyticsMeasurementId).toBeNull();
  const leaving = requestsLeaving(page.context(), bankOrigin);
  // Were anything sent to the default sink, it would be caught here rather than go out.
  await page
    .context()
    .route('https://www.google-analytics.com/**', (route) => route.fulfill({ status: 204 }));

  const tab = await browseHomeAndCardOffer(page, bankOrigin);
  await page.goto(`${bankOrigin}${pageRoute('outbox').paths[0]!}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('outbox').heading]);
  await tab.close();
  expect(leaving.map((request) => request.url())).toEqual([]);
});

test.describe('with a measurement id', () => {
  test.skip(!ADMIN_DATABASE_URL, NO_POSTGRESQL_REASON);

  const MEASUREMENT_ID = 'G-E2ETEST01';
  // A sink of the test's own (nothing serves it): the server lets the browser reach it (CSP).
  const COLLECTOR = 'http://collector.anybank.test/g/collect';
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    // A new database to migrate and seed, and a server to start, on a busy machine.
    test.setTimeout(120_000);
    server = await startOwnServer({
      ANALYTICS_MEASUREMENT_ID: MEASUREMENT_ID,
      ANALYTICS_COLLECTOR_URL: COLLECTOR,
      // The same server is reached as localhost (a demo host) and as 127.0.0.1 (not one).
      DEMO_HOSTS: 'localhost',
    });
  });

  test.afterAll(async () => {
    test.setTimeout(30_000);
    await server?.stop();
  });

  /** A context for the journey's server whose hits to the sink are caught and kept. */
  async function interceptedContext(browser: Browser) {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME_USER_AGENT });
    const hits: URL[] = [];
    await context.route(`${COLLECTOR}**`, async (route) => {
      hits.push(new URL(route.request().url()));
      await route.fulfill({ status: 204 });
    });
    return { context, hits };
  }

  const named = (hits: URL[], name: string) =>
    hits.filter((hit) => hit.searchParams.get('en') === name);
  /** Page views of the home page (also where a sign-on's login modal opens). */
  const homeViews = (hits: URL[], origin: string) =>
    named(hits, 'page_view').filter((hit) => hit.searchParams.get('dl') === `${origin}/`);

  test('on a demo host, page views and events go to the sink', async ({ browser }) => {
    const origin = server!.baseURL;
    const { context, hits } = await interceptedContext(browser);
    try {
      const page = await context.newPage();
      const tab = await browseHomeAndCardOffer(page, origin);

      await expect.poll(() => named(hits, 'select_promotion').length).toBe(1);
      const [event] = named(hits, 'select_promotion');
      expect(event!.searchParams.get('tid')).toBe(MEASUREMENT_ID);
      expect(event!.searchParams.get('ep.promotion_name')).toBe('AnyBank Rewards Visa');

      // The home page's view, and the new tab's at its sign-on (the flow id left out).
      await expect.poll(() => homeViews(hits, origin).length).toBeGreaterThanOrEqual(2);
      const [home] = homeViews(hits, origin);
      expect(home!.searchParams.get('tid')).toBe(MEASUREMENT_ID);
      expect(home!.searchParams.get('dt')).toBe(`${HOME_HEADING} | AnyBank`);
      for (const hit of hits) expect(hit.searchParams.get('dl')).not.toContain('flowId');
      await tab.close();
    } finally {
      await context.close();
    }
  });

  test('on a host that is not a demo host, page views go to the sink but events do not', async ({
    browser,
  }) => {
    const origin = server!.baseURL.replace('//localhost:', '//127.0.0.1:');
    const { context, hits } = await interceptedContext(browser);
    try {
      const page = await context.newPage();
      const tab = await browseHomeAndCardOffer(page, origin);
      // The new tab's page view comes after the click: had an event been sent, it would be here.
      await expect.poll(() => homeViews(hits, origin).length).toBeGreaterThanOrEqual(2);
      expect(hits.filter((hit) => hit.searchParams.get('en') !== 'page_view')).toEqual([]);
      await tab.close();
    } finally {
      await context.close();
    }
  });
});
