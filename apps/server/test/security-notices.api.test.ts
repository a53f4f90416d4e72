import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BRAND,
  fillBrand,
  orchestrationPaths,
  outboxResponseSchema,
  securityNoticeMessages,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import { listMfaDevicesOf } from '../src/modules/directory/directory.store';
import { customerToken, startBankingServer, userIdOf } from './banking-server';
import { partnerToken } from './partner-tokens';
import { SignInDriver, stepUp, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { TestPhone } from './test-phone';

const NEW_PASSWORD = 'Noticed.Change2026';
/** The notices' words as sent under the default brand (the messaging fills in the bank's name). */
const notice = {
  passwordChangedSubject: fillBrand(securityNoticeMessages.passwordChangedSubject, DEFAULT_BRAND),
  deviceAddedSubject: fillBrand(securityNoticeMessages.deviceAddedSubject, DEFAULT_BRAND),
  deviceRemovedSubject: fillBrand(securityNoticeMessages.deviceRemovedSubject, DEFAULT_BRAND),
  contactChangedSubject: (what: string) =>
    fillBrand(securityNoticeMessages.contactChangedSubject(what), DEFAULT_BRAND),
  ifItWasNot: fillBrand(securityNoticeMessages.ifItWasNot, DEFAULT_BRAND),
};

/**
 * OWASP ASVS 2.2.3 and 2.5.5: when a password or a sign-in method changes, the account's owner
 * gets an e-mail saying what changed and what to do if it was not them. Each change is made
 * through the public API, as the person (or the help desk) would make it; the test reads the
 * mailbox, as the person would.
 */
// One database (API_DATABASES): which notices HTTP actions send; no SQL of its own.
describe.each(API_DATABASES)('security notices on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    config = testConfig();
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  /** The address's e-mails, newest first. */
  async function mailbox(address: string) {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(address)}&limit=50`, origin),
    );
    return outboxResponseSchema.parse(await response.json()).messages;
  }

  /** The notices (e-mails without a code) the address got after `since` messages. */
  async function noticesSince(address: string, countBefore: number) {
    const all = await mailbox(address);
    return all
      .slice(0, all.length - countBefore)
      .filter((message) => message.code === null && message.channel === 'email');
  }

  function startPolicy(policyId: string, body: Record<string, unknown>) {
    return fetch(new URL(orchestrationPaths.policyStart(config.companyId, policyId), origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** A new address or number is used once the code sent to it is entered. */
  async function confirmContact(token: string, kind: 'email' | 'mobile', target: string) {
    const [codeMessage] = await mailbox(target);
    const confirmed = await startPolicy(config.policyIds.PROFILE_UPDATE, {
      accessToken: token,
      step: 'confirmContact',
      kind,
      otp: codeMessage?.code ?? '',
    });
    expect(await confirmed.json()).toEqual({ success: true });
  }

  it('tells a customer their password changed when they switch to Password, and nothing when they switch to Device', async () => {
    const token = await customerToken(origin, 'ava.thomas');
    const before = (await mailbox('ava.thomas@example.com')).length;
    await stepUp(origin, token);
    const switched = await startPolicy(config.policyIds.SIGN_IN_METHOD, {
      hostname: 'localhost',
      accessToken: token,
      rawData: {
        [`${config.productId}UserAuthnPreferences`]: 'Password',
        userPassword: [NEW_PASSWORD],
      },
    });
    expect(await switched.json()).toEqual({ success: true });
    const [told, ...more] = await noticesSince('ava.thomas@example.com', before);
    expect(more).toEqual([]);
    expect(told?.subject).toBe(notice.passwordChangedSubject);
    expect(told?.body).toMatch(
      /^Hello Ava, the password for your AnyBank username ava\.thomas was changed on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\./,
    );
    expect(told?.body).toContain(notice.ifItWasNot);

    await stepUp(origin, token, { password: NEW_PASSWORD });
    const later = (await mailbox('ava.thomas@example.com')).length;
    const toDevice = await startPolicy(config.policyIds.SIGN_IN_METHOD, {
      hostname: 'localhost',
      accessToken: token,
      rawData: { [`${config.productId}UserAuthnPreferences`]: 'Device' },
    });
    expect(await toDevice.json()).toEqual({ success: true });
    expect(await noticesSince('ava.thomas@example.com', later)).toEqual([]);
  });

  it('tells of the new mobile number added when the profile changes it (the old one stays 24 hours)', async () => {
    const token = await customerToken(origin, 'emily.chen');
    await stepUp(origin, token);
    const before = (await mailbox('emily.chen@example.com')).length;
    const saved = await startPolicy(config.policyIds.PROFILE_UPDATE, {
      hostname: 'localhost',
      accessToken: token,
      rawData: {
        givenName: ['Emily'],
        sn: ['Chen'],
        mail: ['emily.chen@example.com'],
        mobile: ['+16175550999'],
        street: ['8 Harbor Road'],
        l: ['Boston'],
        postalCode: ['02110'],
      },
    });
    expect(saved.status).toBe(200);
    await confirmContact(token, 'mobile', '+16175550999');
    const told = await noticesSince('emily.chen@example.com', before);
    expect(told.map((message) => message.subject)).toEqual([notice.deviceAddedSubject]);
    for (const message of told) {
      expect(message.body).toContain('a mobile number for text-message codes');
      // The notice names the kind of method, never the number itself.
      expect(message.body).not.toContain('0999');
    }
  });

  it('tells the old e-mail address, with its undo link, as well as the new one when the profile replaces it', async () => {
    const token = await customerToken(origin, 'noah.white');
    await stepUp(origin, token);
    const before = (await mailbox('noah.white@example.com')).length;
    const saved = await startPolicy(config.policyIds.PROFILE_UPDATE, {
      hostname: 'localhost',
      accessToken: token,
      rawData: {
        givenName: ['Noah'],
        sn: ['White'],
        mail: ['noah.new@example.org'],
        mobile: ['+16025550177'],
        street: ['700 Desert Road'],
        l: ['Phoenix'],
        postalCode: ['85004'],
      },
    });
    expect(saved.status).toBe(200);
    await confirmContact(token, 'email', 'noah.new@example.org');
    const toOld = await noticesSince('noah.white@example.com', before);
    // The change itself (what, when, from which browser, "This wasn't me", help); the old
    // address's device stays for 24 hours, so no removal is told yet.
    expect(toOld.map((message) => message.subject)).toEqual([
      notice.contactChangedSubject('e-mail address'),
    ]);
    expect(toOld[0]?.body).toContain(`${securityNoticeMessages.contactChangedUndoLabel}: `);
    const toNew = await noticesSince('noah.new@example.org', 0);
    expect(toNew.map((message) => message.subject)).toEqual([notice.deviceAddedSubject]);
  });

  it('tells the owner when the app is activated on a phone, and again when another phone takes it over', async () => {
    const reader = new SignInDriver(origin);
    const before = (await mailbox('james.taylor@example.com')).length;
    await new TestPhone(origin).activate('james.taylor', 'james.taylor@example.com', reader);
    await new TestPhone(origin).activate('james.taylor', 'james.taylor@example.com', reader);
    const told = await noticesSince('james.taylor@example.com', before);
    expect(told.map((message) => message.body.split(' was added')[0])).toEqual([
      'Hello James, the AnyBank app on a new phone',
      'Hello James, the AnyBank app on a phone',
    ]);
  });

  it('tells a customer who reset a forgotten password with the e-mailed code', async () => {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post({ action: 'initiateAccountRecovery' });
    await driver.post({ action: 'submitRecoveryUsername' }, { username: 'liam.anderson' });
    const recoveryCode = await driver.latestCode('liam.anderson@example.com');
    const before = (await mailbox('liam.anderson@example.com')).length;
    const reset = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode, newPassword: NEW_PASSWORD },
    );
    expect(reset.body.status).toBe('SUCCESSFUL_PASSWORD_RESET');
    const told = await noticesSince('liam.anderson@example.com', before);
    expect(told.map((message) => message.subject)).toEqual([notice.passwordChangedSubject]);
    expect(told[0]?.body).toContain('Hello Liam');
  });

  it('tells the customer when the help desk removes one of their methods', async () => {
    const olivia = await userIdOf(test, 'olivia.martin');
    const samToken = await partnerToken(origin, 'CustomerServiceRep');
    const helpDesk = async (step: string, fields: Record<string, unknown>) => {
      const response = await startPolicy(config.policyIds.HELP_DESK, {
        step,
        accessToken: samToken,
        ...fields,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { additionalProperties: { sessionId: string } };
    };
    const { sessionId } = (await helpDesk('start', { username: 'olivia.martin' }))
      .additionalProperties;
    const code = await new SignInDriver(origin).latestCode('olivia.martin@example.com');
    await helpDesk('verifyCode', { sessionId, code });
    const sms = (await listMfaDevicesOf(test.handle.db, olivia)).find(
      (device) => device.type === 'SMS',
    );
    const before = (await mailbox('olivia.martin@example.com')).length;
    await helpDesk('removeDevice', { sessionId, deviceId: sms?.id });
    const told = await noticesSince('olivia.martin@example.com', before);
    expect(told.map((message) => message.subject)).toEqual([notice.deviceRemovedSubject]);
  });
});
