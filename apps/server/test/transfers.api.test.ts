import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_HEADER,
  TRANSFER_NUMBER_HEADER,
  messages,
  transferDeniedResponseSchema,
  type RiskPayload,
  type TransferConfirmationRequired,
} from '@anybank/contracts';
import { ledgerEntries, mfaDevices, users } from '../src/db/schema';
import { PERSON_RISK_PAYLOAD } from './sign-in-driver';
import { bankingApiOn } from './banking-api-fixtures';
import { DATABASE_KINDS } from './test-database';

describe.each(DATABASE_KINDS)('transfers over the banking API on %s', (kind) => {
  const world = bankingApiOn(kind);

  it('moves exactly the amount, writes two ledger entries and answers 204 with the number', async () => {
    const before = await world.balancesOf(world.jane.checking, world.jane.savings);
    const response = await world.transfer(world.jane, world.janeToSavings('1,234.56'));
    expect(response.status).toBe(204);
    const number = Number(response.headers.get(TRANSFER_NUMBER_HEADER));
    expect(Number.isInteger(number) && number >= 0 && number < 100_000).toBe(true);
    expect(await world.balancesOf(world.jane.checking, world.jane.savings)).toEqual([
      before[0]! - 123_456,
      before[1]! + 123_456,
    ]);
    const [row] = (await world.transfersOf(world.jane.id)).filter(
      (each) => each.referenceNumber === number,
    );
    expect(row).toMatchObject({ status: 'confirmed', amountCents: 123_456 });
    const entries = await world.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferId, row!.id))
      .orderBy(ledgerEntries.id);
    expect(entries).toMatchObject([
      {
        accountId: world.jane.checking,
        amountCents: -123_456,
        balanceAfterCents: before[0]! - 123_456,
      },
      {
        accountId: world.jane.savings,
        amountCents: 123_456,
        balanceAfterCents: before[1]! + 123_456,
      },
    ]);
  });

  it('denies a transfer above the deny threshold with max_threshold, moving nothing', async () => {
    const before = await world.balancesOf(world.jane.checking, world.jane.savings);
    const denied = await world.transfer(world.jane, world.janeToSavings('10,000.01'));
    expect(denied.status).toBe(403);
    const body = transferDeniedResponseSchema.parse(await denied.json());
    expect(body.code).toBe('max_threshold');
    expect(body.message).toContain('max_threshold');
    expect(denied.headers.get(TRANSFER_NUMBER_HEADER)).toMatch(/^\d{1,5}$/);
    expect(await world.balancesOf(world.jane.checking, world.jane.savings)).toEqual(before);
    expect(await world.auditCount('transfer.denied', world.jane.id)).toBe(1);
    expect(
      (await world.transfersOf(world.jane.id)).filter((row) => row.status === 'denied'),
    ).toMatchObject([{ reason: 'max_threshold', amountCents: 1_000_001 }]);
  });

  it('follows the user’s own deny threshold in whole dollars, denying only above it', async () => {
    // A customer with no transfers yet today: the running total is this transfer alone.
    const james = await world.customer('james.taylor');
    await world.db.update(users).set({ denyThreshold: 50 }).where(eq(users.id, james.id));
    const to = (amount: string) => ({
      from_account_id: james.checking,
      to_account_id: james.savings,
      amount,
      risk_data: PERSON_RISK_PAYLOAD,
    });
    try {
      expect((await world.transfer(james, to('50.01'))).status).toBe(403);
      expect((await world.transfer(james, to('50'))).status).toBe(204);
    } finally {
      await world.db.update(users).set({ denyThreshold: null }).where(eq(users.id, james.id));
    }
  });

  it.each([
    ['webdriver', { ...PERSON_RISK_PAYLOAD, webdriver: true }],
    [
      'a headless user agent',
      { ...PERSON_RISK_PAYLOAD, userAgent: 'Mozilla/5.0 (X11) HeadlessChrome/156.0 Safari/537.36' },
    ],
  ] as [string, RiskPayload][])(
    'denies an automated request (%s) with risk and records a bot',
    async (_case, riskData) => {
      const before = await world.balancesOf(world.jane.checking, world.jane.savings);
      const bots = await world.auditCount('transfer.bot_detected', world.jane.id);
      const response = await world.transfer(world.jane, world.janeToSavings('5.00', riskData));
      expect(response.status).toBe(403);
      expect(transferDeniedResponseSchema.parse(await response.json()).code).toBe('risk');
      expect(await world.balancesOf(world.jane.checking, world.jane.savings)).toEqual(before);
      expect(await world.auditCount('transfer.bot_detected', world.jane.id)).toBe(bots + 1);
    },
  );

  it('answers a retry with the same Idempotency-Key with the first result, moving money once', async () => {
    const before = await world.balancesOf(world.jane.checking, world.jane.savings);
    const key = { [IDEMPOTENCY_KEY_HEADER]: `retry-${kind}` };
    const first = await world.transfer(world.jane, world.janeToSavings('7.25'), key);
    const retry = await world.transfer(world.jane, world.janeToSavings('7.25'), key);
    expect([first.status, retry.status]).toEqual([204, 204]);
    expect(retry.headers.get(TRANSFER_NUMBER_HEADER)).toBe(
      first.headers.get(TRANSFER_NUMBER_HEADER),
    );
    expect(await world.balancesOf(world.jane.checking, world.jane.savings)).toEqual([
      before[0]! - 725,
      before[1]! + 725,
    ]);
    const other = await world.transfer(world.jane, world.janeToSavings('7.26'), key);
    expect(other.status).toBe(422);
  });

  it('moves money once for concurrent requests with the same Idempotency-Key', async () => {
    const before = await world.balancesOf(world.jane.checking, world.jane.savings);
    const key = { [IDEMPOTENCY_KEY_HEADER]: `concurrent-${kind}` };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => world.transfer(world.jane, world.janeToSavings('3.10'), key)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(204));
    expect(new Set(responses.map((r) => r.headers.get(TRANSFER_NUMBER_HEADER))).size).toBe(1);
    expect(await world.balancesOf(world.jane.checking, world.jane.savings)).toEqual([
      before[0]! - 310,
      before[1]! + 310,
    ]);
  });

  it('asks a code, not the phone, of a customer whose phone app was never activated', async () => {
    // A push device without a key cannot approve anything: it is not paired yet. Above the
    // threshold the transfer then waits for a code to Emily's e-mail.
    await world.db
      .insert(mfaDevices)
      .values({ userId: world.emily.id, type: 'iPhone', name: 'iPhone' });
    const before = await world.balancesOf(world.emily.checking, world.emily.savings);
    const response = await world.transfer(world.emily, {
      from_account_id: world.emily.checking,
      to_account_id: world.emily.savings,
      amount: '1000.01',
      risk_data: PERSON_RISK_PAYLOAD,
    });
    expect(response.status).toBe(202);
    const asked = (await response.json()) as TransferConfirmationRequired;
    expect(asked).toMatchObject({ code: 'confirmation_required', channel: 'email' });
    // The transfer page draws the engine's prompt (ADR 0026), in its code step's words.
    expect(asked.prompt).toMatchObject({ method: 'email-code' });
    expect(asked.prompt.nodes).toContainEqual({
      type: 'text',
      text: messages.transfer.confirmationRequired(asked.destination),
    });
    expect(asked.prompt.nodes).toContainEqual(
      expect.objectContaining({ type: 'input', label: messages.transfer.confirmationCodeLabel }),
    );
    expect(await world.balancesOf(world.emily.checking, world.emily.savings)).toEqual(before);
    const [row] = await world.db
      .select({ amount: users.accountTransferAmountCents })
      .from(users)
      .where(eq(users.id, world.emily.id));
    expect(row!.amount).toBeNull();
  });
});
