import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, signInDeliveryMessages } from '@anybank/contracts';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database';
import { DomainError } from '../../../domain-error';
import { findUserByUid, insertMfaDevice, insertUser } from '../../directory/directory.store';
import type { MessagingService, OutgoingMessage } from '../../messaging/messaging.service';
import type { SecurityNotices } from '../../messaging/security-notice.service';
import { createChallengeService } from '../challenge/challenge.service';
import { createMethods } from '../challenge/methods/methods';
import { createOtpService } from '../credentials/otp.service';
import { createPasswordService, hashPassword } from '../credentials/password.service';
import type { PushService } from '../devices/push.service';
import type { PushStatus } from '../devices/push.rules';
import { createSecretBox } from '../devices/secret-box';
import type { InteractionHandle, InteractionPort } from '../oauth/interaction.port';
import type { RecentAuthentication } from '../oauth/recent-authentication';
import type { RiskService } from '../risk/risk.service';
import type { FlowContext } from './flow.context';
import { createFactors } from '../factors/factors';
import { createRecoveryCodeService } from '../factors/recovery-code/recovery-code.service';
import { createRememberedBrowserService } from '../remembered-browsers/remembered-browser.service';
import { createFlowService, type FlowService } from './flow.service';

const PASSWORD = 'Correct.Horse7battery';
const RESUME_URL = 'https://bank.test/oidc/auth/resume';
/** The browser's device profile, as the modal sends it with the identifier. */
const PROFILE = {
  deviceId: 'test-browser-device',
  userAgent: 'Test browser',
  language: 'en-US',
  timeZone: 'UTC',
  screen: { width: 1280, height: 800, colorDepth: 24 },
  webdriver: false,
};

/**
 * The flow service's use cases on PGlite, without HTTP: a FlowContext as a route builds it, the
 * OAuth interaction behind a fake port, messages and pushes captured. What the browser would
 * see is the flow response; what the person would see is the message sent.
 */
describe('the sign-in flow service (PGlite, no HTTP)', () => {
  let test: TestDatabase;
  let flows: FlowService;
  const sent: OutgoingMessage[] = [];
  const pushes: { id?: string; deviceId: string; title: string }[] = [];
  let pushStatus: PushStatus = 'pending';
  let browsers = 0;
  let users = 0;

  /** A browser in an OAuth interaction whose uid is the flow id (as oidc-provider gives it). */
  function browser(): { context: FlowContext; flowId: string } {
    browsers += 1;
    const flowId = `interaction-${browsers}-uid`;
    return {
      flowId,
      context: {
        ip: '203.0.113.7',
        userAgent: 'Test browser',
        interaction: { flowId } as unknown as InteractionHandle,
        principal: () => Promise.reject(new DomainError('sign_in_required')),
        stepUpCookie: undefined,
        deviceHash: `device-hash-${browsers}`,
      },
    };
  }

  const interactions: InteractionPort = {
    current: (handle) =>
      Promise.resolve({
        uid: (handle as unknown as { flowId: string }).flowId,
        clientId: 'anybank-web',
        expiresAt: Math.floor(Date.now() / 1000) + 600,
        acrValues: [],
      }),
    finishLogin: () => Promise.resolve(RESUME_URL),
    abort: () => Promise.resolve(`${RESUME_URL}?denied`),
    pendingConsent: () => Promise.resolve(null),
    finishConsent: () => Promise.resolve(RESUME_URL),
  };

  async function newUser(devices: { type: string; target?: string; publicKey?: string }[]) {
    users += 1;
    const user = await insertUser(test.handle.db, {
      uid: `sam.lee${users}`,
      firstName: 'Sam',
      lastName: 'Lee',
      email: `sam.lee${users}@example.com`,
      userType: 'customer',
      passwordHash: await hashPassword(PASSWORD),
    });
    for (const device of devices) {
      await insertMfaDevice(test.handle.db, { userId: user.id, name: device.type, ...device });
    }
    return user;
  }

  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    const { db } = test.handle;
    const risk: RiskService = {
      async evaluate({ username }) {
        const user = await findUserByUid(db, username);
        if (!user) return { known: false };
        return {
          known: true,
          userId: user.id,
          user,
          result: { level: 'LOW', recommendedAction: '', reasons: [], rules: [] },
        };
      },
    };
    const messaging = {
      send: (message: OutgoingMessage) => {
        sent.push(message);
        return Promise.resolve({});
      },
    } as unknown as MessagingService;
    const push = {
      send: (input: { id?: string; deviceId: string; context: { title: string } }) => {
        pushes.push({ id: input.id, deviceId: input.deviceId, title: input.context.title });
        return Promise.resolve({});
      },
      statusOf: () => Promise.resolve(pushStatus),
    } as unknown as PushService;
    // The flow's own tests: the step-up guard lets every change through (step-up.api.test.ts
    // and contact-takeover.api.test.ts test the guard itself through the server).
    const recentAuth: RecentAuthentication = {
      requireRecentAuthentication: () => Promise.resolve(),
      requireStepUpForChange: () => Promise.resolve(),
      requireUnspentStepUp: () => Promise.resolve(),
      spendStepUp: () => Promise.resolve(true),
      stepUpRefusal: () => Promise.reject(new Error('not asked in these tests')),
      stepUpMethodsFor: () => Promise.resolve(['password']),
    };
    const factorDeps = {
      db,
      messaging,
      passwords: createPasswordService({ db }),
      otp: createOtpService({ db, signingSecret: 'a-test-signing-secret-of-32-chars!' }),
      push,
      secrets: createSecretBox('a-test-signing-secret-of-32-chars!'),
      webauthn: { rpId: 'bank.test', rpName: 'AnyBank', origin: 'https://bank.test' },
      recoveryCodes: createRecoveryCodeService({
        db,
        secret: 'a-test-signing-secret-of-32-chars!',
        notices: { tell: () => Promise.resolve() },
        recentAuth,
      }),
    };
    const challenges = createChallengeService({
      db,
      methods: createMethods({ ...factorDeps, backchannel: null, clock: () => new Date() }),
    });
    flows = createFlowService({
      ...factorDeps,
      // The second factor's, recovery and identity-verification codes are the engine's.
      challenges,
      factors: createFactors({ ...factorDeps, challenges }),
      interactions,
      risk,
      userTypeOfClient: () => null,
      isSelfServiceClient: () => false,
      notices: { tell: () => Promise.resolve() } as unknown as SecurityNotices,
      recentAuth,
      rememberedBrowsers: createRememberedBrowserService({
        db,
        risk,
        notices: { tell: () => Promise.resolve() } as unknown as SecurityNotices,
      }),
    });
  });
  afterAll(async () => {
    await test.drop();
  });

  it('signs a password user in: password, the e-mailed code, the pairing offer declined, then the authorization resumes', async () => {
    const user = await newUser([{ type: 'Email', target: 'sam.codes@example.com' }]);
    const { context, flowId } = browser();

    const started = await flows.read(context, flowId);
    expect(started.body.status).toBe('IDENTIFIER_REQUIRED');
    const identified = await flows.step(context, flowId, {
      kind: 'submitIdentifier',
      identifier: user.uid,
      riskPayload: PROFILE,
    });
    expect(identified.body.status).toBe('USERNAME_PASSWORD_REQUIRED');
    const passwordDone = await flows.step(context, flowId, {
      kind: 'checkUsernamePassword',
      username: user.uid,
      password: PASSWORD,
      rememberMyUsername: true,
    });
    expect(passwordDone.body).toMatchObject({
      status: 'OTP_REQUIRED',
      selectedDevice: { type: 'Email', target: 's*******s@example.com' },
    });
    expect(passwordDone.rememberUsername).toBe(user.uid);

    const message = sent.at(-1);
    expect(message).toMatchObject({
      channel: 'email',
      to: 'sam.codes@example.com',
      subject: signInDeliveryMessages.codeSubject,
    });
    expect(message?.body).toContain('It expires in 5 minutes.');
    const coded = await flows.step(context, flowId, { kind: 'checkOtp', otp: message?.code ?? '' });
    expect(coded.body.status).toBe('MFA_COMPLETED');
    // One device only: another is offered first (§4.4); 'Not now' goes on.
    const offered = await flows.step(context, flowId, { kind: 'continueAuthentication' });
    expect(offered.body.status).toBe('DEVICE_PAIRING_METHOD_REQUIRED');
    const resumed = await flows.step(context, flowId, { kind: 'continueAuthentication' });
    expect(resumed.body).toMatchObject({ status: 'RESUME', resumeUrl: RESUME_URL });
    expect(resumed.refusal).toBeUndefined();
  });

  it('refuses a wrong password with its code, keeping the password step', async () => {
    const user = await newUser([{ type: 'Email', target: 'sam.wrong@example.com' }]);
    const { context, flowId } = browser();
    await flows.step(context, flowId, {
      kind: 'submitIdentifier',
      identifier: user.uid,
      riskPayload: PROFILE,
    });
    const refused = await flows.step(context, flowId, {
      kind: 'checkUsernamePassword',
      username: user.uid,
      password: 'Wrong.Horse7battery',
    });
    expect(refused.refusal).toMatchObject({
      code: 'wrong_password',
      message: messages.login.incorrectPassword,
    });
    expect(refused.body).toMatchObject({ status: 'USERNAME_PASSWORD_REQUIRED' });
  });

  it('asks a device user’s single phone straight away, and moves on when it approves', async () => {
    const user = await newUser([{ type: 'iPhone', publicKey: '{"kty":"EC"}' }]);
    await test.handle.db.execute(
      `update users set authn_preference = 'Device' where id = '${user.id}'`,
    );
    const { context, flowId } = browser();
    pushStatus = 'pending';
    const asked = await flows.step(context, flowId, {
      kind: 'submitIdentifier',
      identifier: user.uid,
      riskPayload: PROFILE,
    });
    expect(asked.body.status).toBe('PUSH_CONFIRMATION_WAITING');
    expect(pushes.at(-1)).toMatchObject({ title: signInDeliveryMessages.pushTitle });
    expect((await flows.read(context, flowId)).body.status).toBe('PUSH_CONFIRMATION_WAITING');
    pushStatus = 'approved';
    expect((await flows.read(context, flowId)).body.status).toBe('MFA_COMPLETED');
  });

  it('refuses a device that is not the user’s, changing nothing', async () => {
    const user = await newUser([
      { type: 'Email', target: 'sam.one@example.com' },
      { type: 'SMS', target: '+15551234567' },
    ]);
    const { context, flowId } = browser();
    await flows.step(context, flowId, {
      kind: 'submitIdentifier',
      identifier: user.uid,
      riskPayload: PROFILE,
    });
    const choosing = await flows.step(context, flowId, {
      kind: 'checkUsernamePassword',
      username: user.uid,
      password: PASSWORD,
    });
    // Both devices were added within one clock tick, so their order is not this test's subject.
    expect(choosing.body.devices?.map((device) => device.target).sort()).toEqual([
      '+1******4567',
      's*****e@example.com',
    ]);
    await expect(
      flows.step(context, flowId, { kind: 'selectDevice', deviceId: 'not-a-device' }),
    ).rejects.toMatchObject({ code: 'device_not_yours' });
    expect((await flows.read(context, flowId)).body.status).toBe('DEVICE_SELECTION_REQUIRED');
  });

  it('refuses another browser’s flow and a step after the end with their codes', async () => {
    const user = await newUser([{ type: 'Email', target: 'sam.end@example.com' }]);
    const { context, flowId } = browser();
    await expect(flows.read(browser().context, flowId)).rejects.toMatchObject({
      code: 'flow_not_yours',
    });
    await flows.step(context, flowId, { kind: 'cancelAuthentication' });
    await expect(
      flows.step(context, flowId, { kind: 'submitIdentifier', identifier: user.uid }),
    ).rejects.toMatchObject({ code: 'flow_ended' });
  });
});
