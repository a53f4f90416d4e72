import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  BALANCES_API_PATH,
  MENU_OPTIONS_API_PATH,
  DEFAULT_BRAND,
  PHISHING_DEMO_SUBJECT,
  TRANSFERS_API_PATH,
  directoryEntryPath,
  fillBrand,
  menuOptionsResponseSchema,
  messages,
  orchestrationPaths,
  outboxResponseSchema,
  userDn,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import {
  accounts,
  auditEvents,
  consents,
  ledgerEntries,
  mfaDevices,
  oidcModels,
  transfers,
  users,
} from '../src/db/schema';
import type { TransferApprovals } from '../src/modules/banking/banking.service';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { PARTNER_STAFF, partnerToken } from './partner-tokens';
import { PERSON_RISK_PAYLOAD, SignInDriver, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

type Call = ReturnType<typeof apiClient>;
type PartnerType = keyof typeof PARTNER_STAFF;
const PARTNER_TYPES = Object.keys(PARTNER_STAFF) as PartnerType[];

interface Customer {
  uid: string;
  id: string;
  token: string;
  call: Call;
  checking: string;
  savings: string;
}

/** The transfer approvals on the phone, answered by the test: every request is recorded. */
function recordingApprovals() {
  const asked: { userId: string; amountCents: number }[] = [];
  const approvals: TransferApprovals = {
    async requestApproval(input) {
      asked.push({ userId: input.userId, amountCents: input.amountCents });
      return 'approved';
    },
  };
  return { approvals, asked };
}

describe.each(DATABASE_KINDS)('demo admin API on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  const phone = recordingApprovals();
  const partnerTokens = {} as Record<PartnerType, string>;
  let jane: Customer;

  async function customer(uid: string): Promise<Customer> {
    const id = await userIdOf(test, uid);
    const rows = await test.handle.db
      .select()
      .from(accounts)
      .where(eq(accounts.ownerId, id))
      .orderBy(accounts.position);
    const token = await customerToken(origin, uid);
    return {
      uid,
      id,
      token,
      call: apiClient(origin, token),
      checking: rows[0]!.id,
      savings: rows[1]!.id,
    };
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    const started = await startBankingServer(test, { approvals: phone.approvals });
    ({ server, origin } = started);
    // startBankingServer runs with the defaults of these (company, product and policy ids).
    config = testConfig();
    jane = await customer('jane.doe');
    for (const type of PARTNER_TYPES) partnerTokens[type] = await partnerToken(origin, type);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  function startPolicy(policyId: string, body: Record<string, unknown>) {
    return fetch(new URL(orchestrationPaths.policyStart(config.companyId, policyId), origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const attribute = (name: 'CibaThreshold' | 'DenyThreshold' | 'AccountTier') =>
    `${config.productId}${name}`;

  async function storedUser(id: string) {
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  async function adminAudits(userId: string, action: string) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'admin.action'), eq(auditEvents.userId, userId)));
    return rows.filter((row) => (row.details as { action?: string }).action === action);
  }

  describe('the signed-in customer’s own directory entry', () => {
    beforeEach(async () => {
      await test.handle.db
        .update(users)
        .set({ cibaThreshold: null, denyThreshold: null, accountTier: 'personal' })
        .where(eq(users.id, jane.id));
    });

    it('reads the entry with the product’s attribute names, unset thresholds left out', async () => {
      const response = await jane.call(directoryEntryPath('jane.doe'));
      expect(response.status).toBe(200);
      const entry = (await response.json()) as Record<string, unknown>;
      expect(entry).toMatchObject({
        _dn: userDn('jane.doe'),
        uid: ['jane.doe'],
        mail: ['jane.doe@example.com'],
        [attribute('AccountTier')]: ['personal'],
        [`${config.productId}UserAccountIDs`]: { ids: expect.arrayContaining([jane.checking]) },
      });
      expect(entry).not.toHaveProperty(attribute('CibaThreshold'));
      expect(entry).not.toHaveProperty('userPassword');
    });

    it('sets both thresholds through the demo admin API, shows them in the entry, and audits the change', async () => {
      const response = await jane.call(ADMIN_THRESHOLDS_PATH, {
        method: 'PUT',
        body: { cibaThreshold: '50', denyThreshold: '100' },
      });
      expect(response.status).toBe(200);
      const entry = await jane.call(directoryEntryPath('jane.doe'));
      expect(await entry.json()).toMatchObject({
        [attribute('CibaThreshold')]: [50],
        [attribute('DenyThreshold')]: [100],
      });
      expect(await storedUser(jane.id)).toMatchObject({ cibaThreshold: 50, denyThreshold: 100 });
      const [audit] = (await adminAudits(jane.id, 'thresholds')).slice(-1);
      expect(audit?.details).toMatchObject({
        changed: {
          cibaThreshold: { from: null, to: 50 },
          denyThreshold: { from: null, to: 100 },
        },
      });
    });

    it.each([
      ['CIBA equal to deny', '100', '100', messages.admin.denyAboveCiba],
      ['CIBA above deny', '500', '100', messages.admin.denyAboveCiba],
      ['a CIBA threshold of 0', '0', '100', messages.admin.cibaTooLow(1)],
      ['a deny threshold of 1', '1', '1', messages.admin.denyTooLow(2)],
      ['a fraction of a dollar', '50', '99.99', messages.admin.wholeDollars],
    ])('refuses %s with 400 and keeps the thresholds', async (_rule, ciba, deny, message) => {
      const response = await jane.call(ADMIN_THRESHOLDS_PATH, {
        method: 'PUT',
        body: { cibaThreshold: ciba, denyThreshold: deny },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { details: { message: string }[] };
      expect(body.details.map((detail) => detail.message)).toContain(message);
      expect(await storedUser(jane.id)).toMatchObject({ cibaThreshold: null, denyThreshold: null });
    });

    it('refuses to change anything but the thresholds and the tier', async () => {
      const response = await jane.call(directoryEntryPath('jane.doe'), {
        method: 'PUT',
        body: { mail: ['someone.else@example.com'], userPassword: ['Welcome2Bank!!'] },
      });
      expect(response.status).toBe(400);
      expect((await storedUser(jane.id))?.email).toBe('jane.doe@example.com');
    });

    it('toggles the tier through the demo admin API, and the menu gains the premier entries at once', async () => {
      const set = (tier: string) =>
        jane.call(ADMIN_ACCOUNT_TIER_PATH, { method: 'PUT', body: { accountTier: tier } });
      const titles = async () =>
        Object.values(
          menuOptionsResponseSchema.parse(await (await jane.call(MENU_OPTIONS_API_PATH)).json()),
        ).flatMap((entry) => (entry.title ? [entry.title] : []));

      expect((await set('premier')).status).toBe(200);
      expect(await titles()).toEqual(
        expect.arrayContaining(['Premier Rewards', 'Wealth Planning']),
      );
      expect((await set('personal')).status).toBe(200);
      expect(await titles()).not.toContain('Premier Rewards');
      expect((await set('gold')).status).toBe(400);
      expect((await storedUser(jane.id))?.accountTier).toBe('personal');
    });

    it('never lets two concurrent threshold changes leave a mixed pair', async () => {
      await test.handle.db
        .update(users)
        .set({ cibaThreshold: 100, denyThreshold: 1000 })
        .where(eq(users.id, jane.id));
      const set = (ciba: number, deny: number) =>
        jane.call(ADMIN_THRESHOLDS_PATH, {
          method: 'PUT',
          body: { cibaThreshold: String(ciba), denyThreshold: String(deny) },
        });
      const answers = await Promise.all([set(500, 600), set(10, 400)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const stored = await storedUser(jane.id);
      expect([
        [500, 600],
        [10, 400],
      ]).toContainEqual([stored!.cibaThreshold, stored!.denyThreshold]);
      expect(stored!.cibaThreshold!).toBeLessThan(stored!.denyThreshold!);
    });

    it('refuses the thresholds and the tier through the directory with the customer’s token (403)', async () => {
      const put = await jane.call(directoryEntryPath('jane.doe'), {
        method: 'PUT',
        body: { [attribute('CibaThreshold')]: ['50'], [attribute('DenyThreshold')]: ['100'] },
      });
      expect(put.status).toBe(403);
      expect(await put.json()).toMatchObject({ code: 'bank_attribute' });
      expect(await storedUser(jane.id)).toMatchObject({ cibaThreshold: null, denyThreshold: null });
    });

    it('answers 403 for another user’s DN, existing or not, and 404 outside the directory', async () => {
      expect((await jane.call(directoryEntryPath('john.smith'))).status).toBe(403);
      expect((await jane.call(directoryEntryPath('nobody.here'))).status).toBe(403);
      const put = await jane.call(directoryEntryPath('john.smith'), {
        method: 'PUT',
        body: { [attribute('CibaThreshold')]: ['5'] },
      });
      expect(put.status).toBe(403);
      const john = await storedUser(await userIdOf(test, 'john.smith'));
      expect(john?.cibaThreshold).toBeNull();
      const outside = `/api/directory/v1/${encodeURIComponent('uid=jane.doe,ou=Staff,dc=anybank,dc=example')}`;
      expect((await jane.call(outside)).status).toBe(404);
    });

    it.each(PARTNER_TYPES)(
      'refuses a %s token (403), and a call without a token (401)',
      async (type) => {
        const call = apiClient(origin, partnerTokens[type]);
        expect((await call(directoryEntryPath(PARTNER_STAFF[type]))).status).toBe(403);
        const put = await call(directoryEntryPath('jane.doe'), {
          method: 'PUT',
          body: { [attribute('CibaThreshold')]: ['5'] },
        });
        expect(put.status).toBe(403);
        expect((await fetch(new URL(directoryEntryPath('jane.doe'), origin))).status).toBe(401);
      },
    );
  });

  describe('authorization matrix: only a customer’s own token does an admin action', () => {
    type Caller = 'customer' | PartnerType | 'none';
    const CALLERS: Caller[] = ['customer', ...PARTNER_TYPES, 'none'];

    /** Each admin endpoint, called as `uid` with `token`: did it do what it was asked? */
    const ENDPOINTS: {
      name: string;
      call: (uid: string, token: string | null) => Promise<Response>;
    }[] = [
      {
        name: 'GET directory entry',
        call: (uid, token) => bearer(token)(directoryEntryPath(uid)),
      },
      {
        name: 'PUT directory entry',
        call: (uid, token) =>
          bearer(token)(directoryEntryPath(uid), {
            method: 'PUT',
            body: { [attribute('CibaThreshold')]: null },
          }),
      },
      {
        name: 'PATCH directory entry',
        call: (uid, token) =>
          bearer(token)(directoryEntryPath(uid), {
            method: 'PATCH',
            body: {
              modifications: [
                {
                  attributeName: attribute('AccountTier'),
                  modificationType: 'set',
                  values: ['personal'],
                },
              ],
            },
          }),
      },
      {
        name: 'PUT admin thresholds',
        call: (_uid, token) =>
          bearer(token)(ADMIN_THRESHOLDS_PATH, {
            method: 'PUT',
            body: { cibaThreshold: '1000', denyThreshold: '10000' },
          }),
      },
      {
        name: 'PUT admin account tier',
        call: (_uid, token) =>
          bearer(token)(ADMIN_ACCOUNT_TIER_PATH, {
            method: 'PUT',
            body: { accountTier: 'personal' },
          }),
      },
      {
        name: 'PUT risk override',
        call: (_uid, token) =>
          bearer(token)('/api/admin/risk-override', { method: 'PUT', body: { enabled: false } }),
      },
      {
        name: 'phishing email policy',
        call: (uid, token) =>
          startPolicy(config.policyIds.PHISHING_EMAIL, {
            to: `${uid}@example.com`,
            ...(token ? { accessToken: token } : {}),
          }),
      },
      {
        name: 'reset verification policy',
        call: (_uid, token) =>
          startPolicy(config.policyIds.RESET_VERIFICATION, token ? { accessToken: token } : {}),
      },
    ];

    function bearer(token: string | null): Call {
      if (token) return apiClient(origin, token);
      return (path, init = {}) =>
        fetch(new URL(path, origin), {
          method: init.method ?? 'GET',
          headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
    }

    function callerOf(caller: Caller): { uid: string; token: string | null } {
      if (caller === 'customer') return { uid: jane.uid, token: jane.token };
      if (caller === 'none') return { uid: jane.uid, token: null };
      return { uid: PARTNER_STAFF[caller], token: partnerTokens[caller] };
    }

    // Issue 12 §3: writing the directory's bank attributes succeeds for nobody now.
    const WRITES_NOBODY = new Set(['PUT directory entry', 'PATCH directory entry']);
    const rows = ENDPOINTS.flatMap((endpoint) =>
      CALLERS.map((caller) => ({
        endpoint,
        caller,
        allowed: caller === 'customer' && !WRITES_NOBODY.has(endpoint.name),
      })),
    );

    it.each(rows)(
      '$endpoint.name as $caller: succeeds only for the customer',
      async ({ endpoint, caller, allowed }) => {
        const { uid, token } = callerOf(caller);
        const response = await endpoint.call(uid, token);
        const body = (await response.json().catch(() => null)) as { success?: boolean } | null;
        const succeeded = response.ok && body?.success !== false;
        expect(succeeded, `${response.status} ${JSON.stringify(body)}`).toBe(allowed);
        if (!allowed) expect([401, 403]).toContain(response.status);
      },
    );
  });

  describe('transfers use new thresholds at once', () => {
    beforeAll(async () => {
      // Jane's phone app, activated: the device holds a key, so transfers can be approved.
      await test.handle.db
        .insert(mfaDevices)
        .values({ userId: jane.id, type: 'iPhone', name: 'iPhone', publicKey: 'test-key' });
    });
    afterAll(async () => {
      await test.handle.db
        .delete(mfaDevices)
        .where(and(eq(mfaDevices.userId, jane.id), eq(mfaDevices.type, 'iPhone')));
    });

    function transfer(amount: string) {
      return jane.call(TRANSFERS_API_PATH, {
        method: 'POST',
        body: {
          data: {
            type: 'transfers',
            attributes: {
              from_account_id: jane.checking,
              to_account_id: jane.savings,
              amount,
              risk_data: PERSON_RISK_PAYLOAD,
            },
          },
        },
      });
    }

    async function setThresholds(ciba: string, deny: string) {
      const response = await jane.call(ADMIN_THRESHOLDS_PATH, {
        method: 'PUT',
        body: { cibaThreshold: ciba, denyThreshold: deny },
      });
      expect(response.status).toBe(200);
    }

    it('with 50/200: $40 moves, $75 more asks the phone, $150 more is denied; back to $1,000/$10,000 it moves', async () => {
      await setThresholds('50', '200');
      phone.asked.length = 0;

      expect((await transfer('40.00')).status).toBe(204);
      expect(phone.asked).toEqual([]);

      // The day's running total: $115 is above $50.
      expect((await transfer('75.00')).status).toBe(204);
      expect(phone.asked).toEqual([{ userId: jane.id, amountCents: 7500 }]);

      // $265 is above $200.
      const denied = await transfer('150.00');
      expect(denied.status).toBe(403);
      expect(((await denied.json()) as { message: string }).message).toContain('max_threshold');

      await setThresholds('1000', '10000');
      phone.asked.length = 0;
      expect((await transfer('150.00')).status).toBe(204);
      expect(phone.asked).toEqual([]);
    });
  });

  describe('admin policies', () => {
    it('sends the phishing demo e-mail to the customer’s own outbox, and audits it', async () => {
      const auditedBefore = (await adminAudits(jane.id, 'phishing-email')).length;
      const response = await startPolicy(config.policyIds.PHISHING_EMAIL, {
        to: 'Jane.Doe@example.com',
        accessToken: jane.token,
        host: 'localhost',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      const outbox = await fetch(
        new URL(`/api/dev/outbox?to=${encodeURIComponent('jane.doe@example.com')}&limit=1`, origin),
      );
      const [message] = outboxResponseSchema.parse(await outbox.json()).messages;
      expect(message).toMatchObject({
        channel: 'email',
        subject: fillBrand(PHISHING_DEMO_SUBJECT, DEFAULT_BRAND),
      });
      expect(message?.body).toContain('Dear Jane Doe');
      expect(message?.body).toContain('localhost-secure-login.example');
      expect(await adminAudits(jane.id, 'phishing-email')).toHaveLength(auditedBefore + 1);
    });

    it('sends no phishing e-mail to anyone else’s address', async () => {
      const response = await startPolicy(config.policyIds.PHISHING_EMAIL, {
        to: 'victim@example.org',
        accessToken: jane.token,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        messages.admin.phishingOwnAddressOnly,
      );
      const outbox = await fetch(
        new URL(`/api/dev/outbox?to=${encodeURIComponent('victim@example.org')}&limit=5`, origin),
      );
      expect(outboxResponseSchema.parse(await outbox.json()).messages).toEqual([]);
    });

    it('resets verification: the identity-verified flag is cleared, and the action audited', async () => {
      const david = await customer('david.wilson');
      await test.handle.db
        .update(users)
        .set({ identityVerified: true })
        .where(eq(users.id, david.id));
      const response = await startPolicy(config.policyIds.RESET_VERIFICATION, {
        host: 'localhost',
        accessToken: david.token,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      expect((await storedUser(david.id))?.identityVerified).toBe(false);
      expect(await adminAudits(david.id, 'reset-verification')).toHaveLength(1);
    });

    it.each(PARTNER_TYPES)('refuses the admin policies to a %s', async (type) => {
      const token = partnerTokens[type];
      const staffId = await userIdOf(test, PARTNER_STAFF[type]);
      const reset = await startPolicy(config.policyIds.RESET_VERIFICATION, { accessToken: token });
      expect(reset.status).toBe(403);
      const phishing = await startPolicy(config.policyIds.PHISHING_EMAIL, {
        to: `${PARTNER_STAFF[type]}@example.com`,
        accessToken: token,
      });
      expect(phishing.status).toBe(403);
      const deleted = await startPolicy(config.policyIds.DELETE_USER, { accessToken: token });
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({
        success: false,
        additionalProperties: { errorBody: { message: messages.admin.customersOnly } },
      });
      expect(await storedUser(staffId)).not.toBeNull();
    });

    it.each(['PHISHING_EMAIL', 'DELETE_USER', 'RESET_VERIFICATION'] as const)(
      'refuses %s without a live access token (401)',
      async (name) => {
        const body = { to: 'jane.doe@example.com', host: 'localhost' };
        expect((await startPolicy(config.policyIds[name], body)).status).toBe(401);
        const forged = await startPolicy(config.policyIds[name], {
          ...body,
          accessToken: `${jane.token.slice(0, -4)}AAAA`,
        });
        expect(forged.status).toBe(401);
      },
    );

    it('deletes the customer with accounts, ledger, transfers, devices, consents and sign-ins; nobody else changes', async () => {
      const michael = await customer('michael.brown');
      // A transfer first, so that there is ledger history to remove.
      const moved = await michael.call(TRANSFERS_API_PATH, {
        method: 'POST',
        body: {
          data: {
            type: 'transfers',
            attributes: {
              from_account_id: michael.checking,
              to_account_id: michael.savings,
              amount: '10.00',
              risk_data: PERSON_RISK_PAYLOAD,
            },
          },
        },
      });
      expect(moved.status).toBe(204);
      // His seeded history's transfers and this one: all of them go with him.
      const michaelTransfers = (
        await test.handle.db.select().from(transfers).where(eq(transfers.userId, michael.id))
      ).length;
      const michaelAccounts = (
        await test.handle.db.select().from(accounts).where(eq(accounts.ownerId, michael.id))
      ).map((row) => row.id);
      const ledgerOfOthers = async () =>
        test.handle.db
          .select({
            accountId: ledgerEntries.accountId,
            entries: sql<number>`count(*)`.mapWith(Number),
            total: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
          })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.accountId)
          .orderBy(ledgerEntries.accountId);
      const othersBefore = (await ledgerOfOthers()).filter(
        (row) => !michaelAccounts.includes(row.accountId),
      );
      const balancesBefore = await test.handle.db
        .select({ id: accounts.id, balance: accounts.balanceCents })
        .from(accounts)
        .orderBy(accounts.id);

      const response = await startPolicy(config.policyIds.DELETE_USER, {
        accessToken: michael.token,
        host: 'localhost',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });

      expect(await storedUser(michael.id)).toBeNull();
      const left = async (table: 'accounts' | 'transfers' | 'devices' | 'consents' | 'ledger') => {
        const db = test.handle.db;
        switch (table) {
          case 'accounts':
            return db.select().from(accounts).where(eq(accounts.ownerId, michael.id));
          case 'transfers':
            return db.select().from(transfers).where(eq(transfers.userId, michael.id));
          case 'devices':
            return db.select().from(mfaDevices).where(eq(mfaDevices.userId, michael.id));
          case 'consents':
            return db.select().from(consents).where(eq(consents.subject, michael.id));
          case 'ledger':
            return db
              .select()
              .from(ledgerEntries)
              .where(inArray(ledgerEntries.accountId, michaelAccounts));
        }
      };
      for (const table of ['accounts', 'transfers', 'devices', 'consents', 'ledger'] as const) {
        expect(await left(table), table).toEqual([]);
      }
      const grants = await test.handle.db
        .select()
        .from(oidcModels)
        .where(sql`${oidcModels.payload}->>'accountId' = ${michael.id}`);
      expect(grants).toEqual([]);

      // Everybody else's money and history are exactly as they were.
      expect(await ledgerOfOthers()).toEqual(othersBefore);
      expect(
        await test.handle.db
          .select({ id: accounts.id, balance: accounts.balanceCents })
          .from(accounts)
          .orderBy(accounts.id),
      ).toEqual(balancesBefore.filter((row) => !michaelAccounts.includes(row.id)));

      // The token that asked is dead, and the username no longer signs in.
      expect((await michael.call(BALANCES_API_PATH)).status).toBe(401);
      expect((await michael.call(directoryEntryPath('michael.brown'))).status).toBe(401);
      const driver = new SignInDriver(origin);
      await driver.authorize();
      const identified = await driver.post('submitIdentifier', {
        identifier: 'michael.brown',
        riskPayload: PERSON_RISK_PAYLOAD,
      });
      expect(identified.status).toBe(400);
      expect(identified.body.message).toBe(messages.login.invalidUsername);

      const [audit] = await adminAudits(michael.id, 'delete-user');
      expect(audit?.details).toMatchObject({
        uid: 'michael.brown',
        holdings: {
          accounts: 3,
          transfers: michaelTransfers,
          ledgerEntries: expect.any(Number),
          grants: 1,
        },
      });
      // Jane, signed in all along, still is.
      expect((await jane.call(BALANCES_API_PATH)).status).toBe(200);
    });
  });
});
