import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCES_API_PATH,
  DEFAULT_BRAND,
  PHISHING_DEMO_SUBJECT,
  TRANSFERS_API_PATH,
  directoryEntryPath,
  fillBrand,
  messages,
  outboxResponseSchema,
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
import { userIdOf } from './banking-server';
import { PARTNER_STAFF } from './partner-tokens';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import { DATABASE_KINDS, type TestDatabase } from './test-database';
import {
  type PartnerType,
  PARTNER_TYPES,
  type Customer,
  recordingApprovals,
  startAdminServer,
  type AdminServer,
} from './admin-fixtures';

// The demo admin's policies (document 2 §5): the phishing demo e-mail, resetting verification and
// deleting a customer. The thresholds and the tier are in admin.api.test.ts.
describe.each(DATABASE_KINDS)('demo admin API on %s', (kind) => {
  const phone = recordingApprovals();
  let admin: AdminServer;
  // Read in the tests, once beforeAll has started the server (startAdminServer).
  let test: TestDatabase;
  let origin: string;
  let config: Config;
  let partnerTokens: Record<PartnerType, string>;
  let jane: Customer;
  const customer = (uid: string): Promise<Customer> => admin.customer(uid);
  const storedUser = (id: string) => admin.storedUser(id);

  beforeAll(async () => {
    admin = await startAdminServer(kind, phone.approvals);
    ({ test, origin, config, partnerTokens, jane } = admin);
  });
  afterAll(() => admin.stop());

  const startPolicy = (policyId: string, body: Record<string, unknown>) =>
    admin.startPolicy(policyId, body);

  async function adminAudits(userId: string, action: string) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'admin.action'), eq(auditEvents.userId, userId)));
    return rows.filter((row) => (row.details as { action?: string }).action === action);
  }

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
      // An unknown username answers 404 (INVALID_USERNAME), as the risk API does (ADR 0025).
      expect(identified.status).toBe(404);
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
