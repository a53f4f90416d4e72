import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_KEY_HEADER,
  MAX_MFA_DEVICES,
  XSRF_HEADER,
  messages,
  orchestrationPaths,
  outboxResponseSchema,
  widgetTokenResponseSchema,
} from '@anybank/contracts';
import type { Server } from '../src/app';
import type { Config } from '../src/config';
import { mfaDevices, users } from '../src/db/schema';
import { deviceInUseAt } from '../src/modules/directory/directory.rules';
import { findUserByUid, listMfaDevicesOf } from '../src/modules/directory/directory.store';
import { profileUpdateMessages } from '../src/modules/orchestration/policies/profile-update.policy';
import { SignInDriver, startSignInServer, stepUp } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { testConfig } from './test-config';

const COMPANY = 'anybank-demo';
const DAY = 24 * 60 * 60 * 1000;

interface Answer {
  status: number;
  body: Record<string, unknown> & {
    message?: string;
    details?: { field?: string; message: string }[];
  };
}

/** The widget's body: attribute lists, null when blank (document 2 §7). */
function profileBody(
  accessToken: string,
  details: {
    firstName: string;
    lastName: string;
    email: string;
    mobile: string;
    street: string;
    city: string;
    zip: string;
  },
  extra: Record<string, unknown> = {},
) {
  const list = (value: string) => (value.trim() === '' ? null : [value]);
  return {
    hostname: 'localhost',
    accessToken,
    rawData: {
      givenName: list(details.firstName),
      sn: list(details.lastName),
      cn: list(`${details.firstName} ${details.lastName}`),
      mail: list(details.email),
      mobile: list(details.mobile),
      street: list(details.street),
      l: list(details.city),
      postalCode: list(details.zip),
    },
    ...extra,
  };
}

const JANE = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  mobile: '+15551234567',
  street: '123 Main Street',
  city: 'Springfield',
  zip: '62701',
};

// One database (API_DATABASES): a policy over HTTP, one request at a time.
describe.each(API_DATABASES)('profile update policy on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let policyId: string;
  let janeToken: string;
  let janeId: string;

  async function save(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(
      new URL(orchestrationPaths.policyStart(COMPANY, policyId), origin),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
    );
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  function fieldsOf(answer: Answer): Record<string, string> {
    expect(answer.status).toBe(400);
    return Object.fromEntries(
      (answer.body.details ?? []).map((detail) => [detail.field ?? '', detail.message]),
    );
  }

  const jane = async () => (await findUserByUid(test.handle.db, 'jane.doe'))!;

  /**
   * A new address or number waits for the code sent to it: the save answers
   * verificationRequired and changes neither; the code from the outbox then makes it so.
   */
  async function confirmContact(
    saved: Answer,
    kind: 'email' | 'mobile',
    target: string,
  ): Promise<Answer> {
    expect(saved).toMatchObject({
      status: 200,
      body: { success: true, additionalProperties: { code: 'verificationRequired' } },
    });
    expect(await jane()).toMatchObject({ email: JANE.email, mobile: JANE.mobile });
    const outbox = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(target)}&limit=1`, origin),
    );
    const [message] = outboxResponseSchema.parse(await outbox.json()).messages;
    return save({ accessToken: janeToken, step: 'confirmContact', kind, otp: message?.code });
  }
  const devicesOfJane = () => listMfaDevicesOf(test.handle.db, janeId);
  /** Jane's devices that sign in now, or `later` ms from now (a new contact waits 24 hours). */
  const signingIn = async (later = 0) => {
    const at = new Date(Date.now() + later + 1000);
    return (await devicesOfJane())
      .filter((device) => deviceInUseAt(device, at))
      .map((device) => `${device.type}:${device.target}`)
      .sort();
  };

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startSignInServer(test, { RATE_LIMIT_PER_MINUTE: '1000000' }));
    const config: Config = testConfig({});
    policyId = config.policyIds.PROFILE_UPDATE;
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    const response = await driver.token(landing.searchParams.get('code') ?? '');
    janeToken = ((await response.json()) as { access_token: string }).access_token;
    janeId = (await jane()).id;
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  /** Every test starts from jane's seeded profile and devices (Email, SMS). */
  beforeEach(async () => {
    const db = test.handle.db;
    await db
      .update(users)
      .set({
        firstName: JANE.firstName,
        lastName: JANE.lastName,
        email: JANE.email,
        mobile: JANE.mobile,
        street: JANE.street,
        city: JANE.city,
        postalCode: JANE.zip,
      })
      .where(eq(users.id, janeId));
    await db.delete(mfaDevices).where(eq(mfaDevices.userId, janeId));
    await db.insert(mfaDevices).values([
      { userId: janeId, type: 'Email', name: 'Email', target: JANE.email },
      { userId: janeId, type: 'SMS', name: 'SMS', target: JANE.mobile },
    ]);
  });

  it('saves the details and replaces the SMS device of the old mobile with the new one', async () => {
    await stepUp(origin, janeToken);
    const answer = await save(
      profileBody(
        janeToken,
        {
          ...JANE,
          firstName: 'Janet',
          mobile: '+44.7700900123',
          street: '1 New Road',
          city: 'London',
          zip: 'SW1A 1AA',
        },
        { deleteSmsMfa: JANE.mobile },
      ),
    );
    expect(await confirmContact(answer, 'mobile', '+447700900123')).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await jane()).toMatchObject({
      firstName: 'Janet',
      lastName: 'Doe',
      email: JANE.email,
      mobile: '+447700900123',
      street: '1 New Road',
      city: 'London',
      postalCode: 'SW1A 1AA',
    });
    // For 24 hours the old number still signs in and the new one does not yet.
    expect(await signingIn()).toEqual([`Email:${JANE.email}`, `SMS:${JANE.mobile}`]);
    expect(await signingIn(DAY)).toEqual([`Email:${JANE.email}`, 'SMS:+447700900123']);
  });

  it('replaces the e-mail device when the e-mail changes', async () => {
    await stepUp(origin, janeToken);
    const answer = await save(
      profileBody(
        janeToken,
        { ...JANE, email: 'Jane.Work@Example.com' },
        {
          deleteEmailMfa: JANE.email,
        },
      ),
    );
    expect(await confirmContact(answer, 'email', 'jane.work@example.com')).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await jane()).email).toBe('Jane.Work@Example.com');
    expect(await signingIn()).toEqual([`Email:${JANE.email}`, `SMS:${JANE.mobile}`]);
    expect(await signingIn(DAY)).toEqual(['Email:jane.work@example.com', `SMS:${JANE.mobile}`]);
  });

  it('leaves the devices alone when neither mobile nor e-mail changed', async () => {
    const before = await devicesOfJane();
    const answer = await save(
      profileBody(janeToken, { ...JANE, mobile: '+1.5551234567', email: 'JANE.DOE@example.com' }),
    );
    expect(answer.status).toBe(200);
    expect((await devicesOfJane()).map((device) => device.id)).toEqual(
      before.map((device) => device.id),
    );
  });

  it('at the device limit saves the profile but adds no device and answers limitExceeded', async () => {
    // No SMS device to replace, and already the maximum number of devices.
    const db = test.handle.db;
    await db
      .delete(mfaDevices)
      .where(and(eq(mfaDevices.userId, janeId), eq(mfaDevices.type, 'SMS')));
    const extra = MAX_MFA_DEVICES - (await devicesOfJane()).length;
    await db.insert(mfaDevices).values(
      Array.from({ length: extra }, (_, index) => ({
        userId: janeId,
        type: 'TOTP',
        name: `Authenticator ${index + 1}`,
      })),
    );
    await stepUp(origin, janeToken);
    const answer = await save(
      profileBody(janeToken, { ...JANE, mobile: '+447700900123' }, { deleteSmsMfa: JANE.mobile }),
    );
    expect(await confirmContact(answer, 'mobile', '+447700900123')).toEqual({
      status: 200,
      body: { success: true, additionalProperties: { code: 'limitExceeded' } },
    });
    expect((await jane()).mobile).toBe('+447700900123');
    const devices = await devicesOfJane();
    expect(devices).toHaveLength(MAX_MFA_DEVICES);
    expect(devices.some((device) => device.type === 'SMS')).toBe(false);
  });

  it('at the device limit still replaces a device it removes first', async () => {
    const db = test.handle.db;
    const extra = MAX_MFA_DEVICES - (await devicesOfJane()).length;
    await db.insert(mfaDevices).values(
      Array.from({ length: extra }, (_, index) => ({
        userId: janeId,
        type: 'TOTP',
        name: `Authenticator ${index + 1}`,
      })),
    );
    await stepUp(origin, janeToken);
    const answer = await save(
      profileBody(janeToken, { ...JANE, mobile: '+447700900123' }, { deleteSmsMfa: JANE.mobile }),
    );
    expect(await confirmContact(answer, 'mobile', '+447700900123')).toEqual({
      status: 200,
      body: { success: true },
    });
    const sms = async (later: number) =>
      (await signingIn(later)).filter((device) => device.startsWith('SMS:'));
    expect(await sms(0)).toEqual([`SMS:${JANE.mobile}`]);
    expect(await sms(DAY)).toEqual(['SMS:+447700900123']);
  });

  it('refuses an invalid e-mail and other §5 violations field by field, changing nothing', async () => {
    const before = await jane();
    const devicesBefore = await devicesOfJane();
    const answer = await save(
      profileBody(janeToken, {
        ...JANE,
        firstName: 'J4ne',
        lastName: '',
        email: 'jane.doe@example',
        mobile: '555-CALL-NOW',
        street: 'x'.repeat(51),
        city: 'y'.repeat(51),
        zip: '12345678901',
      }),
    );
    expect(fieldsOf(answer)).toEqual({
      givenName: expect.any(String),
      sn: expect.any(String),
      mail: messages.validation.emailInvalid,
      mobile: messages.validation.phoneFormat,
      street: profileUpdateMessages.streetTooLong,
      l: profileUpdateMessages.cityTooLong,
      postalCode: profileUpdateMessages.zipTooLong,
    });
    expect(await jane()).toEqual(before);
    expect(await devicesOfJane()).toEqual(devicesBefore);
  });

  it('refuses another customer’s e-mail, in any letter case', async () => {
    const before = await jane();
    const answer = await save(
      profileBody(janeToken, { ...JANE, email: 'John.Smith@example.com', mobile: '+447700900123' }),
    );
    expect(fieldsOf(answer)).toEqual({ mail: profileUpdateMessages.emailTaken });
    expect(await jane()).toEqual(before);
  });

  it('accepts a blank mobile and ZIP, and removes the old number’s SMS device', async () => {
    await stepUp(origin, janeToken);
    const answer = await save(profileBody(janeToken, { ...JANE, mobile: '', zip: '' }));
    expect(answer.status).toBe(200);
    expect(await jane()).toMatchObject({ mobile: null, postalCode: null });
    // The SMS device of the removed number goes; the e-mail device stays.
    expect((await devicesOfJane()).map((device) => device.type)).toEqual(['Email']);
  });

  it('needs the user’s own valid access token in the body', async () => {
    const body = profileBody('', JANE);
    const { accessToken: _omitted, ...withoutToken } = body;
    void _omitted;
    expect((await save(withoutToken)).status).toBe(401);
    expect((await save({ ...body, accessToken: 'not-a-token' })).status).toBe(401);
    expect(
      (await save(withoutToken, { [API_KEY_HEADER]: server.services.keys.secrets.apiKey })).status,
    ).toBe(401);
    const widget = await fetch(new URL(orchestrationPaths.widgetToken(COMPANY), origin), {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    const widgetToken = widgetTokenResponseSchema.parse(await widget.json()).access_token;
    expect((await save({ ...body, accessToken: widgetToken })).status).toBe(401);
    expect((await save(withoutToken, { authorization: `Bearer ${widgetToken}` })).status).toBe(401);
  });
});
