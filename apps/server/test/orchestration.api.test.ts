import { verify as verifyPassword } from '@node-rs/argon2';
import { count, eq, inArray, sql } from 'drizzle-orm';
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
  outboxResponseSchema,
  qrCodeResponseSchema,
  registrationResponseSchema,
  widgetTokenResponseSchema,
  type RegistrationRequest,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import type { Config } from '../src/config';
import {
  accounts,
  auditEvents,
  ledgerEntries,
  mfaDevices,
  outboxMessages,
  users,
} from '../src/db/schema';
import { findUserByUid, listAccountsOf } from '../src/modules/directory/directory.store';
import { seedDemoData } from '../src/seed/seed';
import { freePort } from './browser-session';
import { SignInDriver } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

const COMPANY = 'anybank-demo';
const PASSWORD = 'Open2Account!';

/** A real seeded server on a real port, as app.ts composes it. */
async function startOrchestrationServer(test: TestDatabase, env: Record<string, string> = {}) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await seedDemoData(test.handle.db);
  const config = testConfig({
    PORT: String(port),
    PUBLIC_URL: origin,
    // Each test makes many calls from one address: measure the policies, not the limiter.
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const server = await buildServer({ config, database: test.handle, webDistDir: '/nonexistent' });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, origin, config };
}

interface Answer {
  status: number;
  body: Record<string, unknown> & {
    message?: string;
    details?: { field?: string; message: string }[];
  };
}

function client(origin: string) {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(new URL(path, origin), {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  async function widgetToken(): Promise<string> {
    const answer = await call('POST', orchestrationPaths.widgetToken(COMPANY), {
      headers: { [XSRF_HEADER]: '1' },
    });
    return widgetTokenResponseSchema.parse(answer.body).access_token;
  }

  return {
    call,
    widgetToken,
    /** Starts a policy the way the widget does: with a widget token. */
    async start(policyId: string, body: unknown, token?: string) {
      return call('POST', orchestrationPaths.policyStart(COMPANY, policyId), {
        body,
        headers: { authorization: `Bearer ${token ?? (await widgetToken())}` },
      });
    },
    async outbox(to: string) {
      const answer = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
      return outboxResponseSchema.parse(answer.body).messages;
    },
  };
}

/** The field errors of a 400, as `field: message`. */
function fieldsOf(answer: Answer): Record<string, string> {
  expect(answer.status).toBe(400);
  return Object.fromEntries(
    (answer.body.details ?? []).map((detail) => [detail.field ?? '', detail.message]),
  );
}

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

  async function countUsers(): Promise<number> {
    const [row] = await test.handle.db.select({ users: count() }).from(users);
    return Number(row?.users ?? 0);
  }

  function form(overrides: Partial<Record<string, string>> = {}): RegistrationRequest {
    return {
      step: 'start',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada.${kind}@example.com`,
      username: `ada.${kind}`,
      password: PASSWORD,
      hostname: 'localhost',
      ...overrides,
    } as RegistrationRequest;
  }

  async function startRegistration(request: RegistrationRequest): Promise<string> {
    const answer = await api.start(policy('REGISTRATION'), request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const parsed = registrationResponseSchema.parse(answer.body);
    if (parsed.status !== 'VERIFICATION_REQUIRED') throw new Error(`got ${parsed.status}`);
    return parsed.registrationId;
  }

  async function codeSentTo(email: string): Promise<string> {
    const [latest] = await api.outbox(email);
    expect(latest?.subject).toBe(
      fillBrand(orchestrationMessages.verificationSubject, DEFAULT_BRAND),
    );
    return latest?.code ?? '';
  }

  function verify(registrationId: string, code: string) {
    return api.start(policy('REGISTRATION'), { step: 'verify', registrationId, code });
  }

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

  describe('registration', () => {
    it('creates the customer with 3 accounts and an e-mail device once the code is entered', async () => {
      const request = form();
      const before = await countUsers();
      const registrationId = await startRegistration(request);
      expect(registrationId).not.toContain(PASSWORD);
      expect(registrationId).not.toContain('Lovelace');
      // Nothing exists before the e-mail is verified.
      expect(await countUsers()).toBe(before);

      const answer = await verify(registrationId, await codeSentTo(`ada.${kind}@example.com`));
      expect(answer).toEqual({
        status: 200,
        body: { status: 'COMPLETED', username: `ada.${kind}` },
      });

      const user = await findUserByUid(test.handle.db, `ada.${kind}`);
      expect(user).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `ada.${kind}@example.com`,
        userType: 'customer',
        authnPreference: 'Password',
        identityVerified: false,
      });
      expect(await verifyPassword(user!.passwordHash!, PASSWORD)).toBe(true);
      const opened = await listAccountsOf(test.handle.db, user!.id);
      expect(opened.map((account) => [account.kind, account.balanceCents])).toEqual([
        ['checking', 250_000],
        ['savings', 1_000_000],
        ['rewards-visa', 0],
      ]);
      // Issue 16 §1: the money came in through the ledger, as one opening deposit each.
      const entries = await test.handle.db
        .select()
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.accountId,
            opened.map((account) => account.id),
          ),
        )
        .orderBy(ledgerEntries.id);
      expect(
        entries.map((entry) => [entry.accountId, entry.amountCents, entry.balanceAfterCents]),
      ).toEqual([
        [opened[0]!.id, 250_000, 250_000],
        [opened[1]!.id, 1_000_000, 1_000_000],
      ]);
      expect(entries.map((entry) => [entry.description, entry.category])).toEqual([
        ['Opening deposit', 'opening'],
        ['Opening deposit', 'opening'],
      ]);
      const devices = await test.handle.db
        .select()
        .from(mfaDevices)
        .where(eq(mfaDevices.userId, user!.id));
      expect(devices.map((device) => [device.type, device.target])).toEqual([
        ['Email', `ada.${kind}@example.com`],
      ]);
    });

    it('lets the new customer sign in with the password and the e-mail code', async () => {
      const driver = new SignInDriver(origin);
      const landing = await driver.signInWithPasswordAndEmail(
        `ada.${kind}`,
        `ada.${kind}@example.com`,
        PASSWORD,
      );
      expect(landing.searchParams.get('code')).toBeTruthy();
    });

    it('refuses a taken username with a field error and creates nothing', async () => {
      const before = await countUsers();
      const mailsBefore = (await api.outbox(`someone.${kind}@example.com`)).length;
      const answer = await api.start(
        policy('REGISTRATION'),
        form({ username: 'Jane.Doe', email: `someone.${kind}@example.com` }),
      );
      expect(fieldsOf(answer)).toEqual({ username: orchestrationMessages.usernameTaken });
      expect(await countUsers()).toBe(before);
      expect(await api.outbox(`someone.${kind}@example.com`)).toHaveLength(mailsBefore);
    });

    it('refuses a taken e-mail address in any letter case', async () => {
      const answer = await api.start(
        policy('REGISTRATION'),
        form({ username: `someone.${kind}`, email: 'Jane.Doe@Example.com' }),
      );
      expect(fieldsOf(answer)).toEqual({ email: orchestrationMessages.emailTaken });
    });

    it('names every field that breaks a rule, with the password hint of §5', async () => {
      const answer = await api.start(
        policy('REGISTRATION'),
        form({ firstName: 'R2D2', email: 'not-an-address', username: 'x', password: 'weakpass' }),
      );
      expect(fieldsOf(answer)).toEqual({
        firstName: orchestrationMessages.nameFormat,
        email: messages.validation.emailInvalid,
        username: orchestrationMessages.usernameFormat,
        password: messages.validation.passwordHint,
      });
    });

    it('refuses a wrong code on the code field, then locks the registration after 5', async () => {
      const email = `grace.${kind}@example.com`;
      const registrationId = await startRegistration(
        form({ username: `grace.${kind}`, email, firstName: 'Grace', lastName: 'Hopper' }),
      );
      const code = await codeSentTo(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const before = await countUsers();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect(fieldsOf(await verify(registrationId, wrong))).toEqual({
          code: messages.login.incorrectOtp,
        });
      }
      expect(fieldsOf(await verify(registrationId, wrong))).toEqual({
        code: messages.login.otpAttemptsLimit,
      });
      // Even the right code is too late now.
      expect(fieldsOf(await verify(registrationId, code))).toEqual({
        code: messages.login.otpAttemptsLimit,
      });
      expect(await countUsers()).toBe(before);
      const failures = await test.handle.db
        .select({ failures: count() })
        .from(auditEvents)
        .where(
          sql`${auditEvents.type} = 'otp.failed' and ${auditEvents.details}->>'purpose' = 'registration'`,
        );
      expect(Number(failures[0]?.failures)).toBeGreaterThanOrEqual(5);
    });

    it('refuses a registrationId that was altered, and a code of the wrong shape', async () => {
      const email = `alan.${kind}@example.com`;
      const registrationId = await startRegistration(form({ username: `alan.${kind}`, email }));
      const code = await codeSentTo(email);
      const altered = `${registrationId.slice(0, -4)}AAAA`;
      expect(fieldsOf(await verify(altered, code))).toEqual({
        registrationId: orchestrationMessages.registrationInvalid,
      });
      expect(fieldsOf(await verify(registrationId, '12345'))).toEqual({
        code: messages.validation.codeSixDigits,
      });
      // The real one still works, once.
      expect((await verify(registrationId, code)).body).toMatchObject({ status: 'COMPLETED' });
      expect(fieldsOf(await verify(registrationId, code))).toMatchObject({
        username: orchestrationMessages.usernameTaken,
      });
    });

    it('lets one of two registrations racing for a username win, the other gets a field error', async () => {
      const [first, second] = await Promise.all(
        ['one', 'two'].map((which) =>
          startRegistration(
            form({ username: `race.${kind}`, email: `race.${which}.${kind}@example.com` }),
          ),
        ),
      );
      const codes = await Promise.all(
        ['one', 'two'].map((which) => codeSentTo(`race.${which}.${kind}@example.com`)),
      );
      const before = await countUsers();
      const answers = await Promise.all([verify(first!, codes[0]!), verify(second!, codes[1]!)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const loser = answers.find((answer) => answer.status === 400)!;
      expect(fieldsOf(loser)).toEqual({ username: orchestrationMessages.usernameTaken });
      expect(await countUsers()).toBe(before + 1);
      const raced = await findUserByUid(test.handle.db, `race.${kind}`);
      const [owned] = await test.handle.db
        .select({ accounts: count() })
        .from(accounts)
        .where(eq(accounts.ownerId, raced!.id));
      expect(Number(owned?.accounts)).toBe(3);
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

describe('orchestration rate limits per client address', () => {
  let test: TestDatabase;
  let server: Server;
  let api: ReturnType<typeof client>;
  let config: Config;
  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    let origin: string;
    ({ server, origin, config } = await startOrchestrationServer(test, {
      RATE_LIMIT_PER_MINUTE: '20',
    }));
    api = client(origin);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('allows username recovery, which tells whether an address is registered, a tenth', async () => {
    const token = widgetTokenResponseSchema.parse(
      (
        await api.call('GET', orchestrationPaths.sdkToken(COMPANY), {
          headers: { [API_KEY_HEADER]: server.services.keys.secrets.apiKey },
        })
      ).body,
    ).access_token;
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      const mail = `nobody.${call}@example.com`;
      const answer = await api.start(
        config.policyIds.USERNAME_RECOVERY,
        { hostname: 'localhost', mail, encodedMail: Buffer.from(mail).toString('base64') },
        token,
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Other policies keep their own, larger allowance.
    const qr = await api.start(
      config.policyIds.QR_CODE,
      { keyUri: 'otpauth://totp/AnyBank:x?secret=JBSWY3DPEHPK3PXP' },
      token,
    );
    expect(qr.status).toBe(200);
  });
});
