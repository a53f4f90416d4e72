import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaDevices, users } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './test-database';
import { rfcTotp } from './rfc-totp';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  stepUp,
  type Server,
} from './sign-in-driver';

// Adding a second factor from the profile page with the customer's own token (the sign-in's
// pairing is in devices.api.test.ts).

describe('adding a device from the profile page', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startSignInServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function tokenOf(username: string) {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail(username, `${username}@example.com`);
    const { access_token } = (await (
      await driver.token(landing.searchParams.get('code') ?? '')
    ).json()) as { access_token: string };
    return { driver, token: access_token };
  }

  it('lets jane.doe pair an authenticator app with her token, then sign in with it', async () => {
    const { driver, token } = await tokenOf('jane.doe');
    const auth = { authorization: `Bearer ${token}`, 'X-XSRF-Header': '1' };
    expect(
      (
        await driver.browser.fetch('/api/authn/flows', {
          method: 'POST',
          headers: { 'X-XSRF-Header': '1' },
        })
      ).status,
    ).toBe(401);
    // Her fresh token alone adds no way to sign in: a step-up made for it is asked for.
    const fresh = await driver.browser.fetch('/api/authn/flows', { method: 'POST', headers: auth });
    expect(fresh.status).toBe(401);
    expect(await fresh.json()).toMatchObject({ code: 'step_up_required' });
    await stepUp(origin, token);
    const started = await driver.browser.fetch('/api/authn/flows', {
      method: 'POST',
      headers: auth,
    });
    expect(started.status).toBe(201);
    const flow = (await started.json()) as { id: string; status: string; selfService: boolean };
    expect(flow).toMatchObject({ status: 'DEVICE_PAIRING_METHOD_REQUIRED', selfService: false });

    const pairing = new SignInDriver(origin, undefined, driver.browser);
    pairing.flowId = flow.id;
    const totp = await pairing.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'AuthenticatorApp' } },
      auth,
    );
    const secret = totp.body.pairingKey ?? '';
    const paired = await pairing.post(
      { action: 'activateDevice' },
      { otp: rfcTotp(secret, Date.now()) },
      auth,
    );
    expect(paired.body.pairedDevice?.type).toBe('TOTP');
    const done = await pairing.post({ action: 'continueAuthentication' }, {}, auth);
    expect(done.body).toMatchObject({ status: 'RESUME' });
    expect(done.body.resumeUrl).toBeUndefined();

    // Someone else's token cannot continue jane's pairing.
    const { token: other } = await tokenOf('james.taylor');
    expect(
      (
        await pairing.post(
          { action: 'continueAuthentication' },
          {},
          { authorization: `Bearer ${other}`, 'X-XSRF-Header': '1' },
        )
      ).status,
    ).toBe(403);

    const devices = (await (
      await driver.browser.fetch('/api/authn/devices', { headers: auth })
    ).json()) as { devices: { type: string }[] };
    expect(devices.devices.map((device) => device.type).sort()).toEqual(['Email', 'SMS', 'TOTP']);

    const next = new SignInDriver(origin);
    await next.authorize();
    await next.post('submitIdentifier', {
      identifier: 'jane.doe',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const choice = await next.post('checkUsernamePassword', {
      username: 'jane.doe',
      password: 'Welcome2Bank!',
    });
    const app = choice.body.devices?.find((device) => device.type === 'TOTP');
    await next.post({ action: 'selectDevice' }, { deviceRef: { id: app?.id } });
    expect(
      (await next.post({ action: 'checkOtp' }, { otp: rfcTotp(secret, Date.now() + 30_000) })).body
        .status,
    ).toBe('MFA_COMPLETED');
  });

  it('shows the maximum-devices message to a customer who already has five', async () => {
    const { driver, token } = await tokenOf('noah.white');
    await stepUp(origin, token);
    const [noah] = await test.handle.db.select().from(users).where(eq(users.uid, 'noah.white'));
    await test.handle.db.insert(mfaDevices).values(
      ['+15550000011', '+15550000012', '+15550000013'].map((target) => ({
        userId: noah!.id,
        type: 'SMS',
        name: 'SMS',
        target,
      })),
    );
    const started = await driver.browser.fetch('/api/authn/flows', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'X-XSRF-Header': '1' },
    });
    expect(started.status).toBe(409);
    expect(await started.json()).toMatchObject({
      code: 'pairing_device_limit',
      flow: { status: 'DEVICE_PAIRING_METHOD_REQUIRED' },
    });
  });
});
