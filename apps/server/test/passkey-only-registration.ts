/* eslint-disable @typescript-eslint/no-non-null-assertion -- test code (a registration the test
   just saw succeed), moved out of passkey-only.api.test.ts, where eslint.config allows it. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  XSRF_HEADER,
  orchestrationPaths,
  outboxResponseSchema,
  widgetTokenResponseSchema,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import { users } from '../src/db/schema';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import type { SoftAuthenticator } from './soft-authenticator';
import type { TestDatabase } from './test-database';

// Registering a passkey-only account and signing in with its passkey, for
// passkey-only.api.test.ts: the registration policy's calls and the passkey suggestion.

export const COMPANY = 'anybank-demo';

export interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
  authenticatorSelection?: { userVerification?: string; residentKey?: string };
}
export interface RequestOptions {
  challenge: string;
  rpId: string;
  userVerification?: string;
  allowCredentials?: unknown[];
}

/** The calls, against the server the test started (read when called). */
export function passkeyOnlyCalls(
  env: () => { origin: string; config: Config; test: TestDatabase },
) {
  async function registration(body: unknown) {
    const token = await fetch(new URL(orchestrationPaths.widgetToken(COMPANY), env().origin), {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    const { access_token } = widgetTokenResponseSchema.parse(await token.json());
    const path = orchestrationPaths.policyStart(COMPANY, env().config.policyIds.REGISTRATION);
    const response = await fetch(new URL(path, env().origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & {
        details?: { field: string; message: string }[];
      },
    };
  }

  async function latestEmail(to: string) {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`, env().origin),
    );
    const [message] = outboxResponseSchema.parse(await response.json()).messages;
    if (!message?.code) throw new Error(`no code for ${to}`);
    return message;
  }

  /** Registers `username` with `key` as its passkey: the form, the e-mailed code, the key. */
  async function register(username: string, key: SoftAuthenticator) {
    const email = `${username}@example.com`;
    const started = await registration({
      step: 'startPasskey',
      firstName: 'Pat',
      lastName: 'Key',
      email,
      username,
    });
    expect(started.status).toBe(200);
    const options = started.body.publicKeyCredentialCreationOptions as CreationOptions;
    const code = (await latestEmail(email)).code;
    const verified = await registration({
      step: 'verify',
      registrationId: started.body.registrationId,
      code,
      attestation: key.register(options),
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    return { options, verified };
  }

  async function userRow(uid: string) {
    const [row] = await env().test.handle.db.select().from(users).where(eq(users.uid, uid));
    return row!;
  }

  /** A sign-in flow up to the passkey suggestion's request options. */
  async function passkeySuggestion() {
    const driver = new SignInDriver(env().origin);
    await driver.authorize();
    const asked = await driver.post({ action: 'startPasskeySignIn' });
    return {
      driver,
      asked,
      options: asked.body.publicKeyCredentialRequestOptions as RequestOptions,
    };
  }

  const pick = (driver: SignInDriver, assertion: unknown) =>
    driver.post(
      { action: 'signInWithPasskey' },
      { assertion, origin: env().origin, riskPayload: PERSON_RISK_PAYLOAD },
    );
  return { registration, latestEmail, register, userRow, passkeySuggestion, pick };
}
