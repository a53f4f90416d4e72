import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  DEFAULT_PRODUCT_ID,
  DEMO_PASSWORD,
  OAUTH_PATHS,
  PAGE_ROUTES,
  PARTNER_CLIENTS,
  PARTNER_LOGINS,
  SESSION_ITEMS,
  outboxResponseSchema,
  pageRoute,
  sessionItemName,
  type OutboxMessage,
  type SessionItem,
  type UserType,
} from '@anybank/contracts';

/**
 * The steps of a sign-in as a person takes them: open the home page, click Sign In (or a
 * footer partner login), type the username and password, choose where the code goes, read it
 * from the mailbox (the dev outbox), type it. Every step waits for what the person waits for.
 */

export { DEMO_PASSWORD };

export interface DemoUser {
  username: string;
  userType: UserType;
  /** The e-mail address their codes go to. */
  email: string;
  /** Their password when it is not the demo one (a registered customer's, which must be strong). */
  password?: string;
}

function demoUser(username: string, userType: UserType = 'customer'): DemoUser {
  return { username, userType, email: `${username}@example.com` };
}

/**
 * The seeded demo users (README "Demo accounts"), with the spec that uses each. Tests share one
 * server: a journey that changes a user's state (a lock, the risk override, a remembered
 * username, failed sign-ins that raise the user's risk) has its user to itself.
 */
export const USERS = {
  /**
   * Password, then a choice of e-mail or SMS (+15551234567). sign-in.spec.ts; pairs an
   * authenticator app from her profile in profile-devices.spec.ts (still a choice, e-mail in it);
   * makes recovery codes and signs in with one in recovery-codes.spec.ts (her devices unchanged).
   */
  jane: demoUser('jane.doe'),
  /** Device preference: no password; his only active device is e-mail. sign-in.spec.ts. */
  john: demoUser('john.smith'),
  /** sign-in.spec.ts and routes.spec.ts: signing in and out changes nothing of hers. */
  amy: demoUser('amy.davis', 'AnyWealthAdvisor'),
  /** routes.spec.ts. */
  maria: demoUser('maria.lopez', 'AnyMarketing'),
  /** routes.spec.ts. */
  sam: demoUser('sam.rivera', 'CustomerServiceRep'),
  /** routes.spec.ts. */
  emily: demoUser('emily.chen'),
  /** Locked by five wrong passwords. sign-in.spec.ts. */
  michael: demoUser('michael.brown'),
  /** Her username is remembered. sign-in.spec.ts. */
  sofia: demoUser('sofia.garcia'),
  /** E-mail is his only device; five wrong codes. sign-in.spec.ts. */
  david: demoUser('david.wilson'),
  /** The high-risk override. sign-in.spec.ts. */
  olivia: demoUser('olivia.martin'),
  /** idle-session.spec.ts. */
  ava: demoUser('ava.thomas'),
  /** Signs out; his old token is tried. sign-in.spec.ts. */
  liam: demoUser('liam.anderson'),
  /** Resets his forgotten password: his password changes. recovery.spec.ts. */
  james: demoUser('james.taylor'),
  /** automation.spec.ts. */
  mia: demoUser('mia.jackson'),
  /**
   * login-modal-a11y.spec.ts; signed-out-elsewhere.spec.ts signs his other browsers out, on a
   * server of its own.
   */
  noah: demoUser('noah.white'),
} as const;

/** Where each user type lands after signing in: its default page (document 1 §6). */
export function landingPathOf(userType: UserType): string {
  return userType === 'customer'
    ? pageRoute('dashboard').paths[0]!
    : PARTNER_CLIENTS[userType].returnPath;
}

/** The heading of the page a user type lands on. */
export function landingHeadingOf(userType: UserType): string {
  const path = landingPathOf(userType);
  const route = PAGE_ROUTES.find((candidate) => candidate.paths.includes(path));
  if (!route) throw new Error(`No page route has the path ${path}`);
  return route.heading;
}

/** The name a session item has in sessionStorage (`{product}UserType` → `anybankUserType`). */
export function storageName(item: SessionItem): string {
  return sessionItemName(item, DEFAULT_PRODUCT_ID);
}

/** All of document 1 §3.6's session items this tab holds, by their stored names. */
export async function sessionItems(page: Page): Promise<Record<string, string>> {
  const names = SESSION_ITEMS.map(storageName);
  return page.evaluate((keys) => {
    const found: Record<string, string> = {};
    for (const key of keys) {
      const value = window.sessionStorage.getItem(key);
      if (value !== null) found[key] = value;
    }
    return found;
  }, names);
}

export async function sessionItem(page: Page, item: SessionItem): Promise<string | null> {
  const name = storageName(item);
  return page.evaluate((key) => window.sessionStorage.getItem(key), name);
}

/** The login modal: the dialog with the 'Close sign in' button, whatever step it shows. */
export function loginModal(page: Page): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Close sign in', exact: true }) });
}

/** The error modal (document 1 §2.5): the dialog that offers Try Again outside the login modal. */
export function errorModal(page: Page): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Try Again', exact: true }) })
    .filter({ hasNot: page.getByRole('button', { name: 'Close sign in', exact: true }) });
}

export function usernameField(page: Page): Locator {
  return loginModal(page).getByLabel('Username', { exact: true });
}

export function passwordField(page: Page): Locator {
  return loginModal(page).getByLabel('Password', { exact: true });
}

export function codeField(page: Page): Locator {
  return loginModal(page).getByLabel('One-time code', { exact: true });
}

/** The step headings of the login modal's tabs 1, 2 and 3. */
export const STEP_HEADINGS = {
  username: 'Sign in',
  method: 'Choose a sign-in method',
  code: 'Enter your one-time code',
} as const;

export function stepHeading(page: Page, step: keyof typeof STEP_HEADINGS): Locator {
  return loginModal(page).getByRole('heading', { name: STEP_HEADINGS[step], exact: true });
}

/** The login modal is open at the username step. */
export async function expectUsernameStep(page: Page): Promise<void> {
  await expect(stepHeading(page, 'username')).toBeVisible();
  await expect(usernameField(page)).toBeEditable();
}

/** Opens the home page and clicks the navbar's Sign In; the modal asks for the username. */
export async function openSignIn(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('home').heading]);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectUsernameStep(page);
}

/** Opens the home page and clicks a footer partner login ('Advisor Login', …). */
export async function openPartnerSignIn(page: Page, userType: Exclude<UserType, 'customer'>) {
  const label = PARTNER_LOGINS.find((login) => login.userType === userType)!.label;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('home').heading]);
  await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
  await expectUsernameStep(page);
}

export async function enterUsername(page: Page, username: string): Promise<void> {
  await usernameField(page).fill(username);
  await loginModal(page).getByRole('button', { name: 'Next', exact: true }).click();
}

export async function enterPassword(
  page: Page,
  password: string = DEMO_PASSWORD,
  { remember }: { remember?: boolean } = {},
): Promise<void> {
  const field = passwordField(page);
  await expect(field).toBeEditable();
  await field.fill(password);
  if (remember !== undefined) {
    await loginModal(page)
      .getByRole('checkbox', { name: 'Remember my username', exact: true })
      .setChecked(remember);
  }
  await loginModal(page).getByRole('button', { name: 'Submit', exact: true }).click();
}

/** A regular expression that matches `text` literally. */
export function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Picks a sign-in method by its name ('Email', 'SMS', 'iPhone', 'Authenticator app', 'This
 * device (passkey)') and submits the choice. A method's accessible name starts with its name;
 * its masked target follows. A RegExp picks by the whole name (one of two e-mail addresses).
 */
export async function chooseMethod(page: Page, method: string | RegExp): Promise<void> {
  const modal = loginModal(page);
  await expect(stepHeading(page, 'method')).toBeVisible();
  const name = typeof method === 'string' ? new RegExp(`^${literally(method)}`) : method;
  await modal.getByRole('radio', { name }).check();
  await modal.getByRole('button', { name: 'Submit', exact: true }).click();
}

export async function enterCode(page: Page, code: string): Promise<void> {
  const field = codeField(page);
  await expect(field).toBeEditable();
  await field.fill(code);
  await loginModal(page).getByRole('button', { name: 'Submit', exact: true }).click();
}

/**
 * The mailbox: `GET /api/dev/outbox?to=` answers the address's messages, newest first. A
 * mailbox remembers what its owner last saw, so that only a code sent afterwards is read.
 */
export class Mailbox {
  private lastSeen: string | null = null;

  private constructor(
    private readonly request: APIRequestContext,
    readonly address: string,
  ) {}

  /** Opens the mailbox and notes its newest message: codes already there are old. */
  static async open(request: APIRequestContext, address: string): Promise<Mailbox> {
    const mailbox = new Mailbox(request, address);
    mailbox.lastSeen = (await mailbox.newest())?.id ?? null;
    return mailbox;
  }

  private async newest(): Promise<OutboxMessage | null> {
    const response = await this.request.get('/api/dev/outbox', {
      params: { to: this.address, limit: 1 },
    });
    expect(response.status(), `outbox for ${this.address}`).toBe(200);
    return outboxResponseSchema.parse(await response.json()).messages[0] ?? null;
  }

  /**
   * Waits for a message newer than the last one read that `accept` takes (by default any), and
   * reads it. `description` names what is awaited in the failure message.
   */
  async readNewMessage(
    description = 'a new message',
    accept: (message: OutboxMessage) => boolean = () => true,
  ): Promise<OutboxMessage> {
    let found: OutboxMessage | null = null;
    await expect
      .poll(
        async () => {
          const message = await this.newest();
          if (!message || message.id === this.lastSeen || !accept(message)) return false;
          this.lastSeen = message.id;
          found = message;
          return true;
        },
        { message: `${description} in the mailbox of ${this.address}` },
      )
      .toBe(true);
    return found!;
  }

  /**
   * Waits for a message newer than the last one read, and reads its code: by default a
   * six-digit one-time code; `pattern` for another kind (the 8-character recovery code).
   */
  async readNewCode(pattern: RegExp = /^\d{6}$/): Promise<string> {
    const message = await this.readNewMessage(
      `a new code matching ${pattern}`,
      (candidate) => candidate.code !== null,
    );
    expect(message.code, `the code of "${message.subject ?? message.body}"`).toMatch(pattern);
    return message.code!;
  }
}

/**
 * A whole sign-in from the home page: Sign In for a customer, the footer partner login for a
 * partner; username, the password if the flow asks for it, e-mail if there is a choice of
 * methods, the e-mailed code. Ends once the user is on their type's default page.
 */
export async function signIn(page: Page, user: DemoUser): Promise<void> {
  const mailbox = await Mailbox.open(page.request, user.email);
  if (user.userType === 'customer') await openSignIn(page);
  else await openPartnerSignIn(page, user.userType);
  await enterUsername(page, user.username);

  const passwordStep = passwordField(page);
  // The choices themselves: tab 2 may show its heading over 'Checking this device…' first.
  const methodStep = loginModal(page).getByRole('radio').first();
  const codeStep = stepHeading(page, 'code');
  await expect(passwordStep.or(methodStep).or(codeStep)).toBeVisible();
  if (await passwordStep.isVisible()) {
    await enterPassword(page, user.password);
    await expect(methodStep.or(codeStep)).toBeVisible();
  }
  if (await methodStep.isVisible()) await chooseMethod(page, 'Email');
  await expect(codeStep).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  await declinePairingOffer(page, user);
  await expectLandedAs(page, user);
}

/**
 * A user with a single sign-in method is offered to add another (tab 8); these journeys answer
 * 'Not now'. Users with two methods go straight on.
 */
export async function declinePairingOffer(page: Page, user: DemoUser): Promise<void> {
  const offer = loginModal(page).getByRole('heading', { name: 'Add another way to sign in' });
  const landed = page.getByRole('heading', { level: 1, name: landingHeadingOf(user.userType) });
  await expect(offer.or(landed)).toBeVisible();
  if (await offer.isVisible()) {
    await loginModal(page).getByRole('button', { name: 'Not now', exact: true }).click();
  }
}

/** The user is on their type's default page, signed in (the session names them). */
export async function expectLandedAs(page: Page, user: DemoUser): Promise<void> {
  await expect(page).toHaveURL(
    (url) => url.pathname === landingPathOf(user.userType) && url.search === '',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([
    landingHeadingOf(user.userType),
  ]);
  await expect.poll(() => sessionItem(page, '{product}UserType')).toBe(user.userType);
}

/** Clicks the navbar's Sign Out. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
}

/**
 * A customer's Sign Out, to its end: the single logout sends the browser home, signed out.
 * Waits for that, so that the next navigation does not cut the sign-out short.
 */
export async function signOutToHome(page: Page): Promise<void> {
  // The end-session endpoint confirms by itself, then redirects home: that last page load.
  const home = page.waitForResponse((response) => {
    const from = response.request().redirectedFrom();
    return (
      response.request().isNavigationRequest() &&
      new URL(response.url()).pathname === '/' &&
      from !== null &&
      new URL(from.url()).pathname.startsWith(OAUTH_PATHS.endSession)
    );
  });
  await signOut(page);
  await home;
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('home').heading]);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await sessionItems(page)).toEqual({});
}
