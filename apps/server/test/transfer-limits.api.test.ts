import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  directoryEntryPath,
  messages,
  transferConfirmationPath,
  transferConfirmationRequiredSchema,
  transferDeniedResponseSchema,
} from '@anybank/contracts';
import type { Config } from '../src/config';
import { auditEvents, mfaDevices, transfers, users } from '../src/db/schema';
import { signedInCustomer, startBankingServer } from './banking-server';
import { ledgerProblems, demoOpeningBalances } from './ledger-invariant';
import { PERSON_RISK_PAYLOAD, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';
import { type Customer, approvingPhone, transferHelpers } from './transfer-limits-fixtures';

/**
 * The transfer limits are the bank's, apply to the 24-hour running total, need a
 * second factor (the phone app, or a code to a sign-in device) above the approval threshold,
 * and the automation rule reads the request's own User-Agent too.
 */
describe.each(DATABASE_KINDS)('transfer limits the customer cannot lift, on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  const phone = approvingPhone();

  const customer = (uid: string): Promise<Customer> => signedInCustomer(test, origin, uid);

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test, { approvals: phone.approvals }));
    config = testConfig();
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function storedUser(id: string) {
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, id));
    return row!;
  }

  const { balancesOf, setThresholds, transfer, codeSentTo } = transferHelpers(() => ({
    db: test.handle.db,
    origin,
  }));

  async function adminAudits(userId: string, action: string) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'admin.action'), eq(auditEvents.userId, userId)));
    return rows.filter((row) => (row.details as { action?: string }).action === action);
  }

  describe('thresholds and tier are the bank’s attributes', () => {
    let jane: Customer;
    const attribute = (name: 'CibaThreshold' | 'DenyThreshold' | 'AccountTier') =>
      `${config.productId}${name}`;

    beforeAll(async () => {
      jane = await customer('jane.doe');
    });
    beforeEach(async () => {
      await test.handle.db
        .update(users)
        .set({ cibaThreshold: null, denyThreshold: null, accountTier: 'personal' })
        .where(eq(users.id, jane.id));
    });

    it('refuses the thresholds and the tier to the customer’s own token (403), changing nothing', async () => {
      const put = await jane.call(directoryEntryPath('jane.doe'), {
        method: 'PUT',
        body: {
          [attribute('CibaThreshold')]: ['100000'],
          [attribute('DenyThreshold')]: ['200000'],
        },
      });
      expect(put.status).toBe(403);
      expect(await put.json()).toMatchObject({
        code: 'bank_attribute',
        message: messages.admin.bankAttributes(
          `${attribute('CibaThreshold')}, ${attribute('DenyThreshold')}`,
        ),
      });
      const patch = await jane.call(directoryEntryPath('jane.doe'), {
        method: 'PATCH',
        body: {
          modifications: [
            {
              attributeName: attribute('AccountTier'),
              modificationType: 'set',
              values: ['premier'],
            },
          ],
        },
      });
      expect(patch.status).toBe(403);
      expect(await patch.json()).toMatchObject({ code: 'bank_attribute' });
      expect(await storedUser(jane.id)).toMatchObject({
        cibaThreshold: null,
        denyThreshold: null,
        accountTier: 'personal',
      });
    });

    it('and the transfer limit still holds: $20,000 is denied past the $10,000 default', async () => {
      await jane.call(directoryEntryPath('jane.doe'), {
        method: 'PUT',
        body: { [attribute('DenyThreshold')]: ['100000'] },
      });
      const before = await balancesOf(jane.checking, jane.savings);
      const denied = await jane.call(TRANSFERS_API_PATH, {
        method: 'POST',
        body: {
          data: {
            type: 'transfers',
            attributes: {
              from_account_id: jane.checking,
              to_account_id: jane.savings,
              amount: '20,000.00',
              risk_data: PERSON_RISK_PAYLOAD,
            },
          },
        },
      });
      expect(denied.status).toBe(403);
      expect(transferDeniedResponseSchema.parse(await denied.json()).code).toBe('max_threshold');
      expect(await balancesOf(jane.checking, jane.savings)).toEqual(before);
    });

    it('refuses numbers or a missing threshold through the demo admin API (the pair is form text)', async () => {
      for (const body of [{ cibaThreshold: 50, denyThreshold: 100 }, { cibaThreshold: '50' }]) {
        const response = await jane.call(ADMIN_THRESHOLDS_PATH, { method: 'PUT', body });
        expect(response.status).toBe(400);
      }
      expect(await storedUser(jane.id)).toMatchObject({ cibaThreshold: null, denyThreshold: null });
    });

    it('lets the demo admin API set them, answering the settings, and audits each change', async () => {
      const thresholds = await jane.call(ADMIN_THRESHOLDS_PATH, {
        method: 'PUT',
        body: { cibaThreshold: '50', denyThreshold: '100' },
      });
      expect(thresholds.status).toBe(200);
      expect(await thresholds.json()).toEqual({
        cibaThreshold: 50,
        denyThreshold: 100,
        accountTier: 'personal',
      });
      const tier = await jane.call(ADMIN_ACCOUNT_TIER_PATH, {
        method: 'PUT',
        body: { accountTier: 'premier' },
      });
      expect(tier.status).toBe(200);
      expect(await storedUser(jane.id)).toMatchObject({
        cibaThreshold: 50,
        denyThreshold: 100,
        accountTier: 'premier',
      });
      const [thresholdAudit] = (await adminAudits(jane.id, 'thresholds')).slice(-1);
      expect(thresholdAudit?.details).toMatchObject({
        changed: { cibaThreshold: { from: null, to: 50 }, denyThreshold: { from: null, to: 100 } },
      });
      const [tierAudit] = (await adminAudits(jane.id, 'account-tier')).slice(-1);
      expect(tierAudit?.details).toMatchObject({
        changed: { accountTier: { from: 'personal', to: 'premier' } },
      });
    });

    it.each([
      ['CIBA equal to deny', '100', '100', messages.admin.denyAboveCiba],
      ['a CIBA threshold of 0', '0', '100', messages.admin.cibaTooLow(1)],
      ['a fraction of a dollar', '50', '99.99', messages.admin.wholeDollars],
    ])(
      'refuses %s through the demo admin API with 400, keeping the thresholds',
      async (_rule, ciba, deny, message) => {
        const response = await jane.call(ADMIN_THRESHOLDS_PATH, {
          method: 'PUT',
          body: { cibaThreshold: ciba, denyThreshold: deny },
        });
        expect(response.status).toBe(400);
        const body = (await response.json()) as { details: { message: string }[] };
        expect(body.details.map((detail) => detail.message)).toContain(message);
        expect(await storedUser(jane.id)).toMatchObject({
          cibaThreshold: null,
          denyThreshold: null,
        });
      },
    );

    it('refuses a tier that is neither personal nor premier', async () => {
      const response = await jane.call(ADMIN_ACCOUNT_TIER_PATH, {
        method: 'PUT',
        body: { accountTier: 'gold' },
      });
      expect(response.status).toBe(400);
      expect((await storedUser(jane.id)).accountTier).toBe('personal');
    });
  });

  describe('the 24-hour running total', () => {
    it('asks for approval on the second of five $1,000 transfers with a $1,000 threshold, and denies past the deny limit', async () => {
      // sofia.garcia with an activated phone app: approval is asked on the phone.
      const sofia = await customer('sofia.garcia');
      await test.handle.db
        .insert(mfaDevices)
        .values({ userId: sofia.id, type: 'iPhone', name: 'iPhone', publicKey: 'test-key' });
      await setThresholds(sofia.id, 1_000, 3_000);
      phone.asked.length = 0;
      const before = await balancesOf(sofia.checking);

      const statuses: number[] = [];
      const asked: number[][] = [];
      const refusals: unknown[] = [];
      for (let index = 0; index < 5; index += 1) {
        const answer = await transfer(sofia, '1,000.00');
        statuses.push(answer.status);
        if (answer.status === 403) refusals.push(await answer.json());
        asked.push([...phone.asked]);
      }
      // "Above" is strict (document 2 §9): $1,000 reaches the threshold exactly and moves;
      // $2,000 and $3,000 are above it and are asked on the phone; $4,000 and $5,000 are
      // above the deny limit of $3,000.
      expect(statuses).toEqual([204, 204, 204, 403, 403]);
      expect(asked).toEqual([
        [],
        [100_000],
        [100_000, 100_000],
        [100_000, 100_000],
        [100_000, 100_000],
      ]);
      expect(await balancesOf(sofia.checking)).toEqual([before[0]! - 300_000]);
      const reasons = (
        await test.handle.db.select().from(transfers).where(eq(transfers.userId, sofia.id))
      ).map((row) => row.reason);
      expect(reasons.filter((reason) => reason === 'max_threshold')).toHaveLength(2);
      // Each refusal says the figures that add up: $3,000 sent, this $1,000, the $3,000 limit
      // (the refused fourth does not count toward the total the fifth sees).
      const limit = { recentTotalCents: 300_000, amountCents: 100_000, thresholdCents: 300_000 };
      expect(refusals).toEqual([
        expect.objectContaining({ code: 'max_threshold', limit }),
        expect.objectContaining({ code: 'max_threshold', limit }),
      ]);
      expect(messages.transfer.denyLimitCrossed(limit)).toBe(
        'You have sent $3,000.00 in the last 24 hours; with this $1,000.00 that is $4,000.00, above your 24-hour limit of $3,000.00.',
      );
    });

    it('confirms by code when there is no phone app: the second $1,000 waits for the e-mailed code', async () => {
      const emily = await customer('emily.chen');
      await setThresholds(emily.id, 1_000, 10_000);
      const before = await balancesOf(emily.checking, emily.savings);
      expect((await transfer(emily, '1,000.00')).status).toBe(204);
      const second = await transfer(emily, '1,000.00');
      expect(second.status).toBe(202);
      const waiting = transferConfirmationRequiredSchema.parse(await second.json());
      expect(waiting).toMatchObject({
        channel: 'email',
        destination: 'e********n@example.com',
        // Why: $1,000 sent today, this $1,000, above the $1,000 approval threshold.
        limit: { recentTotalCents: 100_000, amountCents: 100_000, thresholdCents: 100_000 },
      });
      expect(await balancesOf(emily.checking, emily.savings)).toEqual([
        before[0]! - 100_000,
        before[1]! + 100_000,
      ]);
      const code = await codeSentTo('emily.chen@example.com');
      const confirmed = await emily.call(transferConfirmationPath(waiting.transferId), {
        method: 'POST',
        body: { code },
      });
      expect(confirmed.status).toBe(204);
      expect(confirmed.headers.get(TRANSFER_NUMBER_HEADER)).toBe(
        second.headers.get(TRANSFER_NUMBER_HEADER),
      );
      expect(await balancesOf(emily.checking, emily.savings)).toEqual([
        before[0]! - 200_000,
        before[1]! + 200_000,
      ]);
    });

    it('lets no concurrent burst of one customer slip past the running total', async () => {
      const olivia = await customer('olivia.martin');
      await setThresholds(olivia.id, 1_000, 3_000);
      const before = await balancesOf(olivia.checking);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => transfer(olivia, '600.00')),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      // One $600 fits under $1,000; pending ones count too, so four more ($3,000) wait for a
      // code, and the other five are denied: none moves without a second factor.
      expect(statuses).toEqual([202, 202, 202, 202, 204, 403, 403, 403, 403, 403]);
      expect(await balancesOf(olivia.checking)).toEqual([before[0]! - 60_000]);
      expect(
        await ledgerProblems(test.handle.db, await demoOpeningBalances(test.handle.db)),
      ).toEqual([]);
    });
  });

  describe('the automation rule reads the request’s own User-Agent', () => {
    it('refuses a headless request even when risk_data looks human, moving nothing', async () => {
      const michael = await customer('michael.brown');
      const before = await balancesOf(michael.checking, michael.savings);
      const response = await transfer(michael, '5.00', {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/156.0 Safari/537.36',
      });
      expect(response.status).toBe(403);
      expect(transferDeniedResponseSchema.parse(await response.json()).code).toBe('risk');
      expect(await balancesOf(michael.checking, michael.savings)).toEqual(before);
      const bots = await test.handle.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.type, 'transfer.bot_detected'), eq(auditEvents.userId, michael.id)),
        );
      expect(bots).toHaveLength(1);
      expect(bots[0]?.details).toMatchObject({
        requestUserAgent: expect.stringContaining('HeadlessChrome'),
      });
      // The same request with a desktop browser's header moves the money.
      expect((await transfer(michael, '5.00')).status).toBe(204);
    });
  });
});
