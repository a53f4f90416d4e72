import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_UNDO_PAGE,
  CONTACT_UNDO_PATH,
  FLOW_API_PATH,
  PASSWORD_CHANGE_API_PATH,
  RECOVERY_CODES_API_PATH,
  STEP_UP_REQUIRED,
  XSRF_HEADER,
  securityNoticeMessages,
} from '@anybank/contracts';
import type { Server } from '../src/app';
import {
  auditEvents,
  contactChanges,
  mfaDevices,
  rememberedBrowsers,
  users,
} from '../src/db/schema';
import { findUserByUid, listMfaDevicesOf } from '../src/modules/directory/directory.store';
import { startBankingServer } from './banking-server';
import { JANE, answerOf, janeCalls, profileBody, resetJaneContacts } from './jane-contact-changes';
import { PERSON_RISK_PAYLOAD, SignInDriver, stepUp } from './sign-in-driver';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';
import { testConfig } from './test-config';

/**
 * A stolen access token, however fresh, cannot take the account over (docs/security.md,
 * step-up): the attack was to change the e-mail address with a token under 5 minutes old, get
 * the confirmation code at the attacker's address, and sign in with codes sent there. Now a
 * change that adds a way to sign in needs a step-up made for it (a factor the customer already
 * had), a new address signs in only 24 hours later while an older one does, and the old
 * address's "This wasn't me" link undoes the change and ends every session.
 */

const ATTACKER = 'mallory@example.net';
const DAY = 24 * 60 * 60 * 1000;

// Both engines (DATABASE_KINDS): a step-up is spent by one statement, which two changes racing
// for it must not both get (PGlite serialises them; PostgreSQL must lock).
describe.each(DATABASE_KINDS)('a fresh stolen token takes nothing over on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let clockOffset = 0;
  let janeId: string;
  const policyIds = testConfig().policyIds;

  const { policy, outboxTo, signIn } = janeCalls(() => origin);
  const confirmEmail = (accessToken: string, otp: string) =>
    policy(policyIds.PROFILE_UPDATE, { accessToken, step: 'confirmContact', kind: 'email', otp });

  /** Jane, with a step-up, changes her e-mail to `to` and enters the code sent there. */
  async function changeEmailProperly(to: string) {
    const jane = await signIn();
    await stepUp(origin, jane.token);
    expect((await policy(policyIds.PROFILE_UPDATE, profileBody(jane.token, to))).status).toBe(200);
    const [codeMessage] = await outboxTo(to);
    expect(await confirmEmail(jane.token, codeMessage?.code ?? '')).toEqual({
      status: 200,
      body: { success: true },
    });
    return jane;
  }

  /** The old address's notice and its "This wasn't me" link's token. */
  async function undoLink() {
    const notice = (await outboxTo(JANE.email)).find(
      (message) => message.subject === 'Your AnyBank e-mail address was changed',
    );
    const link = notice?.body.match(/This wasn't me: (\S+)/)?.[1] ?? '';
    return { notice, link, token: new URL(link).hash.slice(1) };
  }

  const undo = (token: string, headers: Record<string, string> = { [XSRF_HEADER]: '1' }) =>
    fetch(new URL(CONTACT_UNDO_PATH, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ token }),
    });

  /** A new sign-in up to the second factor: the devices the modal offers. */
  async function devicesOfferedAtSignIn() {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.read();
    await driver.post('submitIdentifier', {
      identifier: 'jane.doe',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const afterPassword = await driver.post('checkUsernamePassword', {
      username: 'jane.doe',
      password: 'Welcome2Bank!',
    });
    return { driver, devices: afterPassword.body.devices ?? [] };
  }

  const jane = async () => (await findUserByUid(test.handle.db, 'jane.doe'))!;
  const emailDevices = async () =>
    (await listMfaDevicesOf(test.handle.db, janeId)).filter((device) => device.type === 'Email');

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test, {
      clock: () => new Date(Date.now() + clockOffset),
    }));
    janeId = (await jane()).id;
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  beforeEach(async () => {
    clockOffset = 0;
    await resetJaneContacts(test, janeId);
  });

  it('refuses an e-mail change made with a token seconds old and no step-up: no code goes to the new address', async () => {
    const stolen = await signIn();
    const answer = await policy(policyIds.PROFILE_UPDATE, profileBody(stolen.token, ATTACKER));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      code: STEP_UP_REQUIRED,
      methods: ['password', 'email_code', 'sms_code'],
    });
    expect((await jane()).email).toBe(JANE.email);
    expect(await test.handle.db.select().from(contactChanges)).toEqual([]);
    expect(await outboxTo(ATTACKER)).toEqual([]);
  });

  it('refuses every other new way to sign in with a fresh token alone: a device or passkey, the password, the sign-in method, recovery codes', async () => {
    const stolen = await signIn();
    const bearer = { authorization: `Bearer ${stolen.token}`, [XSRF_HEADER]: '1' };
    const post = async (path: string, body?: unknown) => {
      const response = await stolen.driver.browser.fetch(path, {
        method: 'POST',
        headers: { ...bearer, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return answerOf(response);
    };
    const refusals = [
      // Adding a device (a passkey among them) starts with the pairing flow.
      await post(FLOW_API_PATH),
      await post(PASSWORD_CHANGE_API_PATH, {
        newPassword: 'Quiet.Maple.Lantern7',
        signOutOtherSessions: false,
      }),
      await post(RECOVERY_CODES_API_PATH),
      await policy(policyIds.SIGN_IN_METHOD, {
        accessToken: stolen.token,
        rawData: { anybankUserAuthnPreferences: 'Device' },
      }),
    ];
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ status: 401, body: { code: STEP_UP_REQUIRED } });
    }
    expect(await listMfaDevicesOf(test.handle.db, janeId)).toHaveLength(2);
    expect((await jane()).authnPreference).toBe('Password');
  });

  it('spends a step-up on the one change it was made for', async () => {
    const { token } = await signIn();
    await stepUp(origin, token);
    expect(
      (await policy(policyIds.PROFILE_UPDATE, profileBody(token, 'jane.new@example.com'))).status,
    ).toBe(200);
    const toAttackerBefore = (await outboxTo(ATTACKER)).length;
    const again = await policy(policyIds.PROFILE_UPDATE, profileBody(token, ATTACKER));
    expect(again).toMatchObject({ status: 401, body: { code: STEP_UP_REQUIRED } });
    expect(await outboxTo(ATTACKER)).toHaveLength(toAttackerBefore);
  });

  it('gives one step-up to one of two changes sent at once', async () => {
    const { token } = await signIn();
    await stepUp(origin, token);
    const answers = await Promise.all(
      ['jane.one@example.com', 'jane.two@example.com', 'jane.three@example.com'].map((email) =>
        policy(policyIds.PROFILE_UPDATE, profileBody(token, email)),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
    const asked = await test.handle.db.select().from(contactChanges);
    expect(asked).toHaveLength(1);
  });

  it('after a proper change the new address signs in only 24 hours later; a sign-in with its code fails, the old one still works', async () => {
    await changeEmailProperly(ATTACKER);
    expect((await jane()).email).toBe(ATTACKER);
    const [before, attacker] = await Promise.all([emailDevices(), devicesOfferedAtSignIn()]);
    expect(before.map((device) => device.target).sort()).toEqual([JANE.email, ATTACKER].sort());

    // The modal offers the old address, not the new one; choosing the new one is refused.
    const offered = attacker.devices.filter((device) => device.type === 'Email');
    expect(offered).toHaveLength(1);
    expect(offered[0]?.target).toMatch(/^j\*+e@example\.com$/);
    const held = before.find((device) => device.target === ATTACKER)!;
    const sentToAttacker = (await outboxTo(ATTACKER)).length;
    const chosen = await attacker.driver.post(
      { action: 'selectDevice' },
      { deviceRef: { id: held.id } },
    );
    expect(chosen.status).toBeGreaterThanOrEqual(400);
    expect(await outboxTo(ATTACKER)).toHaveLength(sentToAttacker);
    const [lastCode] = await outboxTo(ATTACKER);
    const withItsCode = await attacker.driver.post(
      { action: 'checkOtp' },
      { otp: lastCode?.code ?? '000000' },
    );
    expect(withItsCode.status).toBeGreaterThanOrEqual(400);
    expect(withItsCode.body.status).not.toBe('RESUME');

    // A day later the new one signs in, and the one it replaced no longer does.
    clockOffset = DAY + 60_000;
    const later = await devicesOfferedAtSignIn();
    const laterEmail = later.devices.filter((device) => device.type === 'Email');
    expect(laterEmail).toHaveLength(1);
    expect(laterEmail[0]?.target).toMatch(/^m\*+y@example\.net$/);
  });

  it('"This wasn\'t me" in the old address\'s notice puts it back, removes the new one and ends every session and remembered browser, once', async () => {
    const changed = await changeEmailProperly(ATTACKER);
    const { notice, link, token } = await undoLink();
    expect(notice?.body).toContain(securityNoticeMessages.contactChangedUndoLabel);
    expect(link.startsWith(`${origin}${CONTACT_UNDO_PAGE}#`)).toBe(true);

    // The anti-forgery header is asked for; a token not of ours in shape is a 400.
    expect((await undo(token, {})).status).toBe(403);
    expect((await undo('not-a-token')).status).toBe(400);

    // A browser the taker had made remembered for jane ("Don't ask again on this browser").
    const takersBrowser = randomUUID();
    await test.handle.db.insert(rememberedBrowsers).values({
      id: takersBrowser,
      userId: janeId,
      tokenHash: randomUUID(),
      deviceIdHash: randomUUID(),
      userAgent: PERSON_RISK_PAYLOAD.userAgent,
      ip: '127.0.0.66',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + DAY),
    });

    const undone = await undo(token);
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({
      kind: 'email',
      restored: expect.stringMatching(/^j\*+e@example\.com$/),
    });
    expect((await jane()).email).toBe(JANE.email);
    const devices = await emailDevices();
    expect(devices).toEqual([
      expect.objectContaining({ target: JANE.email, inUseFrom: null, inUseUntil: null }),
    ]);
    // Every session ended: the token used for the change no longer works.
    const me = await fetch(new URL('/api/me', origin), {
      headers: { authorization: `Bearer ${changed.token}` },
    });
    expect(me.status).toBe(401);
    // …and no browser the taker made remembered skips the second factor any more.
    const [remembered] = await test.handle.db
      .select()
      .from(rememberedBrowsers)
      .where(eq(rememberedBrowsers.id, takersBrowser));
    expect(remembered?.forgottenAt).not.toBeNull();
    const [audited] = await test.handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'contact.change_undone'));
    expect(audited).toMatchObject({ userId: janeId, details: { kind: 'email' } });

    // The link works once, and only its hash was stored.
    expect((await undo(token)).status).toBe(410);
    const stored = await test.handle.db.select().from(contactChanges);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('keeps a customer who signs in with a device (john.smith: his e-mail is his only way in) from being taken over by a fresh token', async () => {
    const JOHN = 'john.smith@example.com';
    /** John's sign-in: the username leads straight to the code e-mailed to his device. */
    const johnSignsIn = async () => {
      const driver = new SignInDriver(origin);
      await driver.authorize();
      await driver.read();
      const identified = await driver.post('submitIdentifier', {
        identifier: 'john.smith',
        riskPayload: PERSON_RISK_PAYLOAD,
      });
      return { driver, identified };
    };
    const johnBody = (accessToken: string, email: string) => ({
      ...profileBody(accessToken, email),
      rawData: {
        ...profileBody(accessToken, email).rawData,
        givenName: ['John'],
        sn: ['Smith'],
        cn: ['John Smith'],
        mobile: ['+15559876543'],
        street: ['42 Oak Avenue'],
        l: ['Portland'],
        postalCode: ['97201'],
      },
    });
    const first = await johnSignsIn();
    await first.driver.post({ action: 'checkOtp' }, { otp: await first.driver.latestCode(JOHN) });
    const landing = await first.driver.resume(await first.driver.continueToResume());
    const token = (
      (await (await first.driver.token(landing.searchParams.get('code') ?? '')).json()) as {
        access_token: string;
      }
    ).access_token;

    // The stolen token, seconds old: refused, and nothing goes to the attacker.
    const toAttackerBefore = (await outboxTo(ATTACKER)).length;
    const stolen = await policy(policyIds.PROFILE_UPDATE, johnBody(token, ATTACKER));
    expect(stolen).toMatchObject({ status: 401, body: { code: STEP_UP_REQUIRED } });
    expect(stolen.body.methods).toEqual(['email_code']);
    expect(await outboxTo(ATTACKER)).toHaveLength(toAttackerBefore);

    // Even made properly (his own e-mailed code for the step-up), the new address is no way in
    // yet: his next sign-in's code goes to his old address, never to the new one.
    await stepUp(origin, token, { email: JOHN });
    expect((await policy(policyIds.PROFILE_UPDATE, johnBody(token, ATTACKER))).status).toBe(200);
    const [codeMessage] = await outboxTo(ATTACKER);
    expect((await confirmEmail(token, codeMessage?.code ?? '')).status).toBe(200);
    const sentToAttacker = (await outboxTo(ATTACKER)).length;
    const sentToJohn = (await outboxTo(JOHN)).length;
    const next = await johnSignsIn();
    // His one device that signs in now is his old address: the code goes there at once.
    expect(next.identified.body.devices ?? []).not.toContainEqual(
      expect.objectContaining({ target: expect.stringMatching(/@example\.net$/) }),
    );
    expect(await outboxTo(JOHN)).toHaveLength(sentToJohn + 1);
    expect(await outboxTo(ATTACKER)).toHaveLength(sentToAttacker);
    const withOldCode = await next.driver.post(
      { action: 'checkOtp' },
      { otp: await next.driver.latestCode(JOHN) },
    );
    expect(withOldCode.body.status).toBe('MFA_COMPLETED');
    const john = (await findUserByUid(test.handle.db, 'john.smith'))!;
    await test.handle.db.update(users).set({ email: JOHN }).where(eq(users.id, john.id));
    await test.handle.db
      .delete(mfaDevices)
      .where(and(eq(mfaDevices.userId, john.id), eq(mfaDevices.target, ATTACKER)));
    await test.handle.db
      .update(mfaDevices)
      .set({ inUseUntil: null })
      .where(eq(mfaDevices.userId, john.id));
  });

  it('refuses a "This wasn\'t me" link more than 24 hours old, changing nothing', async () => {
    await changeEmailProperly(ATTACKER);
    const { token } = await undoLink();
    clockOffset = DAY + 60_000;
    const late = await undo(token);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ code: 'contact_undo_link_invalid' });
    expect((await jane()).email).toBe(ATTACKER);
  });
});
