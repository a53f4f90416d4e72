import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_CLIENT,
  REMEMBERED_BROWSER_COOKIE,
  RISK_API_PATH,
  DEVICE_COOKIE,
  PASSWORD_CHANGE_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  XSRF_HEADER,
  outboxResponseSchema,
} from '@anybank/contracts';
import { auditEvents, users } from '../src/db/schema';
import { apiClient, startBankingServer, userIdOf } from './banking-server';
import { fetchFrom } from './client-address';
import { SignInDriver, stepUp, type Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { browserWith, rememberedBrowserSignIn } from './remembered-browser-sign-in';

/**
 * "Don't ask again on this browser for 30 days". A browser remembered after a
 * second factor skips it at the next password sign-in at LOW risk; never for another browser,
 * another customer, at MEDIUM or HIGH risk, after a risk denial, or once forgotten.
 */

/** A new password that passes the strength check (not the demo password). */
const NEW_PASSWORD = 'Quiet.Harbour!Lantern58';

// One database (API_DATABASES): whole sign-ins over HTTP, one request at a time.
describe.each(API_DATABASES)('remembered browsers on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const {
    upToPassword,
    password,
    emailCode,
    continueToResume,
    signInRemembering,
    tokenAfter,
    signOut,
    nextSignIn,
    listOf,
    forget,
    audited,
  } = rememberedBrowserSignIn(() => ({ origin, test }));

  it('a browser remembered after the e-mail code skips the second factor at low risk, and amr and the audit say so', async () => {
    const browser = browserWith(origin, 'jane-laptop-0001');
    const { driver: first, response, token } = await signInRemembering(browser, 'jane.doe');
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${REMEMBERED_BROWSER_COOKIE}=`));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Max-Age=2592000/i);
    expect(cookie).not.toMatch(/; Secure/i);
    const [remembered] = await audited('jane.doe', 'browser.remembered');
    expect(remembered?.details).toMatchObject({ browser: 'Chrome 156 on Linux' });
    const mail = await fetch(new URL('/api/dev/outbox?to=jane.doe@example.com&limit=5', origin));
    const subjects = outboxResponseSchema.parse(await mail.json()).messages.map((m) => m.subject);
    expect(subjects).toContain('A browser will no longer ask for your AnyBank second factor');
    const [listed] = await listOf(browser, token);
    expect(listed).toMatchObject({ browser: 'Chrome 156', platform: 'Linux', current: true });
    expect(listed?.lastUsedAt).toBeNull();
    await signOut(first);

    const { driver, afterPassword } = await nextSignIn(browser, 'jane.doe');
    expect(afterPassword.status, 'no second factor asked').toBe('MFA_COMPLETED');
    const { body } = await continueToResume(driver, false);
    const again = await tokenAfter(driver, body.resumeUrl ?? '');
    const succeeded = (await audited('jane.doe', 'signin.succeeded')).at(-1);
    expect(succeeded?.details).toMatchObject({
      amr: ['pwd', 'rba'],
      rememberedBrowserId: listed?.id,
    });
    expect((await listOf(browser, again))[0]?.lastUsedAt).not.toBeNull();
  });

  it('the remembrance in another browser (without its device cookie), or for another customer, skips nothing', async () => {
    const laptop = browserWith(origin, 'emily-laptop-0002');
    await signOut((await signInRemembering(laptop, 'emily.chen')).driver);
    // The device cookie is HttpOnly too: the page's script can copy neither.
    expect(laptop.session.cookie(DEVICE_COOKIE)).toBeDefined();
    // Her remembrance token and her device id (the page sends that one in clear) copied to
    // another browser, which has a device cookie of its own.
    const copied = browserWith(origin, 'emily-laptop-0002');
    copied.session.holdCookie(
      REMEMBERED_BROWSER_COOKIE,
      laptop.session.cookie(REMEMBERED_BROWSER_COOKIE) ?? '',
    );
    expect((await nextSignIn(copied, 'emily.chen')).afterPassword.status).not.toBe('MFA_COMPLETED');
    // Her device id alone, in a browser without her cookies.
    const sameId = browserWith(origin, 'emily-laptop-0002');
    expect((await nextSignIn(sameId, 'emily.chen')).afterPassword.status).not.toBe('MFA_COMPLETED');
    // Someone else signing in on her remembered browser.
    expect((await nextSignIn(laptop, 'olivia.martin')).afterPassword.status).not.toBe(
      'MFA_COMPLETED',
    );
    // Her own next sign-in there still skips, whatever device id its page reports.
    const reported = { ...laptop, payload: { ...laptop.payload, deviceId: 'renamed-0002' } };
    expect((await nextSignIn(reported, 'emily.chen')).afterPassword.status).toBe('MFA_COMPLETED');
  });

  it('a password change forgets every remembered browser: the next sign-in asks again', async () => {
    const laptop = browserWith(origin, 'noah-laptop-0009');
    const { driver, token } = await signInRemembering(laptop, 'noah.white');
    const [mine] = await listOf(laptop, token);
    // A new password needs a step-up made for it (docs/security.md); then, with "sign out other
    // sessions" unticked, the remembrance ends all the same.
    await stepUp(origin, token);
    const changed = await apiClient(origin, token)(PASSWORD_CHANGE_API_PATH, {
      method: 'POST',
      body: { newPassword: NEW_PASSWORD, signOutOtherSessions: false },
      headers: { [XSRF_HEADER]: '1' },
    });
    expect(changed.status).toBe(200);
    expect(await listOf(laptop, token)).toEqual([]);
    expect((await audited('noah.white', 'browser.forgotten')).at(-1)?.details).toMatchObject({
      browserId: mine!.id,
      reason: 'password-change',
    });
    await signOut(driver);
    const { driver: next } = await upToPassword(laptop, 'noah.white');
    const afterPassword = (
      await next.post('checkUsernamePassword', { username: 'noah.white', password: NEW_PASSWORD })
    ).body;
    expect(afterPassword.status, 'the second factor is asked').not.toBe('MFA_COMPLETED');
    await emailCode(next, 'noah.white', afterPassword);
  });

  it('a forgot-password reset forgets every remembered browser, even with "sign out" unticked', async () => {
    const laptop = browserWith(origin, 'olivia-laptop-0014');
    await signOut((await signInRemembering(laptop, 'olivia.martin')).driver);
    const reset = new SignInDriver(origin, BANK_CLIENT, laptop.session);
    await reset.authorize();
    await reset.post({ action: 'initiateAccountRecovery' });
    await reset.post({ action: 'submitRecoveryUsername' }, { username: 'olivia.martin' });
    const recoveryCode = await reset.latestCode('olivia.martin@example.com');
    const done = await reset.post(
      { action: 'recoverAccount' },
      { recoveryCode, newPassword: NEW_PASSWORD, signOutOtherSessions: false },
    );
    expect(done.body.status).toBe('SUCCESSFUL_PASSWORD_RESET');
    expect((await audited('olivia.martin', 'browser.forgotten')).at(-1)?.details).toMatchObject({
      reason: 'password-reset',
    });
    const { driver: next } = await upToPassword(laptop, 'olivia.martin');
    const afterPassword = (
      await next.post('checkUsernamePassword', {
        username: 'olivia.martin',
        password: NEW_PASSWORD,
      })
    ).body;
    expect(afterPassword.status, 'the second factor is asked').not.toBe('MFA_COMPLETED');
  });

  it('"Sign out everywhere" forgets every remembered browser, this one too', async () => {
    const laptop = browserWith(origin, 'michael-laptop-0010');
    await signOut((await signInRemembering(laptop, 'michael.brown')).driver);
    const tablet = browserWith(origin, 'michael-tablet-0011');
    const { driver, token } = await signInRemembering(tablet, 'michael.brown');
    expect(await listOf(tablet, token)).toHaveLength(2);
    const ended = await apiClient(origin, token)(SIGN_OUT_OTHER_SESSIONS_API_PATH, {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    expect(ended.status).toBe(200);
    expect(await listOf(tablet, token)).toEqual([]);
    expect(
      (await audited('michael.brown', 'browser.forgotten')).map((event) => event.details),
    ).toMatchObject([{ reason: 'signed-out-everywhere' }, { reason: 'signed-out-everywhere' }]);
    await signOut(driver);
    for (const browser of [laptop, tablet]) {
      const { afterPassword } = await nextSignIn(browser, 'michael.brown');
      expect(afterPassword.status, 'the second factor is asked').not.toBe('MFA_COMPLETED');
    }
  });

  it('asks for the second factor, keeping the remembrance, when the username failed from elsewhere', async () => {
    const browser = browserWith(origin, 'sofia-phone-0004');
    await signOut((await signInRemembering(browser, 'sofia.garcia')).driver);
    const { driver } = await upToPassword(browser, 'sofia.garcia');
    // Five failures for her username from another address arrive between her username and her
    // password: she is not refused (risk.rules.ts usernameVelocity), but asked for more.
    const userId = await userIdOf(test, 'sofia.garcia');
    for (let n = 0; n < 5; n += 1) {
      await test.handle.db.insert(auditEvents).values({
        type: 'signin.failed',
        userId,
        ip: '203.0.113.9',
        details: { uid: 'sofia.garcia' },
      });
    }
    const afterPassword = (await password(driver, 'sofia.garcia')).body;
    expect(afterPassword.status).not.toBe('MFA_COMPLETED');
    await emailCode(driver, 'sofia.garcia', afterPassword);
    expect(await audited('sofia.garcia', 'browser.forgotten')).toEqual([]);
  });

  it('refusals of other browsers elsewhere for the username do not end the remembrance', async () => {
    const laptop = browserWith(origin, 'david-laptop-0012');
    const { driver, token } = await signInRemembering(laptop, 'david.wilson');
    const [mine] = await listOf(laptop, token);
    await signOut(driver);
    // From another address: wrong passwords until that address is refused at the username, and
    // an automated browser naming him.
    const attacker = () => browserWith(origin, 'thief-0013');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const browser = attacker();
      browser.session.moveTo(fetchFrom('127.0.0.77'));
      const guess = new SignInDriver(origin, BANK_CLIENT, browser.session);
      await guess.authorize();
      const named = await guess.post('submitIdentifier', {
        identifier: 'david.wilson',
        riskPayload: attempt === 5 ? { ...browser.payload, webdriver: true } : browser.payload,
      });
      if (named.body.status !== 'USERNAME_PASSWORD_REQUIRED') continue;
      await guess.post('checkUsernamePassword', { username: 'david.wilson', password: 'Wrong1!' });
    }
    expect(await audited('david.wilson', 'risk.denied')).not.toEqual([]);

    // His remembered browser: asked for more while someone elsewhere is failing, not forgotten.
    const { driver: next, afterPassword } = await nextSignIn(laptop, 'david.wilson');
    expect(afterPassword.status, 'the second factor is asked').not.toBe('MFA_COMPLETED');
    await emailCode(next, 'david.wilson', afterPassword);
    expect(await audited('david.wilson', 'browser.forgotten')).toEqual([]);
    const { body } = await continueToResume(next, false);
    const again = await tokenAfter(next, body.resumeUrl ?? '');
    expect(await listOf(laptop, again)).toMatchObject([{ id: mine!.id, current: true }]);
  });

  it("asks for the second factor at HIGH risk, and after the admin's high-risk switch denied a sign-in", async () => {
    const browser = browserWith(origin, 'liam-desktop-0005');
    await signOut((await signInRemembering(browser, 'liam.anderson')).driver);
    const setSwitch = (on: boolean) =>
      test.handle.db
        .update(users)
        .set({ highRiskNextSignIn: on })
        .where(eq(users.uid, 'liam.anderson'));

    // The switch turned on between his username and his password: HIGH, the factor is asked.
    const { driver } = await upToPassword(browser, 'liam.anderson');
    await setSwitch(true);
    const afterPassword = (await password(driver, 'liam.anderson')).body;
    expect(afterPassword.status).not.toBe('MFA_COMPLETED');

    // The modal's evaluation uses the switch up and denies: the remembrance ends with it.
    const evaluation = await fetch(new URL(RISK_API_PATH, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'liam.anderson', riskPayload: browser.payload }),
    });
    expect(((await evaluation.json()) as { result: { level: string } }).result.level).toBe('HIGH');
    const later = await nextSignIn(browser, 'liam.anderson');
    expect(later.afterPassword.status, 'LOW again, but asked').not.toBe('MFA_COMPLETED');
    expect((await audited('liam.anderson', 'browser.forgotten')).at(-1)?.details).toMatchObject({
      reason: 'risk-denied-since',
    });
    await setSwitch(false);
  });

  it('a forgotten browser asks again, and another customer cannot forget it', async () => {
    const browser = browserWith(origin, 'ava-tablet-0006');
    const { driver, token } = await signInRemembering(browser, 'ava.thomas');
    const [mine] = await listOf(browser, token);
    const other = browserWith(origin, 'james-pc-0007');
    const { token: othersToken } = await signInRemembering(other, 'james.taylor');

    expect((await forget(other, othersToken, mine!.id)).status, 'not his to forget').toBe(404);
    expect(await listOf(browser, token)).toHaveLength(1);

    expect((await forget(browser, token, mine!.id)).status).toBe(204);
    expect(await listOf(browser, token)).toEqual([]);
    expect((await audited('ava.thomas', 'browser.forgotten')).at(-1)?.details).toMatchObject({
      browserId: mine!.id,
      reason: 'customer',
    });
    expect((await forget(browser, token, mine!.id)).status, 'already forgotten').toBe(404);
    await signOut(driver);
    expect((await nextSignIn(browser, 'ava.thomas')).afterPassword.status).not.toBe(
      'MFA_COMPLETED',
    );
  });

  it('an unticked box remembers nothing, and a sign-in that skipped does not renew itself', async () => {
    const browser = browserWith(origin, 'mia-laptop-0008');
    const { driver } = await upToPassword(browser, 'mia.jackson');
    await emailCode(driver, 'mia.jackson', (await password(driver, 'mia.jackson')).body);
    const { response, body } = await continueToResume(driver, false);
    expect(response.headers.getSetCookie().join()).not.toContain(REMEMBERED_BROWSER_COOKIE);
    expect(await audited('mia.jackson', 'browser.remembered')).toEqual([]);
    await tokenAfter(driver, body.resumeUrl ?? '');
    await signOut(driver);

    await signOut((await signInRemembering(browser, 'mia.jackson')).driver);
    const skipped = await nextSignIn(browser, 'mia.jackson');
    expect(skipped.afterPassword.status).toBe('MFA_COMPLETED');
    await continueToResume(skipped.driver, true);
    expect(await audited('mia.jackson', 'browser.remembered')).toHaveLength(1);
  });
});
