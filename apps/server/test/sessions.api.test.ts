import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BALANCES_API_PATH,
  BANK_CLIENT,
  PASSWORD_CHANGE_API_PATH,
  SESSION_CHECK_API_PATH,
  SIGN_IN_SESSIONS_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  STEP_UP_REQUIRED,
  passwordChangeResponseSchema,
  sessionsEndedSchema,
  signInSessionsResponseSchema,
} from '@anybank/contracts';
import { buildServer } from '../src/app';
import { auditEvents, oidcModels, signInSessions, users } from '../src/db/schema';
import { purgeEndedSessionRecords } from '../src/modules/identity/oauth/sessions.store';
import { seedDemoData } from '../src/seed/seed';
import { apiClient, userIdOf } from './banking-server';
import { BrowserSession, freePort } from './browser-session';
import { PERSON_RISK_PAYLOAD, SignInDriver, stepUp, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'Quiet.Harbour!Lantern42';

/** A browser that says which one it is, as a real one does with every request. */
class NamedBrowser extends BrowserSession {
  constructor(
    origin: string,
    private readonly userAgent: string,
  ) {
    super(origin);
  }

  override fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('user-agent', this.userAgent);
    return super.fetch(path, { ...init, headers });
  }
}

/**
 * Through the real server: each browser jane signs in with is a session she sees
 * on Sign In & Password, and ending one (or every other one, or all with a password change)
 * ends its tokens at the very next API call.
 */
// One database (API_DATABASES): sessions over HTTP, one request at a time.
describe.each(API_DATABASES)('sessions you can see and end on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let janeId: string;
  let seededJane: typeof users.$inferSelect;
  /** How far the server's clock is ahead of the real one (to age a sign-in past the step-up). */
  let clockOffset = 0;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    await seedDemoData(test.handle.db);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    server = await buildServer({
      config: testConfig({
        PORT: String(port),
        PUBLIC_URL: origin,
        RATE_LIMIT_PER_MINUTE: '1000000',
      }),
      database: test.handle,
      webDistDir: '/nonexistent',
      clock: () => new Date(Date.now() + clockOffset),
    });
    await server.app.listen({ port, host: '127.0.0.1' });
    janeId = await userIdOf(test, 'jane.doe');
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, janeId));
    if (!row) throw new Error('jane.doe is not seeded');
    seededJane = row;
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  beforeEach(async () => {
    clockOffset = 0;
    // No session from an earlier test, and jane's seeded password back.
    await test.handle.db.delete(oidcModels);
    await test.handle.db.delete(signInSessions);
    await test.handle.db
      .update(users)
      .set({ passwordHash: seededJane.passwordHash })
      .where(eq(users.id, janeId));
  });

  /** A whole sign-in in a browser of its own; answers its access token. */
  async function signIn(userAgent: string, uid = 'jane.doe', password?: string) {
    const driver = new SignInDriver(origin, BANK_CLIENT, new NamedBrowser(origin, userAgent));
    const landing = await driver.signInWithPasswordAndEmail(uid, `${uid}@example.com`, password);
    const response = await driver.token(landing.searchParams.get('code') ?? '');
    const { access_token: token } = (await response.json()) as { access_token: string };
    return { token, api: apiClient(origin, token), driver };
  }

  /** The password step's status for jane's sign-in with this password. */
  async function passwordStepStatus(password: string): Promise<number> {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.read();
    await driver.post('submitIdentifier', {
      identifier: 'jane.doe',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    return (await driver.post('checkUsernamePassword', { username: 'jane.doe', password })).status;
  }

  async function sessionsSeenBy(api: ReturnType<typeof apiClient>) {
    const response = await api(SIGN_IN_SESSIONS_API_PATH);
    expect(response.status).toBe(200);
    return signInSessionsResponseSchema.parse(await response.json()).sessions;
  }

  async function auditMark(): Promise<number> {
    const [row] = await test.handle.db.select({ last: max(auditEvents.id) }).from(auditEvents);
    return Number(row?.last ?? 0);
  }

  async function endedSince(mark: number) {
    return test.handle.db
      .select({ userId: auditEvents.userId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'session.ended'), gt(auditEvents.id, mark)))
      .orderBy(auditEvents.id);
  }

  it('lists each browser jane is signed in with: browser, platform, place, times, and which one is this', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    await signIn(SAFARI_ON_IPHONE);

    const sessions = await sessionsSeenBy(laptop.api);
    expect(sessions).toHaveLength(2);
    const [here, phone] = sessions;
    expect(here).toMatchObject({
      browser: 'Chrome 131',
      platform: 'Windows',
      place: 'This computer',
      address: '127.0.0.1',
      current: true,
    });
    expect(phone).toMatchObject({ browser: 'Safari 18', platform: 'iPhone', current: false });
    for (const session of sessions) {
      expect(Math.abs(Date.parse(session.signedInAt) - Date.now())).toBeLessThan(60_000);
      expect(Date.parse(session.lastActiveAt)).toBeGreaterThanOrEqual(
        Date.parse(session.signedInAt),
      );
    }
  });

  it('signs the other browser out: its next API call is refused with 401, this one goes on, and it is audited', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);
    const other = (await sessionsSeenBy(laptop.api)).find((session) => !session.current);
    expect((await phone.api(BALANCES_API_PATH)).status).toBe(200);
    const mark = await auditMark();

    const ended = await laptop.api(`${SIGN_IN_SESSIONS_API_PATH}/${other?.id}`, {
      method: 'DELETE',
    });

    expect(ended.status).toBe(204);
    const refused = await phone.api(BALANCES_API_PATH);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'session_ended' });
    expect((await laptop.api(BALANCES_API_PATH)).status).toBe(200);
    expect((await sessionsSeenBy(laptop.api)).map((session) => session.current)).toEqual([true]);
    expect(await endedSince(mark)).toEqual([
      { userId: janeId, details: { sessionId: other?.id, via: 'customer', grantsEnded: 1 } },
    ]);
    // Its grant and session rows are gone: the browser's cookie signs nothing in any more.
    const left = await test.handle.db
      .select({ model: oidcModels.model })
      .from(oidcModels)
      .where(eq(oidcModels.uid, other?.id ?? ''));
    expect(left).toEqual([]);
  });

  it('does not let another customer end jane’s session: 404, and it goes on', async () => {
    const jane = await signIn(CHROME_ON_WINDOWS);
    const michael = await signIn(FIREFOX_ON_MAC, 'michael.brown');
    const [janes] = await sessionsSeenBy(jane.api);
    const mark = await auditMark();

    const answer = await michael.api(`${SIGN_IN_SESSIONS_API_PATH}/${janes?.id}`, {
      method: 'DELETE',
    });

    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'session_not_found' });
    expect((await jane.api(BALANCES_API_PATH)).status).toBe(200);
    expect(await sessionsSeenBy(jane.api)).toHaveLength(1);
    // Nor does michael see it among his.
    expect((await sessionsSeenBy(michael.api)).map((session) => session.id)).not.toContain(
      janes?.id,
    );
    expect(await endedSince(mark)).toEqual([]);
  });

  it('signing out everywhere else ends every other session of jane and keeps this one', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);
    const tablet = await signIn(FIREFOX_ON_MAC);
    const michael = await signIn(FIREFOX_ON_MAC, 'michael.brown');

    const answer = await laptop.api(SIGN_OUT_OTHER_SESSIONS_API_PATH, { method: 'POST' });

    expect(answer.status).toBe(200);
    expect(sessionsEndedSchema.parse(await answer.json())).toEqual({ ended: 2 });
    expect((await phone.api(BALANCES_API_PATH)).status).toBe(401);
    expect((await tablet.api(BALANCES_API_PATH)).status).toBe(401);
    expect((await laptop.api(BALANCES_API_PATH)).status).toBe(200);
    // Another customer's session is none of hers.
    expect((await michael.api(BALANCES_API_PATH)).status).toBe(200);
    expect(await sessionsSeenBy(laptop.api)).toMatchObject([{ current: true }]);
  });

  it('writes the last activity on a session’s first API call, then at most once a minute', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60 * 1000);
    const lastActive = async () => {
      const [row] = await test.handle.db
        .select({ at: signInSessions.lastActiveAt })
        .from(signInSessions);
      return row?.at.getTime() ?? 0;
    };
    await test.handle.db.update(signInSessions).set({ lastActiveAt: twoMinutesAgo });

    expect((await laptop.api(BALANCES_API_PATH)).status).toBe(200);
    expect(await lastActive()).toBeGreaterThan(Date.now() - 60_000);

    // Within the minute another call writes nothing (the instance remembers its last write).
    await test.handle.db.update(signInSessions).set({ lastActiveAt: twoMinutesAgo });
    expect((await laptop.api(BALANCES_API_PATH)).status).toBe(200);
    expect(await lastActive()).toBe(twoMinutesAgo.getTime());
  });

  it('answers a tab asking whether its session lives: 204 while it does, without writing "last active"; 401 session_ended once another browser signed it out', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60 * 1000);
    await test.handle.db.update(signInSessions).set({ lastActiveAt: twoMinutesAgo });

    expect((await phone.api(SESSION_CHECK_API_PATH)).status).toBe(204);
    const lastActive = await test.handle.db
      .select({ at: signInSessions.lastActiveAt })
      .from(signInSessions);
    expect(lastActive.map((row) => row.at.getTime())).toEqual([
      twoMinutesAgo.getTime(),
      twoMinutesAgo.getTime(),
    ]);

    expect((await laptop.api(SIGN_OUT_OTHER_SESSIONS_API_PATH, { method: 'POST' })).status).toBe(
      200,
    );
    const refused = await phone.api(SESSION_CHECK_API_PATH);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'session_ended' });
    expect((await laptop.api(SESSION_CHECK_API_PATH)).status).toBe(204);
  });

  it('forgets the record of a session signed out by itself, and keeps the live one’s', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);
    await phone.driver.signOut(`${origin}/`);

    await purgeEndedSessionRecords(test.handle.db);

    const records = await test.handle.db.select().from(signInSessions);
    expect(records.map((record) => record.userAgent)).toEqual([CHROME_ON_WINDOWS]);
    expect(await sessionsSeenBy(laptop.api)).toMatchObject([{ current: true }]);
  });

  it('a password change with the default box ends every other session of jane and keeps this one', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);
    const mark = await auditMark();

    // A new password is a new way in: a step-up made for it (docs/security.md, step-up).
    await stepUp(origin, laptop.token);
    const answer = await laptop.api(PASSWORD_CHANGE_API_PATH, {
      method: 'POST',
      body: { newPassword: NEW_PASSWORD },
    });

    expect(answer.status).toBe(200);
    expect(passwordChangeResponseSchema.parse(await answer.json())).toEqual({ sessionsEnded: 1 });
    expect((await phone.api(BALANCES_API_PATH)).status).toBe(401);
    expect((await laptop.api(BALANCES_API_PATH)).status).toBe(200);
    expect(await endedSince(mark)).toMatchObject([
      { userId: janeId, details: { via: 'password-change' } },
    ]);
    // The old password no longer signs in; the new one does.
    expect(await passwordStepStatus('Welcome2Bank!')).toBe(401);
    expect(await passwordStepStatus(NEW_PASSWORD)).toBe(200);
  });

  it('a password change with the box cleared keeps the other sessions', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);

    // A new password is a new way in: a step-up made for it (docs/security.md, step-up).
    await stepUp(origin, laptop.token);
    const answer = await laptop.api(PASSWORD_CHANGE_API_PATH, {
      method: 'POST',
      body: { newPassword: NEW_PASSWORD, signOutOtherSessions: false },
    });

    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ sessionsEnded: 0 });
    expect((await phone.api(BALANCES_API_PATH)).status).toBe(200);
  });

  it('refuses a password the new-password check refuses (here the spec’s rule), ending nothing and changing nothing', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);
    // With the step-up a new password needs, so that the password itself is what is refused.
    await stepUp(origin, laptop.token);

    const answer = await laptop.api(PASSWORD_CHANGE_API_PATH, {
      method: 'POST',
      body: { newPassword: 'short' },
    });

    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'password_policy' });
    expect((await phone.api(BALANCES_API_PATH)).status).toBe(200);
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, janeId));
    expect(row?.passwordHash).toBe(seededJane.passwordHash);
  });

  /** Forgot password in a browser of its own, with the box as given (absent: the default). */
  async function resetPassword(signOutOtherSessions?: boolean) {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post({ action: 'initiateAccountRecovery' });
    await driver.post({ action: 'submitRecoveryUsername' }, { username: 'jane.doe' });
    const recoveryCode = await driver.latestCode('jane.doe@example.com');
    const reset = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode, newPassword: NEW_PASSWORD, signOutOtherSessions },
    );
    expect(reset.body.status).toBe('SUCCESSFUL_PASSWORD_RESET');
  }

  it('a forgot-password reset with the default box ends every session of jane, audited', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);
    const mark = await auditMark();

    await resetPassword();

    expect((await laptop.api(BALANCES_API_PATH)).status).toBe(401);
    expect((await phone.api(BALANCES_API_PATH)).status).toBe(401);
    expect(await endedSince(mark)).toMatchObject([
      { userId: janeId, details: { via: 'password-reset' } },
      { userId: janeId, details: { via: 'password-reset' } },
    ]);
  });

  it('a forgot-password reset with the box cleared keeps jane’s sessions', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);

    await resetPassword(false);

    expect((await laptop.api(BALANCES_API_PATH)).status).toBe(200);
  });

  it('asks for a step-up made for the change, however fresh the sign-in, and changes nothing', async () => {
    const laptop = await signIn(CHROME_ON_WINDOWS);
    const phone = await signIn(SAFARI_ON_IPHONE);

    const answer = await laptop.api(PASSWORD_CHANGE_API_PATH, {
      method: 'POST',
      body: { newPassword: NEW_PASSWORD },
    });

    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: STEP_UP_REQUIRED });
    expect((await phone.api(BALANCES_API_PATH)).status).toBe(200);
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, janeId));
    expect(row?.passwordHash).toBe(seededJane.passwordHash);
  });
});
