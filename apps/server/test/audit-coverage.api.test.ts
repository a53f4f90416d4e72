import { asc, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_CLIENT,
  CLIENT_BALANCES_API_PATH,
  CONSENTS_API_PATH,
  consentSearchResponseSchema,
  orchestrationPaths,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import { auditEvents, users } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { partnerToken } from './partner-tokens';
import { PERSON_RISK_PAYLOAD, SignInDriver, stepUp, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

const PASSWORD = 'Welcome2Bank!';
const WRONG_PASSWORD = 'Wrong-Passw0rd!';
const NEW_PASSWORD = 'Audited.Change2026';

/**
 * Every security event leaves an audit entry naming whose account it concerns and,
 * where someone else acted, who. Each event is caused through the public HTTP API, as a person,
 * a partner or a rep would cause it; the test then reads the rows that request added.
 */
// One database (API_DATABASES): which HTTP actions leave which audit event, one request at a time.
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

  async function identified(username: string) {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', {
      identifier: username,
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    return driver;
  }

  function startPolicy(policyId: string, body: Record<string, unknown>) {
    return fetch(new URL(orchestrationPaths.policyStart(config.companyId, policyId), origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  describe('sign-in', () => {
    it('records a completed sign-in with the user, the client and the factors used', async () => {
      const emily = await userIdOf(test, 'emily.chen');
      const mark = await auditMark();
      const landing = await new SignInDriver(origin).signInWithPasswordAndEmail(
        'emily.chen',
        'emily.chen@example.com',
      );
      expect(landing.searchParams.get('code')).toBeTruthy();
      expect(await auditedSince(mark, 'signin.succeeded')).toMatchObject([
        {
          userId: emily,
          ip: expect.any(String),
          details: { clientId: BANK_CLIENT.clientId, amr: expect.arrayContaining(['pwd', 'otp']) },
        },
      ]);
    });

    it('records a wrong password, an unknown username and a wrong code as failures', async () => {
      const sofia = await userIdOf(test, 'sofia.garcia');
      const mark = await auditMark();
      const wrongPassword = await identified('sofia.garcia');
      const refused = await wrongPassword.post('checkUsernamePassword', {
        username: 'sofia.garcia',
        password: WRONG_PASSWORD,
      });
      expect(refused.status).toBe(401);
      const unknown = await identified('nobody.here');
      expect((await unknown.read()).body.status).toBe('IDENTIFIER_REQUIRED');

      expect(await auditedSince(mark, 'signin.failed')).toMatchObject([
        { userId: sofia, details: { uid: 'sofia.garcia', reason: 'wrong_password' } },
        { userId: null, details: { uid: 'nobody.here' } },
      ]);

      const wrongCode = await identified('sofia.garcia');
      const afterPassword = await wrongCode.post('checkUsernamePassword', {
        username: 'sofia.garcia',
        password: PASSWORD,
      });
      const email = afterPassword.body.devices?.find((device) => device.type === 'Email');
      await wrongCode.post({ action: 'selectDevice' }, { deviceRef: { id: email?.id } });
      const code = await wrongCode.latestCode('sofia.garcia@example.com');
      const rejected = await wrongCode.post(
        { action: 'checkOtp' },
        { otp: code === '000000' ? '111111' : '000000' },
      );
      expect(rejected.body.code).toBe('wrong_otp');
      // The code check and the sign-in flow each note it; both name sofia.
      const codeFailures = await auditedSince(mark, 'otp.failed');
      expect(codeFailures.map((row) => row.userId)).toContain(sofia);
      expect(codeFailures.every((row) => row.userId === sofia)).toBe(true);
      expect(codeFailures.map((row) => row.details)).toContainEqual(
        expect.objectContaining({ purpose: 'signin', result: 'invalid' }),
      );
    });

    it('records the lockout when the fifth wrong password locks the username, and each try while locked', async () => {
      const michael = await userIdOf(test, 'michael.brown');
      const mark = await auditMark();
      const driver = await identified('michael.brown');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await driver.post('checkUsernamePassword', {
          username: 'michael.brown',
          password: WRONG_PASSWORD,
        });
      }
      const whileLocked = await driver.post('checkUsernamePassword', {
        username: 'michael.brown',
        password: PASSWORD,
      });
      expect(whileLocked.status).toBe(423);
      expect(await auditedSince(mark, 'signin.failed')).toHaveLength(5);
      expect(await auditedSince(mark, 'signin.locked')).toMatchObject([
        { userId: michael, details: { uid: 'michael.brown', cause: 'limit_reached', failures: 5 } },
        { userId: michael, details: { uid: 'michael.brown', cause: 'attempt_while_locked' } },
      ]);
    });
  });

  describe('passwords', () => {
    it('records a password reset with the e-mailed recovery code', async () => {
      const liam = await userIdOf(test, 'liam.anderson');
      const driver = new SignInDriver(origin);
      await driver.authorize();
      await driver.post({ action: 'initiateAccountRecovery' });
      await driver.post({ action: 'submitRecoveryUsername' }, { username: 'liam.anderson' });
      const recoveryCode = await driver.latestCode('liam.anderson@example.com');
      const mark = await auditMark();
      const reset = await driver.post(
        { action: 'recoverAccount' },
        { recoveryCode, newPassword: NEW_PASSWORD },
      );
      expect(reset.body.status).toBe('SUCCESSFUL_PASSWORD_RESET');
      expect(await auditedSince(mark, 'password.changed')).toMatchObject([
        { userId: liam, ip: expect.any(String), details: { via: 'recovery' } },
      ]);
    });

    it('records the new password of a user whose password had to change', async () => {
      const mia = await userIdOf(test, 'mia.jackson');
      // The flag an administrator would set; no API of this demo sets it.
      await test.handle.db.update(users).set({ passwordMustChange: true }).where(eq(users.id, mia));
      const driver = await identified('mia.jackson');
      const asked = await driver.post('checkUsernamePassword', {
        username: 'mia.jackson',
        password: PASSWORD,
      });
      expect(asked.body.status).toBe('PASSWORD_RESET_REQUIRED');
      const mark = await auditMark();
      const next = await driver.post({ action: 'resetPassword' }, { newPassword: NEW_PASSWORD });
      expect(next.body.status).toBe('OTP_REQUIRED');
      expect(await auditedSince(mark, 'password.changed')).toMatchObject([
        { userId: mia, details: { via: 'forced-reset' } },
      ]);
    });

    it('records the password set when a customer switches their sign-in method to Password', async () => {
      const ava = await userIdOf(test, 'ava.thomas');
      const token = await customerToken(origin, 'ava.thomas');
      await stepUp(origin, token);
      const mark = await auditMark();
      const switched = await startPolicy(config.policyIds.SIGN_IN_METHOD, {
        hostname: 'localhost',
        accessToken: token,
        rawData: {
          [`${config.productId}UserAuthnPreferences`]: 'Password',
          userPassword: [NEW_PASSWORD],
        },
      });
      expect(await switched.json()).toEqual({ success: true });
      expect(await auditedSince(mark, 'password.changed')).toMatchObject([
        { userId: ava, details: { via: 'sign-in-method' } },
      ]);

      // A switch to Device sets no password, so it records no password change.
      await stepUp(origin, token, { password: NEW_PASSWORD });
      const later = await auditMark();
      const toDevice = await startPolicy(config.policyIds.SIGN_IN_METHOD, {
        hostname: 'localhost',
        accessToken: token,
        rawData: { [`${config.productId}UserAuthnPreferences`]: 'Device' },
      });
      expect(await toDevice.json()).toEqual({ success: true });
      expect(await auditedSince(later, 'password.changed')).toEqual([]);
    });
  });

  describe('consents, partners and the demo admin', () => {
    it('records a consent the customer changes, with its new status', async () => {
      const jane = await userIdOf(test, 'jane.doe');
      const call = apiClient(origin, await customerToken(origin, 'jane.doe'));
      const found = consentSearchResponseSchema.parse(
        await (await call(`${CONSENTS_API_PATH}?subject=${jane}&definition=communication`)).json(),
      );
      const consentId = found._embedded.consents[0]?.id ?? '';
      const mark = await auditMark();
      const changed = await call(`${CONSENTS_API_PATH}/${consentId}`, {
        method: 'PATCH',
        body: { data: { sms: false, email: true, homeAddress: true } },
      });
      expect(changed.status).toBe(200);
      expect(await auditedSince(mark, 'consent.changed')).toMatchObject([
        {
          userId: jane,
          details: {
            consentId,
            action: 'updated',
            definition: 'communication',
            status: 'accepted',
          },
        },
      ]);
    });

    it('records a partner reading a client’s balances: the reader, whose data, and the outcome', async () => {
      const amy = await userIdOf(test, 'amy.davis');
      const jane = await userIdOf(test, 'jane.doe');
      const noah = await userIdOf(test, 'noah.white');
      const advisor = apiClient(origin, await partnerToken(origin, 'AnyWealthAdvisor'));
      const mark = await auditMark();
      expect((await advisor(`${CLIENT_BALANCES_API_PATH}?subject=${jane}`)).status).toBe(200);
      expect((await advisor(`${CLIENT_BALANCES_API_PATH}?subject=${noah}`)).status).toBe(200);
      const ava = await userIdOf(test, 'ava.thomas');
      expect((await advisor(`${CLIENT_BALANCES_API_PATH}?subject=${ava}`)).status).toBe(403);

      expect(await auditedSince(mark, 'partner.read')).toMatchObject([
        {
          userId: amy,
          details: {
            readerType: 'AnyWealthAdvisor',
            resource: 'client-balances',
            subjects: [jane],
            outcome: 'shown',
          },
        },
        { userId: amy, details: { subjects: [noah], outcome: 'shown' } },
      ]);
      expect(await auditedSince(mark, 'partner.consent_refused')).toMatchObject([
        { userId: amy, details: { subjects: [ava], outcome: 'refused' } },
      ]);
    });

    it('records a demo admin action with the user who took it', async () => {
      const noah = await userIdOf(test, 'noah.white');
      const call = apiClient(origin, await customerToken(origin, 'noah.white'));
      const mark = await auditMark();
      const response = await call('/api/admin/risk-override', {
        method: 'PUT',
        body: { enabled: true },
      });
      expect(response.status).toBe(204);
      expect(await auditedSince(mark, 'admin.action')).toMatchObject([
        {
          userId: noah,
          ip: expect.any(String),
          details: { action: 'risk-override', enabled: true },
        },
      ]);
    });
  });
});
