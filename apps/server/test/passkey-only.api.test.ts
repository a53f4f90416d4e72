import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, DEFAULT_BRAND, fillBrand, passkeyMessages } from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import type { Config } from '../src/config';
import { auditEvents, mfaDevices, users } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { freePort } from './browser-session';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import { SoftAuthenticator } from './soft-authenticator';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import {
  type CreationOptions,
  type RequestOptions,
  passkeyOnlyCalls,
} from './passkey-only-registration';

/**
 * Passkeys first through the real server: an account created with a passkey and
 * no password, signing in from the username field's passkey suggestion (no username, no
 * password, no second factor), the risk rules still in the way, and forgot password, which for
 * such an account is an e-mailed code and then a new passkey. A software authenticator makes
 * real attestations and assertions.
 */

describe.each(API_DATABASES)('passkey-only accounts on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    const port = await freePort();
    origin = `http://localhost:${port}`;
    await seedDemoData(test.handle.db);
    // Every account here registers from one address: more than a person makes in a minute
    // (the limits have tests of their own: rate-limit.api.test.ts).
    config = testConfig({
      PORT: String(port),
      PUBLIC_URL: origin,
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    server = await buildServer({ config, database: test.handle, webDistDir: '/nonexistent' });
    await server.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const { registration, latestEmail, register, userRow, passkeySuggestion, pick } =
    passkeyOnlyCalls(() => ({ origin, config, test }));

  it('creates an account with a passkey and no password at all, its passkey the only device', async () => {
    const key = new SoftAuthenticator(origin);
    const { options, verified } = await register('pat.key', key);
    expect(options.authenticatorSelection).toMatchObject({
      userVerification: 'required',
      residentKey: 'required',
    });
    expect(verified).toMatchObject({
      status: 200,
      body: { status: 'COMPLETED', username: 'pat.key' },
    });
    const user = await userRow('pat.key');
    expect(user).toMatchObject({ passwordHash: null, authnPreference: 'Device' });
    // The passkey was made for the account's id (its user handle).
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(user.id);
    const devices = await test.handle.db
      .select()
      .from(mfaDevices)
      .where(eq(mfaDevices.userId, user.id));
    expect(devices.map((device) => [device.type, device.credentialId])).toEqual([
      ['FIDO2', key.id],
    ]);
  });

  it('refuses a passkey registration without the passkey, with a forged one, or one that does not verify the user', async () => {
    const email = 'no.key@example.com';
    const started = await registration({
      step: 'startPasskey',
      firstName: 'No',
      lastName: 'Key',
      email,
      username: 'no.key',
    });
    const options = started.body.publicKeyCredentialCreationOptions as CreationOptions;
    const code = (await latestEmail(email)).code;
    const attempts = [
      undefined,
      new SoftAuthenticator(origin).register({ ...options, challenge: 'b3RoZXI' }),
      new SoftAuthenticator(origin, { userVerified: false }).register(options),
      new SoftAuthenticator('http://evil.example').register(options),
    ];
    for (const attestation of attempts) {
      const refused = await registration({
        step: 'verify',
        registrationId: started.body.registrationId,
        code,
        ...(attestation ? { attestation } : {}),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([
        { field: 'attestation', message: passkeyMessages.passkeyRefused },
      ]);
    }
    expect(await test.handle.db.select().from(users).where(eq(users.uid, 'no.key'))).toEqual([]);
  });

  it('signs in from the passkey suggestion with no username, no password and no second factor', async () => {
    const key = new SoftAuthenticator(origin);
    await register('suggested.key', key);
    const { driver, asked, options } = await passkeySuggestion();
    expect(asked.body.status).toBe('IDENTIFIER_REQUIRED');
    // Any passkey for the site may answer, and it must verify the user.
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');

    const signedIn = await pick(driver, key.assert(options));
    expect(signedIn.body).toMatchObject({ status: 'MFA_COMPLETED', username: 'suggested.key' });
    expect(await driver.continueToResume()).toContain('/as/authorization.oauth2/');
    // The passkey with user verification is both factors, as the audit log says.
    const [succeeded] = await test.handle.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'signin.succeeded'),
          eq(auditEvents.userId, (await userRow('suggested.key')).id),
        ),
      );
    expect(succeeded?.details).toMatchObject({ amr: ['hwk', 'user', 'mfa'] });
    const [device] = await test.handle.db
      .select()
      .from(mfaDevices)
      .where(eq(mfaDevices.credentialId, key.id));
    expect(device?.signCount).toBe(1);
  });

  it('signs in whoever owns the passkey the browser picked, of two for the site', async () => {
    const first = new SoftAuthenticator(origin);
    const second = new SoftAuthenticator(origin);
    await register('first.key', first);
    await register('second.key', second);
    const { driver, options } = await passkeySuggestion();
    expect((await pick(driver, second.assert(options))).body.username).toBe('second.key');
  });

  it('refuses a passkey answer that names another customer as its user, or no user at all', async () => {
    const mine = new SoftAuthenticator(origin);
    await register('handle.mine', mine);
    await register('handle.theirs', new SoftAuthenticator(origin));
    const theirHandle = Buffer.from((await userRow('handle.theirs')).id).toString('base64url');
    const answerNaming = async (userHandle: string | undefined) => {
      const { driver, options } = await passkeySuggestion();
      const answer = mine.assert(options);
      const response: Record<string, unknown> = { ...answer.response, userHandle };
      if (userHandle === undefined) delete response.userHandle;
      return pick(driver, { ...answer, response });
    };
    for (const userHandle of [theirHandle, undefined]) {
      const refused = await answerNaming(userHandle);
      expect(refused.status, `userHandle ${String(userHandle)}`).toBe(400);
      expect(refused.body.status).toBe('IDENTIFIER_REQUIRED');
    }
    // The same passkey naming its own owner signs in.
    const own = await answerNaming(
      Buffer.from((await userRow('handle.mine')).id).toString('base64url'),
    );
    expect(own.body).toMatchObject({ status: 'MFA_COMPLETED', username: 'handle.mine' });
  });

  it('refuses a passkey that does not verify the user, a replayed answer, and an unknown one', async () => {
    const key = new SoftAuthenticator(origin);
    await register('careful.key', key);
    const presenceOnly = key.withoutUserVerification();
    const { driver, options } = await passkeySuggestion();
    // Same credential id and key, but no user verification flag: refused.
    const unverified = await pick(driver, presenceOnly.assert(options));
    expect(unverified).toMatchObject({
      status: 400,
      body: {
        status: 'IDENTIFIER_REQUIRED',
        code: 'passkey_not_verified',
        message: messages.login.fidoAuthenticationNotProvided,
      },
    });
    // The refused answer used up the challenge: a right answer to it now fails too.
    expect((await pick(driver, key.assert(options))).status).toBe(400);
    const fresh = (await driver.post({ action: 'startPasskeySignIn' })).body
      .publicKeyCredentialRequestOptions as RequestOptions;
    const answer = key.assert(fresh);
    expect((await pick(driver, answer)).body.status).toBe('MFA_COMPLETED');
    // The same answer in another flow (another challenge) is refused.
    const other = await passkeySuggestion();
    expect((await pick(other.driver, answer)).status).toBe(400);
  });

  it('refuses a copy of a passkey picked from the suggestion, and audits it for its owner', async () => {
    const key = new SoftAuthenticator(origin);
    await register('copied.key', key);
    const copy = key.clone();
    const first = await passkeySuggestion();
    expect((await pick(first.driver, key.assert(first.options))).body.status).toBe('MFA_COMPLETED');
    // The copy signs with the counter the original already used.
    const second = await passkeySuggestion();
    const refused = await pick(second.driver, copy.assert(second.options));
    expect(refused).toMatchObject({
      status: 400,
      body: { status: 'IDENTIFIER_REQUIRED', message: messages.login.fidoAuthenticatorCloned },
    });
    const audited = await test.handle.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'device.clone_suspected'),
          eq(auditEvents.userId, (await userRow('copied.key')).id),
        ),
      );
    expect(audited).toHaveLength(1);
  });

  it('denies a passkey sign-in when the risk is high, as a username would be', async () => {
    const key = new SoftAuthenticator(origin);
    await register('risky.key', key);
    await test.handle.db
      .update(users)
      .set({ highRiskNextSignIn: true })
      .where(eq(users.uid, 'risky.key'));
    const { driver, options } = await passkeySuggestion();
    const denied = await pick(driver, key.assert(options));
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ status: 'FAILED', code: 'risk_denied' });
  });

  it('asks a passkey-only account for its passkey right after the username', async () => {
    const key = new SoftAuthenticator(origin);
    await register('named.key', key);
    const driver = new SignInDriver(origin);
    await driver.authorize();
    const asked = await driver.post('submitIdentifier', {
      identifier: 'named.key',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    expect(asked.body.status).toBe('ASSERTION_REQUIRED');
    const request = asked.body.publicKeyCredentialRequestOptions as RequestOptions;
    // The modal's prompt asks the same options of the browser (ADR 0026).
    expect(asked.body.challengePrompt?.nodes).toContainEqual(
      expect.objectContaining({ type: 'webauthn', options: request }),
    );
    const answered = await driver.post(
      { action: 'checkAssertion' },
      { assertion: key.assert(request), origin },
    );
    expect(answered.body.status).toBe('MFA_COMPLETED');
  });

  it('refuses a passkey-only account’s passkey after the username when its answer does not verify the user', async () => {
    const key = new SoftAuthenticator(origin);
    await register('unverified.key', key);
    const presenceOnly = key.withoutUserVerification();
    const driver = new SignInDriver(origin);
    await driver.authorize();
    const asked = await driver.post('submitIdentifier', {
      identifier: 'unverified.key',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    expect(asked.body.status).toBe('ASSERTION_REQUIRED');
    const request = asked.body.publicKeyCredentialRequestOptions as RequestOptions;
    // The same key, touched but not unlocked: with no password, presence alone proves too little.
    const refused = await driver.post(
      { action: 'checkAssertion' },
      { assertion: presenceOnly.assert(request), origin },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.status).not.toBe('MFA_COMPLETED');
  });

  it('answers forgot password with "no password to reset", then a code and a new passkey', async () => {
    const lost = new SoftAuthenticator(origin);
    await register('lost.key', lost);
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post({ action: 'initiateAccountRecovery' });
    const asked = await driver.post({ action: 'submitRecoveryUsername' }, { username: 'lost.key' });
    expect(asked.body).toMatchObject({
      status: 'RECOVERY_CODE_REQUIRED',
      passkeyRecovery: true,
    });
    const mail = await latestEmail('lost.key@example.com');
    expect(mail.subject).toBe(fillBrand(passkeyMessages.passkeyRecoverySubject, DEFAULT_BRAND));

    const pairing = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode: mail.code, newPassword: '' },
    );
    expect(pairing.body.status).toBe('FIDO2_ACTIVATION_REQUIRED');
    const creation = pairing.body.publicKeyCredentialCreationOptions as CreationOptions;
    expect(creation.authenticatorSelection?.userVerification).toBe('required');
    const replacement = new SoftAuthenticator(origin);
    const done = await driver.post(
      { action: 'activateDevice' },
      { attestation: replacement.register(creation), origin },
    );
    // Recovered, not signed in: the new passkey signs in from the start.
    expect(done.body).toMatchObject({ status: 'SUCCESSFUL_PASSWORD_RESET', passkeyRecovery: true });
    expect((await userRow('lost.key')).passwordHash).toBeNull();
    const again = await driver.post({ action: 'continueAuthentication' });
    expect(again.body.status).toBe('IDENTIFIER_REQUIRED');
    const { driver: next, options } = await passkeySuggestion();
    expect((await pick(next, replacement.assert(options))).body.username).toBe('lost.key');
  });

  it('refuses a wrong recovery code for a passkey-only account and pairs nothing', async () => {
    await register('guessed.key', new SoftAuthenticator(origin));
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post({ action: 'initiateAccountRecovery' });
    await driver.post({ action: 'submitRecoveryUsername' }, { username: 'guessed.key' });
    const refused = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode: 'AAAAAAAA', newPassword: '' },
    );
    expect(refused.body).toMatchObject({ status: 'FAILED', code: 'recovery_failed' });
  });
});
