import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE,
  EVENT_EXPLANATIONS,
  INSPECTOR_PATH,
  RISK_API_PATH,
  XSRF_HEADER,
  messages,
} from '@anybank/contracts';
import { auditEvents, mfaDevices } from '../src/db/schema';
import { userIdOf } from './banking-server';
import { BrowserSession } from './browser-session';
import { fetchFrom } from './client-address';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { SoftAuthenticator } from './soft-authenticator';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

/**
 * Nobody can lock a customer out from elsewhere (risk.rules.ts): failed sign-ins count against
 * the address they came from and the (address, username) pair. An attacker's wrong passwords
 * from another address refuse and slow that address only; the owner signs in with a passkey,
 * and with the password from a browser that has signed in before (its HttpOnly device cookie).
 * The audit log and the panel's words name the rule and whom it refused.
 */

const PASSWORD = 'Welcome2Bank!';
/** The attacker's network: any 127.x.y.z reaches the server on the loopback. */
const ATTACKER = '127.0.0.66';
const OWNER = '127.0.0.1';

interface RequestOptions {
  challenge: string;
  rpId: string;
}

// Both engines: the per-address counts and the per-pair lock are SQL of their own.
describe.each(DATABASE_KINDS)('lock-out from elsewhere on %s', (kind) => {
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

  const fromAttacker = () => new BrowserSession(origin).moveTo(fetchFrom(ATTACKER));

  /** A new sign-in in `browser` up to the answer to the username. */
  async function identify(browser: BrowserSession, uid: string) {
    const driver = new SignInDriver(origin, undefined, browser);
    await driver.authorize();
    const identified = await driver.post('submitIdentifier', {
      identifier: uid,
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    return { driver, identified };
  }

  /** Wrong passwords from the attacker's address until it is refused at the username. */
  async function guessFromAttacker(uid: string) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { driver, identified } = await identify(fromAttacker(), uid);
      expect(identified.body.status).toBe('USERNAME_PASSWORD_REQUIRED');
      const wrong = await driver.post('checkUsernamePassword', {
        username: uid,
        password: `Wrong.Guess${attempt}`,
      });
      expect([401, 423]).toContain(wrong.status);
    }
  }

  async function attackerRefused(uid: string) {
    const { identified } = await identify(fromAttacker(), uid);
    expect(identified.status).toBe(403);
    expect(identified.body.message).toBe(
      messages.login.accessDenied(
        'Too many failed sign-ins for this username from your network. Please wait 15 minutes and try again.',
      ),
    );
  }

  /** Password and the e-mailed code in `driver`'s flow, to RESUME. */
  async function passwordAndCode(driver: SignInDriver, uid: string) {
    let asked = (await driver.post('checkUsernamePassword', { username: uid, password: PASSWORD }))
      .body;
    if (asked.status === 'DEVICE_SELECTION_REQUIRED') {
      const email = asked.devices?.find((device) => device.type === 'Email');
      asked = (await driver.post({ action: 'selectDevice' }, { deviceRef: { id: email?.id } }))
        .body;
    }
    expect(asked.status, 'the password is accepted and the code asked').toBe('OTP_REQUIRED');
    const code = await driver.latestCode(`${uid}@example.com`);
    expect((await driver.post({ action: 'checkOtp' }, { otp: code })).body.status).toBe(
      'MFA_COMPLETED',
    );
    const landing = await driver.resume(await driver.continueToResume());
    expect(landing.searchParams.get('code'), 'signed in').toBeTruthy();
  }

  async function audited(uid: string, type: string) {
    return test.handle.db
      .select({ ip: auditEvents.ip, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.type, type), eq(auditEvents.userId, await userIdOf(test, uid))))
      .orderBy(auditEvents.id);
  }

  it('the owner signs in with the password from a browser that signed in before; the attacker’s address stays refused', async () => {
    const laptop = new BrowserSession(origin);
    await passwordAndCode((await identify(laptop, 'jane.doe')).driver, 'jane.doe');
    expect(laptop.cookie(DEVICE_COOKIE), 'the bank set the device cookie').toBeDefined();
    await new SignInDriver(origin, undefined, laptop).signOut(`${origin}/`);

    await guessFromAttacker('jane.doe');
    await attackerRefused('jane.doe');

    // The owner's browser, on its own network, its "Behind the scenes" panel open: the modal's
    // evaluation and the flow go on.
    const panel = await laptop.fetch(INSPECTOR_PATH, {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    expect(panel.status).toBe(201);
    const evaluation = await laptop.fetch(RISK_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'jane.doe', riskPayload: PERSON_RISK_PAYLOAD }),
    });
    expect(evaluation.status).toBe(200);
    expect(((await evaluation.json()) as { result: { level: string } }).result.level).toBe('LOW');
    const { driver, identified } = await identify(laptop, 'jane.doe');
    expect(identified.body.status).toBe('USERNAME_PASSWORD_REQUIRED');
    await passwordAndCode(driver, 'jane.doe');
    await driver.signOut(`${origin}/`);

    // Her browser taken to the attacker's network (a shared office) is not refused at the
    // username either; a browser that never signed in there is.
    laptop.moveTo(fetchFrom(ATTACKER));
    expect((await identify(laptop, 'jane.doe')).identified.body.status).toBe(
      'USERNAME_PASSWORD_REQUIRED',
    );
    await attackerRefused('jane.doe');

    // The audit log names the rule and whom it refused; the panel says it in words.
    const denied = (await audited('jane.doe', 'risk.denied'))
      .filter((event) => 'rules' in (event.details as object))
      .at(-1);
    expect(denied).toMatchObject({
      ip: ATTACKER,
      details: { uid: 'jane.doe', level: 'MEDIUM', rules: ['pairVelocity'] },
    });
    const words = EVENT_EXPLANATIONS['risk.denied']!.explain(denied!.details as never);
    expect(words).toContain('pairVelocity');
    expect(words).toContain('from this address');
    const evaluated = (await audited('jane.doe', 'risk.evaluated')).at(-1);
    expect(evaluated).toMatchObject({
      ip: OWNER,
      details: { level: 'LOW', rules: ['usernameVelocity'] },
    });
    expect(EVENT_EXPLANATIONS['risk.evaluated']!.explain(evaluated!.details as never)).toContain(
      'from other addresses',
    );
  });

  it('the owner signs in with a passkey, from anywhere, whatever the attacker’s failures', async () => {
    const uid = 'emily.chen';
    const key = new SoftAuthenticator(origin);
    // Her security key, added after a sign-in (she is offered it with one method left).
    await test.handle.db
      .delete(mfaDevices)
      .where(and(eq(mfaDevices.userId, await userIdOf(test, uid)), eq(mfaDevices.type, 'SMS')));
    const { driver: pairing } = await identify(new BrowserSession(origin), uid);
    await pairing.post('checkUsernamePassword', { username: uid, password: PASSWORD });
    await pairing.post(
      { action: 'checkOtp' },
      { otp: await pairing.latestCode(`${uid}@example.com`) },
    );
    await pairing.post({ action: 'continueAuthentication' });
    const creation = await pairing.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'FIDO2' } },
    );
    const paired = await pairing.post(
      { action: 'activateDevice' },
      {
        attestation: key.register(
          creation.body.publicKeyCredentialCreationOptions as Parameters<typeof key.register>[0],
        ),
        origin,
      },
    );
    expect(paired.body.pairedDevice?.type).toBe('SECURITY_KEY');

    await guessFromAttacker(uid);
    await attackerRefused(uid);

    // A new browser (no device cookie) on her network, then one on the attacker's network.
    for (const browser of [new BrowserSession(origin), fromAttacker()]) {
      const driver = new SignInDriver(origin, undefined, browser);
      await driver.authorize();
      const asked = await driver.post({ action: 'startPasskeySignIn' });
      const options = asked.body.publicKeyCredentialRequestOptions as RequestOptions;
      const signedIn = await driver.post(
        { action: 'signInWithPasskey' },
        { assertion: key.assert(options), origin, riskPayload: PERSON_RISK_PAYLOAD },
      );
      expect(signedIn.body.status, JSON.stringify(signedIn.body)).not.toBe('FAILED');
      expect(['MFA_COMPLETED', 'RESUME', 'DEVICE_PAIRING_METHOD_REQUIRED']).toContain(
        signedIn.body.status,
      );
    }
    await attackerRefused(uid);
  });
});
