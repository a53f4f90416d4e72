import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_HEADER,
  XSRF_HEADER,
  deviceUniquenessResponseSchema,
  messages,
  DEFAULT_BRAND,
  fillBrand,
  orchestrationMessages,
  orchestrationPaths,
  qrCodeResponseSchema,
  widgetTokenResponseSchema,
} from '@anybank/contracts';
import type { Server } from '../src/app';
import type { Config } from '../src/config';
import { outboxMessages } from '../src/db/schema';
import { findUserByUid } from '../src/modules/directory/directory.store';
import { SignInDriver } from './sign-in-driver';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';
import { COMPANY, client, fieldsOf, startOrchestrationServer } from './orchestration-client';

describe.each(DATABASE_KINDS)('orchestration API on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin, config } = await startOrchestrationServer(test));
    api = client(origin);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const policy = (name: keyof Config['policyIds']) => config.policyIds[name];

  describe('tokens', () => {
    it('refuses the sdktoken without the API key and with a wrong one', async () => {
      const path = orchestrationPaths.sdkToken(COMPANY);
      expect((await api.call('GET', path)).status).toBe(401);
      const wrong = await api.call('GET', path, { headers: { [API_KEY_HEADER]: 'not-the-key' } });
      expect(wrong.status).toBe(401);
      const unknownCompany = await api.call('GET', orchestrationPaths.sdkToken('other-bank'), {
        headers: { [API_KEY_HEADER]: server.services.keys.secrets.apiKey },
      });
      expect(unknownCompany.status).toBe(404);
    });

    it('answers a 5-minute widget token for the API key', async () => {
      const answer = await api.call('GET', orchestrationPaths.sdkToken(COMPANY), {
        headers: { [API_KEY_HEADER]: server.services.keys.secrets.apiKey },
      });
      expect(answer.status).toBe(200);
      expect(widgetTokenResponseSchema.parse(answer.body)).toMatchObject({
        token_type: 'Bearer',
        expires_in: 300,
      });
    });

    it('gives the bank’s pages a widget token only with the anti-forgery header', async () => {
      const path = orchestrationPaths.widgetToken(COMPANY);
      expect((await api.call('POST', path)).status).toBe(403);
      const answer = await api.call('POST', path, { headers: { [XSRF_HEADER]: '1' } });
      expect(answer.status).toBe(200);
      expect(widgetTokenResponseSchema.safeParse(answer.body).success).toBe(true);
    });

    it('starts a public policy with a widget token or the API key, and not without', async () => {
      const path = orchestrationPaths.policyStart(COMPANY, policy('QR_CODE'));
      const body = { keyUri: 'otpauth://totp/AnyBank:ada?secret=JBSWY3DPEHPK3PXP&issuer=AnyBank' };
      expect((await api.call('POST', path, { body })).status).toBe(401);
      const forged = await api.call('POST', path, {
        body,
        headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' },
      });
      expect(forged.status).toBe(401);
      const withKey = await api.call('POST', path, {
        body,
        headers: { [API_KEY_HEADER]: server.services.keys.secrets.apiKey },
      });
      expect(withKey.status).toBe(200);
      expect((await api.start(policy('QR_CODE'), body)).status).toBe(200);
    });

    it('answers 404 for a policy id or company that is not configured', async () => {
      const token = await api.widgetToken();
      expect((await api.start('no-such-policy', {}, token)).status).toBe(404);
      const otherCompany = await api.call(
        'POST',
        orchestrationPaths.policyStart('other-bank', policy('QR_CODE')),
        { body: {}, headers: { authorization: `Bearer ${token}` } },
      );
      expect(otherCompany.status).toBe(404);
    });
  });

  describe('username recovery', () => {
    function recover(mail: string, encodedMail = Buffer.from(mail).toString('base64')) {
      return api.start(policy('USERNAME_RECOVERY'), { hostname: 'localhost', mail, encodedMail });
    }

    it('sends the username to the address it belongs to', async () => {
      const answer = await recover('Emily.Chen@example.com');
      expect(answer).toEqual({ status: 200, body: { success: true } });
      const [mail] = await api.outbox('emily.chen@example.com');
      expect(mail?.subject).toBe(fillBrand(orchestrationMessages.usernameSubject, DEFAULT_BRAND));
      expect(mail?.body).toContain('emily.chen');
    });

    it('answers success false with the spec’s text for an address of nobody', async () => {
      const answer = await recover(`nobody.${kind}@example.com`);
      expect(answer).toEqual({
        status: 200,
        body: { success: false, message: messages.login.usernameRecoveryFailure },
      });
      expect(await api.outbox(`nobody.${kind}@example.com`)).toEqual([]);
    });

    it('refuses an encodedMail that is not the base64 of mail', async () => {
      const answer = await recover(
        'jane.doe@example.com',
        Buffer.from('john@example.com').toString('base64'),
      );
      expect(fieldsOf(answer)).toEqual({ encodedMail: orchestrationMessages.encodedMailMismatch });
    });

    it('sends one address at most 3 usernames in 15 minutes', async () => {
      const statuses: number[] = [];
      for (let call = 0; call < 4; call += 1)
        statuses.push((await recover('john.smith@example.com')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const sent = await test.handle.db
        .select({ sent: count() })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'john.smith@example.com'));
      expect(Number(sent[0]?.sent)).toBe(3);
    });
  });

  describe('device uniqueness', () => {
    let janeToken: string;
    let janeId: string;
    beforeAll(async () => {
      const driver = new SignInDriver(origin);
      const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
      const response = await driver.token(landing.searchParams.get('code') ?? '');
      janeToken = ((await response.json()) as { access_token: string }).access_token;
      janeId = (await findUserByUid(test.handle.db, 'jane.doe'))!.id;
    });

    function check(body: Record<string, unknown>) {
      return api.call(
        'POST',
        orchestrationPaths.policyStart(COMPANY, policy('DEVICE_UNIQUENESS')),
        {
          body,
        },
      );
    }

    it('answers DUPLICATE for the user’s own e-mail or phone, UNIQUE otherwise', async () => {
      const statusOf = async (target: Record<string, string>) => {
        const answer = await check({ accessToken: janeToken, subject: janeId, ...target });
        expect(answer.status).toBe(200);
        return deviceUniquenessResponseSchema.parse(answer.body).additionalProperties.status;
      };
      expect(await statusOf({ email: 'JANE.DOE@example.com' })).toBe('DUPLICATE');
      expect(await statusOf({ phoneNumber: '+1.5551234567' })).toBe('DUPLICATE');
      expect(await statusOf({ email: 'jane.work@example.com' })).toBe('UNIQUE');
      expect(await statusOf({ phoneNumber: '+447700900123' })).toBe('UNIQUE');
    });

    it('needs the user’s own access token in the body: not a widget token, not the API key', async () => {
      const body = { subject: janeId, email: 'jane.doe@example.com' };
      expect((await check(body)).status).toBe(401);
      const path = orchestrationPaths.policyStart(COMPANY, policy('DEVICE_UNIQUENESS'));
      const withKey = await api.call('POST', path, {
        body,
        headers: { [API_KEY_HEADER]: server.services.keys.secrets.apiKey },
      });
      expect(withKey.status).toBe(401);
      const widget = await api.widgetToken();
      expect((await api.start(policy('DEVICE_UNIQUENESS'), body, widget)).status).toBe(401);
      expect((await check({ ...body, accessToken: widget })).status).toBe(401);
    });

    it('refuses to check another user’s devices', async () => {
      const john = await findUserByUid(test.handle.db, 'john.smith');
      const answer = await check({
        accessToken: janeToken,
        subject: john!.id,
        email: 'john.smith@example.com',
      });
      expect(answer.status).toBe(403);
    });
  });

  describe('QR code', () => {
    it('draws the keyUri as a PNG data URL', async () => {
      const answer = await api.start(policy('QR_CODE'), {
        keyUri: 'otpauth://totp/AnyBank:jane.doe?secret=JBSWY3DPEHPK3PXP&issuer=AnyBank',
      });
      expect(answer.status).toBe(200);
      const { qrCode } = qrCodeResponseSchema.parse(answer.body).additionalProperties;
      const png = Buffer.from(qrCode.slice('data:image/png;base64,'.length), 'base64');
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    });

    it('refuses anything but an otpauth://totp/ URI', async () => {
      const answer = await api.start(policy('QR_CODE'), { keyUri: 'https://evil.example/' });
      expect(fieldsOf(answer)).toEqual({ keyUri: orchestrationMessages.keyUriFormat });
    });
  });
});
