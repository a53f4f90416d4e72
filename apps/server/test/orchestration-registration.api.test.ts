import { verify as verifyPassword } from '@node-rs/argon2';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  DEFAULT_BRAND,
  fillBrand,
  orchestrationMessages,
  registrationResponseSchema,
  type RegistrationRequest,
} from '@anybank/contracts';
import type { Server } from '../src/app';
import type { Config } from '../src/config';
import { accounts, auditEvents, ledgerEntries, mfaDevices, users } from '../src/db/schema';
import { listAccountsOf } from '../src/modules/banking/accounts.store';
import { findUserByUid } from '../src/modules/directory/directory.store';
import { SignInDriver } from './sign-in-driver';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';
import { PASSWORD, client, fieldsOf, startOrchestrationServer } from './orchestration-client';

// The registration policy (document 2 §5): a customer created once the e-mailed code is entered.
// The other policies and the tokens are in orchestration.api.test.ts.
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
      // The money came in through the ledger, as one opening deposit each.
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
});
