import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  BANK_CLIENT,
  OAUTH_PATHS,
  PARTNER_CLIENTS,
  PAGE_ROUTES,
  pageRoute,
  type PageId,
  type PageRoute,
  type UserType,
  messages,
} from '@anybank/contracts';
import { signInThroughFlowApi } from './support/api-sign-in';
import { expectNoAxeViolations } from './support/axe';
import {
  USERS,
  expectLandedAs,
  expectUsernameStep,
  landingPathOf,
  type DemoUser,
} from './support/sign-in';

// Every page shows its own heading, to the users the page guard lets in (document 1 §2.1, §6):
// open pages to anyone, the others to a signed-in user of the right type. Each user type signs
// in once per describe and opens its pages one after another in the same tab, where the
// session (kept in sessionStorage) survives a page load.

const home = pageRoute('home');

/** Pages that start a sign-in on their own instead of staying: checked separately below. */
const SIGN_IN_STARTERS: readonly PageId[] = ['login', 'redirect'];

const openPages = PAGE_ROUTES.filter(
  (route) => route.access === 'anyone' && !SIGN_IN_STARTERS.includes(route.id),
);

function pagesFor(userType: UserType): PageRoute[] {
  return PAGE_ROUTES.filter((route) => route.access === userType || route.access === 'signed-in');
}

async function expectHeading(page: Page, route: PageRoute) {
  // One assertion for both facts (exactly one h1, with this text), so that a page which moves
  // on by itself cannot pass one half and fail the other.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([route.heading]);
}

async function expectHome(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectHeading(page, home);
}

/**
 * Answers the page's first authorization request with 204 No Content, so that the browser stays
 * on the page that started the sign-in; `requested` resolves with the URL it asked for.
 */
async function interceptSignInStart(page: Page): Promise<{ requested: Promise<URL> }> {
  const isAuthorization = (url: URL) => url.pathname === OAUTH_PATHS.authorization;
  let resolve!: (url: URL) => void;
  const requested = new Promise<URL>((done) => {
    resolve = done;
  });
  await page.route(
    isAuthorization,
    async (route) => {
      resolve(new URL(route.request().url()));
      await route.fulfill({ status: 204 });
    },
    { times: 1 },
  );
  // Wrapped: an async function returning the promise itself would wait for it.
  return { requested };
}

test.describe('signed out', () => {
  // The open pages are opened one after another in one tab, as the signed-in users' pages are
  // below: each is still a whole page load of its path, without a new browser context and a
  // first load of the app's scripts each time. Nothing a visitor does here signs them in.
  let context: BrowserContext;
  let visitor: Page;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    visitor = await context.newPage();
  });

  test.afterAll(async () => {
    await context.close();
  });

  for (const route of openPages) {
    for (const path of route.paths) {
      test(`opening ${path} shows the ${route.id} page's own heading "${route.heading}"`, async () => {
        await visitor.goto(path);
        await expectHeading(visitor, route);
      });
    }
  }

  test('opening /login shows its heading "Sign In" and starts the sign-in in the login modal', async ({
    page,
  }) => {
    const login = pageRoute('login');
    const { requested } = await interceptSignInStart(page);
    await page.goto(login.paths[0]!);
    const authorization = await requested;
    await expectHeading(page, login);
    expect(authorization.searchParams.get('client_id')).toBe(BANK_CLIENT.clientId);

    // The browser follows the sign-in the page started.
    await page.goto(authorization.toString());
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.has('flowId'));
    await expectUsernameStep(page);
  });

  test('opening /app/redirect?userType=AnyWealthAdvisor shows "Redirecting to sign in" and starts the advisor sign-in', async ({
    page,
  }) => {
    const redirect = pageRoute('redirect');
    const { requested } = await interceptSignInStart(page);
    await page.goto(`${redirect.paths[0]!}?userType=AnyWealthAdvisor`);
    const authorization = await requested;
    await expectHeading(page, redirect);
    expect(authorization.searchParams.get('client_id')).toBe(
      PARTNER_CLIENTS.AnyWealthAdvisor.clientId,
    );

    await page.goto(authorization.toString());
    await expectUsernameStep(page);
  });

  test('opening /app/redirect without a user type goes back to the home page', async ({ page }) => {
    await page.goto(pageRoute('redirect').paths[0]!);
    await expectHome(page);
  });

  test('opening /credit-card starts single sign-on to that page', async ({ page }) => {
    await page.goto(pageRoute('credit-card').paths[0]!);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.has('flowId'));
    await expectUsernameStep(page);
  });

  for (const id of ['dashboard', 'advisor', 'marketing', 'customer-service'] as const) {
    const path = pageRoute(id).paths[0]!;
    test(`opening ${path} sends a signed-out visitor home`, async ({ page }) => {
      await page.goto(path);
      await expectHome(page);
    });
  }
});

const SIGNED_IN_AS: readonly DemoUser[] = [USERS.emily, USERS.amy, USERS.maria, USERS.sam];

for (const user of SIGNED_IN_AS) {
  test.describe(`signed in as ${user.username} (${user.userType})`, () => {
    let context: BrowserContext;
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext();
      page = await context.newPage();
      await signInThroughFlowApi(page, user);
    });

    test.afterAll(async () => {
      await context.close();
    });

    for (const route of pagesFor(user.userType)) {
      for (const path of route.paths) {
        test(`opening ${path} shows the ${route.id} page's own heading "${route.heading}"`, async () => {
          await page.goto(path);
          await expectHeading(page, route);
        });
      }
    }

    test(`opening the home page sends them to ${landingPathOf(user.userType)}`, async () => {
      await page.goto(home.paths[0]!);
      await expectLandedAs(page, user);
    });

    if (user.userType === 'customer') {
      test('opening /app/advisor sends them to /banking', async () => {
        await page.goto(landingPathOf('AnyWealthAdvisor'));
        await expectLandedAs(page, user);
      });
    }
  });
}

test('an unknown path shows "Page not found" (404) with the site around it and a way home', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status(), 'the status of a direct load').toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.notFound.heading);
  for (const other of PAGE_ROUTES) {
    await expect(page.getByRole('heading', { name: other.heading, exact: true })).toHaveCount(0);
  }
  // The site's navigation is there, and the page's own way home works.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: messages.notFound.home, exact: true }).click();
  await expectHeading(page, home);
});
