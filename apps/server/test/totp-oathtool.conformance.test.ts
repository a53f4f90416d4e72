import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_CLIENTS } from '@anybank/contracts';
import {
  TOTP_PERIOD_SECONDS,
  acceptedTotpStep,
  newTotpSecret,
} from '../src/modules/identity/devices/totp.rules';
import { PERSON_RISK_PAYLOAD, SignInDriver, startSignInServer } from './sign-in-driver';
import type { Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * Authenticator-app codes computed by Debian's `oathtool` (OATH Toolkit, an implementation
 * independent of the otpauth package the server uses). `npm run test:unit` makes sure it is
 * installed (scripts/ensure-tools.mjs); a missing tool fails these tests rather than skip them.
 */
function oathtoolCode(secretBase32: string, atMs: number): string {
  try {
    return execFileSync(
      'oathtool',
      ['--totp', '--base32', secretBase32, `--now=@${Math.floor(atMs / 1000)}`],
      { encoding: 'utf8' },
    ).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('oathtool is not installed: run `node scripts/ensure-tools.mjs`', {
        cause: error,
      });
    }
    throw error;
  }
}

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

describe('authenticator-app codes from oathtool, checked by the server’s rules', () => {
  const secret = newTotpSecret();
  // 10 s into a time step, so a neighbour is a whole step away whichever way the clock drifts.
  const now = Date.UTC(2026, 10, 22, 12, 0, 10);
  const step = Math.floor(now / STEP_MS);

  it('gives 6-digit codes for the bank’s secrets', () => {
    expect(oathtoolCode(secret, now)).toMatch(/^\d{6}$/);
  });

  it('accepts the current code and one step of drift either way, each as its own step', () => {
    for (const drift of [-1, 0, 1]) {
      expect(acceptedTotpStep(secret, oathtoolCode(secret, now + drift * STEP_MS), now, null)).toBe(
        step + drift,
      );
    }
  });

  it('refuses the codes two and three steps away', () => {
    for (const drift of [-3, -2, 2, 3]) {
      expect(
        acceptedTotpStep(secret, oathtoolCode(secret, now + drift * STEP_MS), now, null),
      ).toBeNull();
    }
  });

  it('refuses a code again once its step has been used, and an older step after a newer one', () => {
    expect(acceptedTotpStep(secret, oathtoolCode(secret, now), now, step)).toBeNull();
    expect(acceptedTotpStep(secret, oathtoolCode(secret, now - STEP_MS), now, step)).toBeNull();
    expect(acceptedTotpStep(secret, oathtoolCode(secret, now + STEP_MS), now, step)).toBe(step + 1);
  });
});

// One database (API_DATABASES): TOTP codes against oathtool; no SQL of its own.
describe.each(API_DATABASES)('an authenticator app played by oathtool, on %s', (kind) => {
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

  /** amy.davis (one e-mail device), through password and e-mailed code. */
  async function signInAmy(driver: SignInDriver) {
    await driver.authorize();
    await driver.post('submitIdentifier', {
      identifier: 'amy.davis',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    return driver.post('checkUsernamePassword', {
      username: 'amy.davis',
      password: 'Welcome2Bank!',
    });
  }

  it('pairs with the key the server hands out, then signs in with its next code', async () => {
    const pairing = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    await signInAmy(pairing);
    await pairing.post(
      { action: 'checkOtp' },
      { otp: await pairing.latestCode('amy.davis@example.com') },
    );
    expect((await pairing.post({ action: 'continueAuthentication' })).body.status).toBe(
      'DEVICE_PAIRING_METHOD_REQUIRED',
    );
    const offered = await pairing.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'AuthenticatorApp' } },
    );
    const key = offered.body.pairingKey ?? '';
    expect(offered.body.keyUri).toContain(`secret=${key}`);
    const paired = await pairing.post(
      { action: 'activateDevice' },
      { otp: oathtoolCode(key, Date.now()) },
    );
    expect(paired.body).toMatchObject({ status: 'MFA_COMPLETED', pairedDevice: { type: 'TOTP' } });

    // The pairing used this step; the next sign-in takes the next step's code (within drift).
    const next = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    const choice = await signInAmy(next);
    const app = choice.body.devices?.find((device) => device.type === 'TOTP');
    await next.post({ action: 'selectDevice' }, { deviceRef: { id: app?.id } });
    const signedIn = await next.post(
      { action: 'checkOtp' },
      { otp: oathtoolCode(key, Date.now() + STEP_MS) },
    );
    expect(signedIn.body.status).toBe('MFA_COMPLETED');
  });
});
