import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_CONSENTS_API_PATH,
  TRANSFERS_API_PATH,
  apiErrorMessage,
  outboxResponseSchema,
  type PaymentConsent,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import { auditEvents, transfers, users } from '../src/db/schema';
import { apiClient, customerToken, transferRequest, userIdOf } from './banking-server';
import {
  accountOf,
  balancesOf,
  callWithDpop,
  createConsent,
  janeAtConsentScreen,
  payAsConsented,
  pushAuthorization,
  shopToken,
  shopTokensAt,
  startPayByBankServer,
  type Shop,
} from './pay-by-bank';
import { API_DATABASES, type TestDatabase } from './test-database';

// The money of a payment moves when the shop submits it, not when jane authorises
// it, so her limits are applied again then, to the 24-hour running total as it is at that
// moment, under her transfer lock. One database (API_DATABASES): this is about what the shop
// and jane see over HTTP; the lock on both engines is in running-total.service.test.ts.
describe.each(API_DATABASES)('pay by bank within the limits at submission, on %s', (kind) => {
  const merchant = RETAIL_SHOP_COMPANY.accountId;
  let test: TestDatabase;
  let origin: string;
  let shop: Shop;
  let janeId: string;
  let janeChecking: string;
  let janeSavings: string;
  let janeToken: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ test, origin, shop, janeChecking, stop } = await startPayByBankServer(kind));
    janeId = await userIdOf(test, 'jane.doe');
    janeSavings = await accountOf(test, 'jane.doe', 'savings');
    janeToken = await customerToken(origin, 'jane.doe');
  });
  afterAll(() => stop());

  const balances = () => balancesOf(test, janeChecking, merchant);

  /**
   * Each test starts a day after the last one (its transfers leave the 24-hour window), with
   * jane's thresholds in dollars (null: the defaults, $1,000 and $10,000).
   */
  async function aDayLaterWith(cibaThreshold: number | null, denyThreshold: number | null) {
    await test.handle.db
      .update(transfers)
      .set({ createdAt: sql`${transfers.createdAt} - interval '25 hours'` })
      .where(eq(transfers.userId, janeId));
    await test.handle.db
      .update(users)
      .set({ cibaThreshold, denyThreshold })
      .where(eq(users.id, janeId));
  }

  /** jane moves `amount` dollars from checking to her savings; answers the HTTP status. */
  async function janeTransfers(amount: string) {
    const answer = await apiClient(origin, janeToken)(
      TRANSFERS_API_PATH,
      transferRequest(janeChecking, janeSavings, amount),
    );
    return answer.status;
  }

  /** The shop's token once jane allowed `consent` on the consent screen (`code` if asked). */
  async function authorised(consent: PaymentConsent, withCode = false) {
    const pending = await pushAuthorization(shop, consent.consentId);
    const atScreen = await janeAtConsentScreen(origin, pending.url);
    expect(atScreen.screen.needsCode).toBe(withCode);
    const confirm = (code?: string) =>
      atScreen.decide({
        decision: 'allow',
        accountId: janeChecking,
        ...(code === undefined ? {} : { code }),
      });
    let confirmed = await confirm();
    if (withCode) {
      expect(confirmed.status).toBe(202);
      confirmed = await confirm(await newestCodeOfJane());
    }
    expect(confirmed.status).toBe(200);
    const callback = await atScreen.callbackOf(confirmed);
    const tokens = await shopTokensAt(shop, callback, pending.checks);
    return tokens.access_token;
  }

  async function newestCodeOfJane() {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent('jane.doe@example.com')}&limit=1`, origin),
    );
    const [message] = outboxResponseSchema.parse(await response.json()).messages;
    return message?.code ?? '';
  }

  const pay = (token: string, consent: PaymentConsent) => payAsConsented(shop, token, consent);

  async function consentStatus(consent: PaymentConsent) {
    const read = await callWithDpop(
      shop,
      await shopToken(shop),
      'GET',
      `${PAYMENT_CONSENTS_API_PATH}/${consent.consentId}`,
    );
    return ((await read.json()) as PaymentConsent).status;
  }

  async function refusalsAudited(consent: PaymentConsent) {
    const rows = await test.handle.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'payment.refused'),
          sql`${auditEvents.details}->>'consentId' = ${consent.consentId}`,
        ),
      );
    return rows.map((row) => (row.details as { code?: string }).code);
  }

  it('refuses a $9,000 payment authorised at a $0 total once a $9,000 transfer made since takes the total past the $10,000 deny threshold, moving nothing', async () => {
    // An approval threshold as high as the deny threshold: neither step asks a second factor.
    await aDayLaterWith(10_000, 10_000);
    const consent = await createConsent(shop, merchant, 900_000);
    const token = await authorised(consent);
    // Her running total does not hold the payment yet: the transfer moves at once.
    expect(await janeTransfers('9,000.00')).toBe(204);
    const before = await balances();

    const refused = await pay(token, consent);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'payment_above_limit',
      message: apiErrorMessage('payment_above_limit'),
    });
    expect(await balances()).toEqual(before);
    expect(await consentStatus(consent)).toBe('Authorised');
    expect(await refusalsAudited(consent)).toEqual(['payment_above_limit']);
  });

  it('refuses a payment authorised without a second factor once transfers since take the total above the approval threshold; one approved with a code still pays', async () => {
    await aDayLaterWith(null, null);
    const unapproved = await createConsent(shop, merchant, 80_000);
    const unapprovedToken = await authorised(unapproved);
    expect(await janeTransfers('500.00')).toBe(204);
    const before = await balances();
    // $500 + $800 is above her $1,000 approval threshold, and nobody approved the $800.
    const refused = await pay(unapprovedToken, unapproved);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'payment_approval_outdated',
      message: apiErrorMessage('payment_approval_outdated'),
    });
    expect(await balances()).toEqual(before);
    expect(await refusalsAudited(unapproved)).toEqual(['payment_approval_outdated']);

    // $500 + $600 asks a code at the consent screen; $100 more since is covered by that code.
    const approved = await createConsent(shop, merchant, 60_000);
    const approvedToken = await authorised(approved, true);
    expect(await janeTransfers('100.00')).toBe(204);
    const beforePaying = await balances();
    expect((await pay(approvedToken, approved)).status).toBe(201);
    expect(await balances()).toEqual([beforePaying[0] - 60_000, beforePaying[1] + 60_000]);
  });

  it('pays a payment within the limits, and the transfer after it counts it', async () => {
    await aDayLaterWith(null, null);
    const consent = await createConsent(shop, merchant, 60_000);
    const token = await authorised(consent);
    const before = await balances();
    const paid = await pay(token, consent);
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ status: 'AcceptedSettlementCompleted' });
    expect(await balances()).toEqual([before[0] - 60_000, before[1] + 60_000]);
    // $600 paid + $500 is above the $1,000 approval threshold: the transfer asks her code.
    expect(await janeTransfers('500.00')).toBe(202);
  });
});
