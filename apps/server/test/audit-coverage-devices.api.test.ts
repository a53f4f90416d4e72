import { asc, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orchestrationPaths, outboxResponseSchema } from '@anybank/contracts';
import type { Config } from '../src/config';
import { auditEvents } from '../src/db/schema';
import { listMfaDevicesOf } from '../src/modules/directory/directory.store';
import { customerToken, startBankingServer, userIdOf } from './banking-server';
import { partnerToken } from './partner-tokens';
import { rfcTotp } from './rfc-totp';
import { SignInDriver, stepUp, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { TestPhone } from './test-phone';

// The audit log's coverage of second factors: added, rebound, replaced and removed devices
// (the rest of the coverage is in audit-coverage.api.test.ts).
describe.each(API_DATABASES)('audit log coverage on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    // startBankingServer runs with the defaults of these (company, product and policy ids).
    config = testConfig();
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  /** The newest audit row's id: what a test causes comes after it. */
  async function auditMark(): Promise<number> {
    const [row] = await test.handle.db.select({ last: max(auditEvents.id) }).from(auditEvents);
    return Number(row?.last ?? 0);
  }

  /** The audit rows written since `mark`, oldest first, of one type. */
  async function auditedSince(mark: number, type: string) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, mark))
      .orderBy(asc(auditEvents.id));
    return rows.filter((row) => row.type === type);
  }

  function startPolicy(policyId: string, body: Record<string, unknown>) {
    return fetch(new URL(orchestrationPaths.policyStart(config.companyId, policyId), origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  describe('second factors', () => {
    it('records an authenticator app paired from the profile as a device added to its owner', async () => {
      const jane = await userIdOf(test, 'jane.doe');
      const token = await customerToken(origin, 'jane.doe');
      await stepUp(origin, token);
      const auth = { authorization: `Bearer ${token}`, 'X-XSRF-Header': '1' };
      const pairing = new SignInDriver(origin);
      const started = await pairing.browser.fetch('/api/authn/flows', {
        method: 'POST',
        headers: auth,
      });
      expect(started.status).toBe(201);
      pairing.flowId = ((await started.json()) as { id: string }).id;
      const totp = await pairing.post(
        { action: 'selectPairingMethod' },
        { devicePairingMethod: { deviceType: 'AuthenticatorApp' } },
        auth,
      );
      const mark = await auditMark();
      const paired = await pairing.post(
        { action: 'activateDevice' },
        { otp: rfcTotp(totp.body.pairingKey ?? '', Date.now()) },
        auth,
      );
      expect(paired.body.pairedDevice?.type).toBe('TOTP');

      const app = (await listMfaDevicesOf(test.handle.db, jane)).find(
        (device) => device.type === 'TOTP',
      );
      expect(await auditedSince(mark, 'device.added')).toMatchObject([
        {
          userId: jane,
          ip: expect.any(String),
          details: { deviceId: app?.id, deviceType: 'TOTP', via: 'pairing' },
        },
      ]);
    });

    it('records a phone activating the app as a device added, and a second phone as the device rebound', async () => {
      const james = await userIdOf(test, 'james.taylor');
      const reader = new SignInDriver(origin);
      const mark = await auditMark();
      const phone = new TestPhone(origin);
      await phone.activate('james.taylor', 'james.taylor@example.com', reader);
      const newPhone = new TestPhone(origin);
      await newPhone.activate('james.taylor', 'james.taylor@example.com', reader);
      expect(newPhone.deviceId).toBe(phone.deviceId);

      expect(await auditedSince(mark, 'device.added')).toMatchObject([
        {
          userId: james,
          details: { deviceId: phone.deviceId, deviceType: 'iPhone', via: 'app-activation' },
        },
        {
          userId: james,
          details: { deviceId: phone.deviceId, via: 'app-activation', rebound: true },
        },
      ]);
    });

    it('records a changed mobile number as the new SMS device added, held 24 hours (the old one stays till then)', async () => {
      const emily = await userIdOf(test, 'emily.chen');
      const token = await customerToken(origin, 'emily.chen');
      await stepUp(origin, token);
      const [oldSms] = (await listMfaDevicesOf(test.handle.db, emily)).filter(
        (device) => device.type === 'SMS',
      );
      const mark = await auditMark();
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
      expect(await auditedSince(mark, 'contact.change_requested')).toMatchObject([
        { userId: emily, details: { kind: 'mobile' } },
      ]);
      // The new number is used once the code texted to it is entered.
      const outbox = await fetch(
        new URL(`/api/dev/outbox?to=${encodeURIComponent('+16175550999')}&limit=1`, origin),
      );
      const [texted] = outboxResponseSchema.parse(await outbox.json()).messages;
      const confirmed = await startPolicy(config.policyIds.PROFILE_UPDATE, {
        accessToken: token,
        step: 'confirmContact',
        kind: 'mobile',
        otp: texted?.code ?? '',
      });
      expect(confirmed.status).toBe(200);
      expect(await auditedSince(mark, 'contact.changed')).toMatchObject([
        { userId: emily, details: { kind: 'mobile', inUseFrom: expect.any(String) } },
      ]);

      const sms = (await listMfaDevicesOf(test.handle.db, emily)).filter(
        (device) => device.type === 'SMS',
      );
      const newSms = sms.find((device) => device.target === '+16175550999');
      expect(sms.find((device) => device.id === oldSms?.id)?.inUseUntil).toEqual(newSms?.inUseFrom);
      expect(await auditedSince(mark, 'device.removed')).toEqual([]);
      expect(await auditedSince(mark, 'device.added')).toMatchObject([
        {
          userId: emily,
          details: {
            deviceId: newSms?.id,
            deviceType: 'SMS',
            via: 'profile-update',
            inUseFrom: newSms?.inUseFrom?.toISOString(),
          },
        },
      ]);
    });

    it('records a device the help desk removes against the customer, naming the rep who did it', async () => {
      const olivia = await userIdOf(test, 'olivia.martin');
      const sam = await userIdOf(test, 'sam.rivera');
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
      const mark = await auditMark();
      await helpDesk('removeDevice', { sessionId, deviceId: sms?.id });

      expect((await listMfaDevicesOf(test.handle.db, olivia)).map((device) => device.type)).toEqual(
        ['Email'],
      );
      expect(await auditedSince(mark, 'device.removed')).toMatchObject([
        {
          userId: olivia,
          details: {
            deviceId: sms?.id,
            deviceType: 'SMS',
            via: 'help-desk',
            by: sam,
            helpDeskSessionId: sessionId,
          },
        },
      ]);
    });
  });
});
