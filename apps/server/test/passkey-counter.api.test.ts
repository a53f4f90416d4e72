import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  outboxResponseSchema,
  securityNoticeMessages,
  DEFAULT_BRAND,
  fillBrand,
} from '@anybank/contracts';
import { auditEvents, mfaDevices } from '../src/db/schema';
import { userIdOf } from './banking-server';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { SoftAuthenticator } from './soft-authenticator';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * Passkeys and security keys through the sign-in API, with a software authenticator: the
 * server prefers user verification but does not require it, and refuses an authenticator
 * whose signature counter does not move forward (WebAuthn §6.1.1, a cloned authenticator).
 */

const PASSWORD = 'Welcome2Bank!';

interface CredentialOptions {
  challenge: string;
  rp: { id: string };
  authenticatorSelection?: { userVerification?: string };
}
interface RequestOptions {
  challenge: string;
  rpId: string;
  userVerification?: string;
}

// One database (API_DATABASES): WebAuthn checks over HTTP, one request at a time.
describe.each(API_DATABASES)('passkey sign-in on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startSignInServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  /** Signs in with the e-mailed code, takes the offer and registers `key` as a security key. */
  async function pairKey(uid: string, key: SoftAuthenticator): Promise<CredentialOptions> {
    // A customer with one method is offered to add another.
    const userId = await userIdOf(test, uid);
    await test.handle.db
      .delete(mfaDevices)
      .where(and(eq(mfaDevices.userId, userId), eq(mfaDevices.type, 'SMS')));
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', { identifier: uid, riskPayload: PERSON_RISK_PAYLOAD });
    await driver.post('checkUsernamePassword', { username: uid, password: PASSWORD });
    const done = await driver.post(
      { action: 'checkOtp' },
      { otp: await driver.latestCode(`${uid}@example.com`) },
    );
    expect(done.body.status).toBe('MFA_COMPLETED');
    await driver.post({ action: 'continueAuthentication' });
    const creation = await driver.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'FIDO2' } },
    );
    const options = creation.body.publicKeyCredentialCreationOptions as CredentialOptions;
    const paired = await driver.post(
      { action: 'activateDevice' },
      { attestation: key.register(options), origin },
    );
    expect(paired.body.pairedDevice?.type).toBe('SECURITY_KEY');
    return options;
  }

  /** A new sign-in up to the key's challenge; `answer` sends the key's assertion. */
  async function signInWith(uid: string) {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', { identifier: uid, riskPayload: PERSON_RISK_PAYLOAD });
    const choice = await driver.post('checkUsernamePassword', {
      username: uid,
      password: PASSWORD,
    });
    const fido = choice.body.devices?.find((device) => device.type === 'SECURITY_KEY');
    const asked = await driver.post({ action: 'selectDevice' }, { deviceRef: { id: fido?.id } });
    expect(asked.body.status).toBe('ASSERTION_REQUIRED');
    const request = asked.body.publicKeyCredentialRequestOptions as RequestOptions;
    return {
      request,
      answer: (key: SoftAuthenticator) =>
        driver.post({ action: 'checkAssertion' }, { assertion: key.assert(request), origin }),
    };
  }

  /** The subjects of the e-mails without a code (security notices) to the address, oldest first. */
  async function noticesTo(address: string): Promise<string[]> {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(address)}&limit=50`, origin),
    );
    return outboxResponseSchema
      .parse(await response.json())
      .messages.filter((message) => message.code === null && message.channel === 'email')
      .map((message) => message.subject ?? '')
      .reverse();
  }

  async function keyOf(uid: string) {
    const [device] = await test.handle.db
      .select()
      .from(mfaDevices)
      .where(
        and(eq(mfaDevices.userId, await userIdOf(test, uid)), eq(mfaDevices.type, 'SECURITY_KEY')),
      );
    return device!;
  }

  it('signs in with a key that proves presence only: verification is preferred, not required', async () => {
    const key = new SoftAuthenticator(origin, { userVerified: false });
    const creation = await pairKey('olivia.martin', key);
    expect(creation.authenticatorSelection?.userVerification).toBe('preferred');

    const signIn = await signInWith('olivia.martin');
    expect(signIn.request.userVerification).toBe('preferred');
    const answered = await signIn.answer(key);
    expect(answered.body.status).toBe('MFA_COMPLETED');
    expect((await keyOf('olivia.martin')).signCount).toBe(1);
  });

  it('refuses a clone whose counter stands still or goes back, says so, and audits it', async () => {
    const key = new SoftAuthenticator(origin);
    await pairKey('james.taylor', key);
    const behind = key.clone();
    expect((await (await signInWith('james.taylor')).answer(key)).body.status).toBe(
      'MFA_COMPLETED',
    );
    const level = key.clone();
    expect((await (await signInWith('james.taylor')).answer(key)).body.status).toBe(
      'MFA_COMPLETED',
    );
    const device = await keyOf('james.taylor');
    expect(device.signCount).toBe(2);

    // `level` signs with counter 2 (equal to the stored one), `behind` with 1 (lower).
    for (const clone of [level, behind]) {
      const refused = await (await signInWith('james.taylor')).answer(clone);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        status: 'ASSERTION_REQUIRED',
        code: 'passkey_cloned',
        message: messages.login.fidoAuthenticatorCloned,
      });
    }
    expect((await keyOf('james.taylor')).signCount).toBe(2);
    const audited = await test.handle.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.type, 'device.clone_suspected'), eq(auditEvents.userId, device.userId)),
      );
    expect(audited.map((row) => (row.details as { deviceId?: string }).deviceId)).toEqual([
      device.id,
      device.id,
    ]);
    // James was told of the key he added, and of each sign-in a copy of it tried.
    const notice = securityNoticeMessages;
    expect(await noticesTo('james.taylor@example.com')).toEqual(
      [notice.deviceAddedSubject, notice.cloneSuspectedSubject, notice.cloneSuspectedSubject].map(
        (subject) => fillBrand(subject, DEFAULT_BRAND),
      ),
    );

    // The registered key itself goes on working.
    expect((await (await signInWith('james.taylor')).answer(key)).body.status).toBe(
      'MFA_COMPLETED',
    );
    expect((await keyOf('james.taylor')).signCount).toBe(3);
  });

  it('refuses a forged signature as invalid, not as a clone, whatever its counter', async () => {
    const key = new SoftAuthenticator(origin);
    await pairKey('liam.anderson', key);
    expect((await (await signInWith('liam.anderson')).answer(key)).body.status).toBe(
      'MFA_COMPLETED',
    );
    // The forgery's counter (1) would also be a clone's: the signature is checked first.
    const forged = await (await signInWith('liam.anderson')).answer(key.forgery());
    expect(forged.body).toMatchObject({
      status: 'ASSERTION_REQUIRED',
      code: 'passkey_not_verified',
      message: messages.login.fidoAuthenticationNotProvided,
    });
    const audited = await test.handle.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'device.clone_suspected'),
          eq(auditEvents.userId, await userIdOf(test, 'liam.anderson')),
        ),
      );
    expect(audited).toEqual([]);
  });
});
