import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  HELP_DESK_VERIFICATION_LIMIT,
  PARTNER_CLIENTS,
  messages,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import type { Config } from '../src/config';
import { auditEvents, oneTimeCodes } from '../src/db/schema';
import { insertDirectoryEntry } from '../src/modules/directory/new-customer';
import { hashPassword } from '../src/modules/identity/credentials/password.service';
import { seedDemoData } from '../src/seed/seed';
import { userIdOf } from './banking-server';
import { freePort } from './browser-session';
import { applicationToken, partnerToken, signedInToken } from './partner-tokens';
import { SignInDriver } from './sign-in-driver';
import { TestPhone } from './test-phone';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { helpDeskClient } from './help-desk-client';

// One database (API_DATABASES): the help desk's HTTP answers, one request at a time; the locks are the stores' (tested on both).
describe.each(API_DATABASES)('the account help desk on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  let samToken: string;
  let samId: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    await seedDemoData(test.handle.db);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    config = testConfig({
      PORT: String(port),
      PUBLIC_URL: origin,
      // Every test signs in several times from one address: measure the API, not the limiter.
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    server = await buildServer({ config, database: test.handle, webDistDir: '/nonexistent' });
    await server.app.listen({ port, host: '127.0.0.1' });
    samToken = await partnerToken(origin, 'CustomerServiceRep');
    samId = await userIdOf(test, 'sam.rivera');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const {
    helpDesk,
    asSam,
    started,
    emailedCode,
    verifiedByEmail,
    tryPassword,
    riskLevel,
    stepsOf,
    devicesOf,
  } = helpDeskClient(() => ({ origin, config, samToken, test }));

  it("refuses every token but a customer-service rep's: a customer's, an advisor's, an application's, none", async () => {
    const refusals = [
      { token: await signedInToken(origin, 'jane.doe'), status: 403 },
      { token: await partnerToken(origin, 'AnyWealthAdvisor'), status: 403 },
      { token: await partnerToken(origin, 'AnyMarketing'), status: 403 },
      { token: await applicationToken(origin, server.services.keys.secrets), status: 403 },
      { token: 'not-a-token', status: 401 },
    ];
    for (const { token, status } of refusals) {
      const answer = await helpDesk({ step: 'start', accessToken: token, username: 'john.smith' });
      expect(answer.status).toBe(status);
      expect(answer.session).toBeNull();
    }
    expect((await helpDesk({ step: 'start', username: 'john.smith' })).status).toBe(401);
    // Nobody was asked to verify anything.
    const sent = await test.handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'helpdesk.step'));
    expect(sent).toEqual([]);
  });

  it('verifies john.smith by the push he approves on his phone, then unlocks the sign-in wrong passwords locked', async () => {
    const phone = new TestPhone(origin);
    await phone.activate('john.smith', 'john.smith@example.com', new SignInDriver(origin));
    // Five wrong passwords lock his password and make the risk check refuse his username.
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(await tryPassword('john.smith', 'Wrong-password-1!'));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    // From now on the risk check refuses his username before any password is tried, the right one too.
    expect(await riskLevel('john.smith')).toBe('MEDIUM');
    expect(await tryPassword('john.smith', DEMO_PASSWORD)).toBe(429);

    const session = await started('john.smith');
    expect(session).toMatchObject({
      status: 'verification_sent',
      method: 'push',
      customer: { username: 'john.smith', firstName: 'John', lastName: 'Smith' },
      account: null,
    });
    const { requests } = await phone.pending();
    const request = requests.find((candidate) => candidate.kind === 'helpdesk');
    expect(request?.context).toMatchObject({
      title: 'Confirm your call with AnyBank?',
      details: { Agent: 'Sam Rivera' },
    });

    // Before john answers, the rep can do nothing to his account.
    const early = await asSam('unlock', { sessionId: session.sessionId });
    expect(early).toMatchObject({ status: 403, message: messages.helpDesk.notVerified });
    const [phoneDevice] = (await devicesOf('john.smith')).filter((d) => d.type === 'iPhone');
    const earlyRemoval = await asSam('removeDevice', {
      sessionId: session.sessionId,
      deviceId: phoneDevice!.id,
    });
    expect(earlyRemoval.status).toBe(403);
    // Nor can a code stand in for his phone's answer.
    const guessed = await asSam('verifyCode', { sessionId: session.sessionId, code: '123456' });
    expect(guessed).toMatchObject({ status: 409, message: messages.helpDesk.notEmailVerification });
    expect(await devicesOf('john.smith')).toHaveLength(2);
    expect(await tryPassword('john.smith', DEMO_PASSWORD)).toBe(429);
    expect((await asSam('status', { sessionId: session.sessionId })).session?.status).toBe(
      'verification_sent',
    );

    expect((await phone.decide(request!.id, 'approve')).status).toBe(204);
    const verified = await asSam('status', { sessionId: session.sessionId });
    expect(verified.session).toMatchObject({ status: 'verified', method: 'push' });
    expect(verified.session?.account).toMatchObject({ signInLocked: true, failedSignIns: 5 });
    expect(verified.session?.account?.passwordLockedUntil).not.toBeNull();
    // The rep sees what each device is called and what kind it is, nothing of its secrets.
    const devices = verified.session?.account?.devices ?? [];
    expect(devices.map((device) => Object.keys(device).sort())).toEqual([
      ['id', 'kind', 'name', 'type'],
      ['id', 'kind', 'name', 'type'],
    ]);
    expect(devices.map((device) => device.type).sort()).toEqual(['Email', 'iPhone']);
    expect(devices.map((device) => device.kind).sort()).toEqual(['e-mail codes', 'phone app']);
    expect(JSON.stringify(verified.session)).not.toContain(String(phone.publicJwk.x));

    const unlocked = await asSam('unlock', { sessionId: session.sessionId });
    expect(unlocked.session).toMatchObject({
      status: 'action_done',
      action: { type: 'unlock', deviceName: null },
    });
    expect(await riskLevel('john.smith')).toBe('LOW');
    expect(await tryPassword('john.smith', DEMO_PASSWORD)).toBe(202);

    // One verification, one action.
    const again = await asSam('unlock', { sessionId: session.sessionId });
    expect(again).toMatchObject({ status: 409, message: messages.helpDesk.sessionEnded });

    const steps = await stepsOf(session.sessionId);
    expect(steps.map((event) => event.details)).toEqual([
      expect.objectContaining({ step: 'started', customerUid: 'john.smith' }),
      expect.objectContaining({ step: 'verification_sent', method: 'push' }),
      expect.objectContaining({ step: 'refused', action: 'unlock', reason: 'not_verified' }),
      expect.objectContaining({ step: 'refused', action: 'remove_device', reason: 'not_verified' }),
      expect.objectContaining({ step: 'verified', method: 'push' }),
      expect.objectContaining({ step: 'action_done', action: 'unlock' }),
      expect.objectContaining({ step: 'refused', action: 'unlock', reason: 'ended' }),
    ]);
    expect(new Set(steps.map((event) => event.userId))).toEqual(new Set([samId]));
    const unlocks = await test.handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'signin.unlocked'));
    expect(unlocks).toEqual([
      expect.objectContaining({
        userId: await userIdOf(test, 'john.smith'),
        details: expect.objectContaining({ uid: 'john.smith', by: samId }),
      }),
    ]);
  });

  it('verifies a customer without a paired phone by the e-mailed code she reads out, and removes the device she lost', async () => {
    const session = await started('jane.doe');
    expect(session).toMatchObject({ status: 'verification_sent', method: 'email' });
    const code = await emailedCode('jane.doe');
    // The code is kept only as a keyed hash.
    const [stored] = await test.handle.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(eq(oneTimeCodes.purpose, 'helpdesk'), eq(oneTimeCodes.reference, session.sessionId)),
      );
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code);

    const sms = (await devicesOf('jane.doe')).find((device) => device.type === 'SMS')!;
    const early = await asSam('removeDevice', { sessionId: session.sessionId, deviceId: sms.id });
    expect(early.status).toBe(403);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await asSam('verifyCode', { sessionId: session.sessionId, code: wrongCode });
    expect(wrong).toMatchObject({ status: 400, message: messages.helpDesk.codeRejected(4) });

    const verified = await asSam('verifyCode', { sessionId: session.sessionId, code });
    expect(verified.session?.status).toBe('verified');
    expect(verified.session?.account?.devices.map((device) => device.name)).toContain('SMS');

    const removed = await asSam('removeDevice', { sessionId: session.sessionId, deviceId: sms.id });
    expect(removed.session).toMatchObject({
      status: 'action_done',
      action: { type: 'remove_device', deviceName: 'SMS' },
    });
    expect((await devicesOf('jane.doe')).map((device) => device.type)).toEqual(['Email']);

    // The code worked once.
    const replay = await asSam('verifyCode', { sessionId: session.sessionId, code });
    expect(replay.status).toBe(409);
  });

  it("never removes a customer's last sign-in method, nor a device that is not theirs", async () => {
    const session = await verifiedByEmail('david.wilson');
    const [email] = await devicesOf('david.wilson');
    const [johns] = await devicesOf('john.smith');

    const last = await asSam('removeDevice', { sessionId: session.sessionId, deviceId: email!.id });
    expect(last).toMatchObject({ status: 409, message: messages.helpDesk.lastDevice });
    const notTheirs = await asSam('removeDevice', {
      sessionId: session.sessionId,
      deviceId: johns!.id,
    });
    expect(notTheirs).toMatchObject({ status: 404, message: messages.helpDesk.noSuchDevice });

    expect(await devicesOf('david.wilson')).toHaveLength(1);
    expect(await devicesOf('john.smith')).toHaveLength(2);
    expect((await asSam('status', { sessionId: session.sessionId })).session?.status).toBe(
      'verified',
    );
  });

  it('ends the session when the customer denies on the phone, or after the last wrong code', async () => {
    const phone = new TestPhone(origin);
    await phone.activate('sofia.garcia', 'sofia.garcia@example.com', new SignInDriver(origin));
    const pushed = await started('sofia.garcia');
    expect(pushed.method).toBe('push');
    const [request] = (await phone.pending()).requests;
    expect((await phone.decide(request!.id, 'deny')).status).toBe(204);
    const denied = await asSam('status', { sessionId: pushed.sessionId });
    expect(denied.session).toMatchObject({ status: 'failed', failure: 'push_denied' });
    expect((await asSam('unlock', { sessionId: pushed.sessionId })).status).toBe(409);

    const emailed = await started('liam.anderson');
    const code = await emailedCode('liam.anderson');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await asSam('verifyCode', { sessionId: emailed.sessionId, code: wrongCode });
      expect(answer.status).toBe(400);
    }
    const last = await asSam('verifyCode', { sessionId: emailed.sessionId, code: wrongCode });
    expect(last.session).toMatchObject({ status: 'failed', failure: 'code_attempts_exceeded' });
    // Even the right code no longer verifies anyone.
    const late = await asSam('verifyCode', { sessionId: emailed.sessionId, code });
    expect(late.status).toBe(409);
    expect((await asSam('unlock', { sessionId: emailed.sessionId })).status).toBe(409);
  });

  it('lets a customer who cannot use their phone verify by an e-mailed code instead', async () => {
    const phone = new TestPhone(origin);
    await phone.activate('emily.chen', 'emily.chen@example.com', new SignInDriver(origin));
    const session = await started('emily.chen');
    expect(session.method).toBe('push');
    const switched = await asSam('sendEmailCode', { sessionId: session.sessionId });
    expect(switched.session).toMatchObject({ status: 'verification_sent', method: 'email' });

    // An approval arriving afterwards verifies nobody: the code is what counts now.
    const [request] = (await phone.pending()).requests;
    await phone.decide(request!.id, 'approve');
    expect((await asSam('status', { sessionId: session.sessionId })).session?.status).toBe(
      'verification_sent',
    );
    const verified = await asSam('verifyCode', {
      sessionId: session.sessionId,
      code: await emailedCode('emily.chen'),
    });
    expect(verified.session?.status).toBe('verified');
    // Once verified, there is nothing more to send.
    const resend = await asSam('sendEmailCode', { sessionId: session.sessionId });
    expect(resend).toMatchObject({ status: 409, message: messages.helpDesk.stepNotPossible });
  });

  it('keeps a session to the rep who started it: another rep can neither read nor use it', async () => {
    await insertDirectoryEntry(test.handle.db, {
      user: {
        uid: 'riley.park',
        firstName: 'Riley',
        lastName: 'Park',
        email: 'riley.park@example.com',
        userType: 'CustomerServiceRep',
        authnPreference: 'Password',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      },
      devices: [{ type: 'Email', name: 'Email', target: 'riley.park@example.com' }],
    });
    const rileyToken = await signedInToken(
      origin,
      'riley.park',
      PARTNER_CLIENTS.CustomerServiceRep,
    );
    const session = await verifiedByEmail('ava.thomas');
    for (const step of ['status', 'unlock', 'cancel']) {
      const answer = await helpDesk({
        step,
        accessToken: rileyToken,
        sessionId: session.sessionId,
      });
      expect(answer).toMatchObject({ status: 404, message: messages.helpDesk.noSuchSession });
    }
    expect((await asSam('status', { sessionId: session.sessionId })).session?.status).toBe(
      'verified',
    );
  });

  it('closes a session when the rep cancels it, and refuses unknown usernames and staff', async () => {
    const session = await started('mia.jackson');
    const cancelled = await asSam('cancel', { sessionId: session.sessionId });
    expect(cancelled.session).toMatchObject({ status: 'failed', failure: 'cancelled' });
    const code = await emailedCode('mia.jackson');
    expect((await asSam('verifyCode', { sessionId: session.sessionId, code })).status).toBe(409);

    for (const username of ['nobody.here', 'amy.davis', 'sam.rivera']) {
      const answer = await asSam('start', { username });
      expect(answer).toMatchObject({ status: 404, message: messages.helpDesk.noSuchCustomer });
    }
  });

  it(`sends one customer at most ${HELP_DESK_VERIFICATION_LIMIT.max} verifications in ${HELP_DESK_VERIFICATION_LIMIT.windowMs / 60_000} minutes`, async () => {
    for (let index = 0; index < HELP_DESK_VERIFICATION_LIMIT.max; index += 1) {
      await started('olivia.martin');
    }
    const refused = await asSam('start', { username: 'olivia.martin' });
    expect(refused).toMatchObject({ status: 429, message: messages.helpDesk.tooManyVerifications });
  });
});
