import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { TestPhone } from './test-phone';

// One database (API_DATABASES): the push sign-in over HTTP, one request at a time.
describe.each(API_DATABASES)('push sign-in through the phone app on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let phone: TestPhone;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startSignInServer(test));
    phone = new TestPhone(origin);
    await phone.activate('john.smith', 'john.smith@example.com', new SignInDriver(origin));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function waitingForPush() {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    const choice = await driver.post('submitIdentifier', {
      identifier: 'john.smith',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    expect(choice.body.status).toBe('DEVICE_SELECTION_REQUIRED');
    const iphone = choice.body.devices?.find((device) => device.type === 'iPhone');
    const waiting = await driver.post(
      { action: 'selectDevice' },
      { deviceRef: { id: iphone?.id } },
    );
    expect(waiting.body).toMatchObject({
      status: 'PUSH_CONFIRMATION_WAITING',
      selectedDevice: { type: 'iPhone' },
    });
    const { requests } = await phone.pending();
    const request = requests.at(-1);
    expect(request).toMatchObject({ kind: 'signin', context: { title: 'Sign in to AnyBank?' } });
    return { driver, requestId: request?.id ?? '' };
  }

  it('completes the sign-in when the phone approves', async () => {
    const { driver, requestId } = await waitingForPush();
    expect((await driver.read()).body.status).toBe('PUSH_CONFIRMATION_WAITING');
    expect((await phone.decide(requestId, 'approve')).status).toBe(204);
    expect((await driver.read()).body.status).toBe('MFA_COMPLETED');
    const resumed = await driver.post({ action: 'continueAuthentication' });
    expect(resumed.body.status).toBe('RESUME');
  });

  it('reports a denial, and lets the person choose another way', async () => {
    const { driver, requestId } = await waitingForPush();
    expect((await phone.decide(requestId, 'deny')).status).toBe(204);
    expect((await driver.read()).body.status).toBe('PUSH_CONFIRMATION_REJECTED');
    const cancelled = await driver.post({ action: 'cancelAuthentication' });
    expect(cancelled.body.status).toBe('AUTHENTICATION_REQUIRED');
    const again = await driver.post('authenticate', {});
    expect(again.body.status).toBe('DEVICE_SELECTION_REQUIRED');
  });

  it('refuses an approval signed with another device’s key, and a second decision', async () => {
    const { driver, requestId } = await waitingForPush();
    const impostor = new TestPhone(origin);
    expect((await phone.decide(requestId, 'approve', impostor)).status).toBe(403);
    expect((await driver.read()).body.status).toBe('PUSH_CONFIRMATION_WAITING');
    expect((await phone.decide(requestId, 'deny')).status).toBe(204);
    expect((await phone.decide(requestId, 'approve')).status).toBe(409);
    expect((await driver.read()).body.status).toBe('PUSH_CONFIRMATION_REJECTED');
  });

  it('times out a push nobody answers', async () => {
    const { driver } = await waitingForPush();
    await test.handle.db.execute(
      (await import('drizzle-orm'))
        .sql`update push_requests set expires_at = now() - interval '1 second' where status = 'pending'`,
    );
    expect((await driver.read()).body.status).toBe('PUSH_CONFIRMATION_TIMED_OUT');
  });

  it('shows a phone its requests only when it signs the listing', async () => {
    const impostor = new TestPhone(origin);
    impostor.deviceId = phone.deviceId;
    expect((await impostor.pending()).status).toBe(401);
  });
});
