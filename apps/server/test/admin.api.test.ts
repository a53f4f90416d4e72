import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  MENU_OPTIONS_API_PATH,
  TRANSFERS_API_PATH,
  directoryEntryPath,
  menuOptionsResponseSchema,
  messages,
  userDn,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import { auditEvents, mfaDevices, users } from '../src/db/schema';
import { apiClient, userIdOf } from './banking-server';
import { PARTNER_STAFF } from './partner-tokens';
import { PERSON_RISK_PAYLOAD } from './sign-in-driver';
import { DATABASE_KINDS, type TestDatabase } from './test-database';
import {
  type Customer,
  PARTNER_TYPES,
  type PartnerType,
  recordingApprovals,
  startAdminServer,
  type AdminServer,
} from './admin-fixtures';

describe.each(DATABASE_KINDS)('demo admin API on %s', (kind) => {
  const phone = recordingApprovals();
  let admin: AdminServer;
  // Read in the tests, once beforeAll has started the server (startAdminServer).
  let test: TestDatabase;
  let origin: string;
  let config: Config;
  let partnerTokens: Record<PartnerType, string>;
  let jane: Customer;
  const storedUser = (id: string) => admin.storedUser(id);

  beforeAll(async () => {
    admin = await startAdminServer(kind, phone.approvals);
    ({ test, origin, config, partnerTokens, jane } = admin);
  });
  afterAll(() => admin.stop());

  const attribute = (name: 'CibaThreshold' | 'DenyThreshold' | 'AccountTier') =>
    `${config.productId}${name}`;

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
});
