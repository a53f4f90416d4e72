import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, messages, type RiskPayload } from '@anybank/contracts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';
import {
  accounts,
  auditEvents,
  oidcModels,
  paymentConsents,
  transfers,
  users,
} from '../../db/schema';
import { insertMfaDevices, insertUser } from '../directory/directory.store';
import { insertAccounts } from './accounts.store';
import { createOtpService } from '../identity/credentials/otp.service';
import { createChallengeService } from '../identity/challenge/challenge.service';
import type { MethodDeps } from '../identity/challenge/challenge-method';
import { emailCodeMethod } from '../identity/challenge/methods/email-code/email-code.method';
import { phonePushMethod } from '../identity/challenge/methods/phone-push/phone-push.method';
import { registryOf } from '../identity/challenge/methods/methods';
import { smsCodeMethod } from '../identity/challenge/methods/sms-code/sms-code.method';
import { backchannelOfPhone } from '../identity/oauth/ciba-approvals';
import type { GrantCheck } from '../identity/oauth/access-token';
import type { MessagingService, OutgoingMessage } from '../messaging/messaging.service';
import { runWatchedBy } from '../audit';
import { listLedgerEntriesOf } from './ledger.store';
import { moveMoney } from './money-movement.store';
import { consentToPay } from '../payments/consent-to-pay';
import { payConsent } from './payment-ledger.store';
import { lockTransferringCustomer } from './running-total.store';
import {
  createBankingService,
  type BankingService,
  type TransferApprovals,
} from './banking.service';

const person: RiskPayload = {
  deviceId: 'device-0123456789',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  language: 'en-US',
  timeZone: 'America/New_York',
  screen: { width: 1440, height: 900, colorDepth: 24 },
  webdriver: false,
};

type Answer = 'approved' | 'denied' | 'expired';

/** A promise the test settles when it decides. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/**
 * The approval port as a person on a phone would answer it: each request waits until the
 * test answers it, so the test can look at the database while a transfer is pending.
 */
function phoneInTheTestsHand() {
  let asked = deferred<Parameters<TransferApprovals['requestApproval']>[0]>();
  let answer = deferred<Answer>();
  const approvals: TransferApprovals = {
    requestApproval(input) {
      asked.resolve(input);
      return answer.promise;
    },
  };
  return {
    approvals,
    /** The next approval request, once the service has made it. */
    asked: () => asked.promise,
    answer: (value: Answer) => answer.resolve(value),
    fail: (error: Error) => answer.reject(error),
    reset() {
      asked = deferred();
      answer = deferred();
    },
  };
}

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms),
    ),
  ]);
}

/** A tiny seeded generator: the concurrent run is the same every time. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** OAuth grants in the test database: one live, one expired; a signed-out one has no row. */
const GRANTS = { live: 'grant-live', expired: 'grant-expired', signedOut: 'grant-signed-out' };

/** A grant check as the access-token guard hands it over, recording what it was told. */
function grantCheck(grantId: string) {
  const confirmed: boolean[] = [];
  const check: GrantCheck = {
    grantId,
    confirm(isLive) {
      confirmed.push(isLive);
      if (!isLive) throw new Error('signed out');
    },
  };
  return { check, confirmed };
}
const liveGrant = grantCheck(GRANTS.live).check;

/** The messages the service sends, as the outbox would hold them (codes in the clear). */
function recordingOutbox() {
  const sent: OutgoingMessage[] = [];
  const messaging: Pick<MessagingService, 'send' | 'listOutbox'> = {
    async send(message) {
      sent.push(message);
      return {
        id: String(sent.length),
        channel: message.channel,
        to: message.to,
        subject: message.subject ?? null,
        body: message.body,
        code: message.code ?? null,
        payload: message.payload ?? null,
        createdAt: new Date().toISOString(),
      } as Awaited<ReturnType<MessagingService['send']>>;
    },
    async listOutbox() {
      return [];
    },
  };
  return { messaging, sent };
}

const ACTIVATED_PHONE_KEY = JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' });

describe.each(DATABASE_KINDS)('transfers through the banking service on %s', (kind) => {
  let test: TestDatabase;
  let phone: ReturnType<typeof phoneInTheTestsHand>;
  let banking: BankingService;
  let withoutApprover: BankingService;
  let customers = 0;
  const outbox = recordingOutbox();

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    phone = phoneInTheTestsHand();
    const otp = createOtpService({ db: test.handle.db, signingSecret: 'banking-service-test' });
    // The challenge engine approves transfers (ADR 0026): with the phone in the test's hand,
    // and, for `withoutApprover`, with no phone method at all (codes only).
    const methodDeps = {
      db: test.handle.db,
      otp,
      messaging: outbox.messaging,
      backchannel: backchannelOfPhone(phone.approvals),
      clock: () => new Date(),
    } as unknown as MethodDeps; // only what the code and phone-push methods read
    const engine = (withPhone: boolean) =>
      createChallengeService({
        db: test.handle.db,
        methods: registryOf([
          emailCodeMethod(methodDeps),
          smsCodeMethod(methodDeps),
          ...(withPhone ? [phonePushMethod(methodDeps)] : []),
        ]),
        // The phone's answer is read every 10 ms rather than every second.
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10))),
      });
    banking = createBankingService({ db: test.handle.db, challenges: engine(true) });
    withoutApprover = createBankingService({ db: test.handle.db, challenges: engine(false) });
    const inAnHour = new Date(Date.now() + 3_600_000);
    await test.handle.db.insert(oidcModels).values([
      { model: 'Grant', id: GRANTS.live, payload: {}, expiresAt: inAnHour },
      { model: 'Grant', id: GRANTS.expired, payload: {}, expiresAt: new Date(Date.now() - 1000) },
      // Another model under the same id is no grant.
      { model: 'Session', id: GRANTS.signedOut, payload: {}, expiresAt: inAnHour },
    ]);
  });
  afterAll(async () => {
    await test.drop();
  });

  /** A customer with checking, savings and a rewards Visa; with a paired phone if asked. */
  async function newCustomer(
    options: {
      checking?: number;
      savings?: number;
      phone?: boolean;
      cibaThreshold?: number;
      denyThreshold?: number;
    } = {},
  ) {
    customers += 1;
    const uid = `casey.morgan${customers}`;
    const user = await insertUser(test.handle.db, {
      uid,
      firstName: 'Casey',
      lastName: 'Morgan',
      email: `${uid}@example.com`,
      userType: 'customer',
      cibaThreshold: options.cibaThreshold ?? null,
      denyThreshold: options.denyThreshold ?? null,
    });
    const ids = ['checking', 'savings', 'visa'].map(
      () => `${1_000_000_000 + randomBytes(4).readUInt32BE() * 2}`,
    ) as [string, string, string];
    await insertAccounts(test.handle.db, [
      {
        id: ids[0],
        ownerId: user.id,
        kind: 'checking',
        position: 0,
        balanceCents: options.checking ?? 500_000,
        numberSuffix: ids[0].slice(-4),
      },
      {
        id: ids[1],
        ownerId: user.id,
        kind: 'savings',
        position: 1,
        balanceCents: options.savings ?? 500_000,
        numberSuffix: ids[1].slice(-4),
      },
      {
        id: ids[2],
        ownerId: user.id,
        kind: 'rewards-visa',
        position: 2,
        balanceCents: 10_000,
        numberSuffix: ids[2].slice(-4),
      },
    ]);
    if (options.phone) {
      // An activated phone app: it holds a key (any public key will do for these tests).
      await insertMfaDevices(test.handle.db, [
        { userId: user.id, type: 'iPhone', name: 'iPhone', publicKey: ACTIVATED_PHONE_KEY },
      ]);
    }
    return { userId: user.id, checking: ids[0], savings: ids[1] };
  }

  async function balanceOf(accountId: string): Promise<number> {
    const [row] = await test.handle.db
      .select({ balanceCents: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return row!.balanceCents;
  }

  async function pendingAmountOf(userId: string) {
    const [row] = await test.handle.db
      .select({ amount: users.accountTransferAmountCents })
      .from(users)
      .where(eq(users.id, userId));
    return row!.amount;
  }

  async function transfersOf(userId: string) {
    return test.handle.db.select().from(transfers).where(eq(transfers.userId, userId));
  }

  /** The transfer's own audit events (the challenge engine writes its `challenge.*` ones). */
  async function auditTypesOf(userId: string) {
    const rows = await test.handle.db
      .select({ type: auditEvents.type })
      .from(auditEvents)
      .where(eq(auditEvents.userId, userId));
    return rows
      .map((row) => row.type)
      .filter((type) => !type.startsWith('challenge.'))
      .sort();
  }

  function transferOf(
    customer: { userId: string; checking: string; savings: string },
    amount: string,
    extra: { riskData?: unknown; idempotencyKey?: string; reverse?: boolean } = {},
  ) {
    return {
      userId: customer.userId,
      grant: liveGrant,
      input: {
        fromAccountId: extra.reverse ? customer.savings : customer.checking,
        toAccountId: extra.reverse ? customer.checking : customer.savings,
        amount,
        riskData: extra.riskData ?? person,
      },
      idempotencyKey: extra.idempotencyKey ?? null,
    };
  }

  it('moves exactly the amount and writes a debit and a credit with the balances after', async () => {
    const customer = await newCustomer({ checking: 200_000, savings: 2_500, cibaThreshold: 5_000 });
    const outcome = await banking.transfer(transferOf(customer, '1,234.56'));
    expect(outcome).toMatchObject({ kind: 'confirmed' });
    expect(await balanceOf(customer.checking)).toBe(200_000 - 123_456);
    expect(await balanceOf(customer.savings)).toBe(2_500 + 123_456);
    const [transfer] = await transfersOf(customer.userId);
    expect(transfer).toMatchObject({ status: 'confirmed', amountCents: 123_456, reason: null });
    expect(outcome).toEqual({ kind: 'confirmed', referenceNumber: transfer!.referenceNumber });
    expect(await listLedgerEntriesOf(test.handle.db, customer.checking)).toMatchObject([
      { transferId: transfer!.id, amountCents: -123_456, balanceAfterCents: 76_544 },
    ]);
    expect(await listLedgerEntriesOf(test.handle.db, customer.savings)).toMatchObject([
      { transferId: transfer!.id, amountCents: 123_456, balanceAfterCents: 125_956 },
    ]);
    const [audit] = await test.handle.db
      .select({ type: auditEvents.type, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.userId, customer.userId));
    expect(audit).toEqual({
      type: 'transfer.confirmed',
      details: {
        transferId: transfer!.id,
        referenceNumber: transfer!.referenceNumber,
        fromAccountId: customer.checking,
        toAccountId: customer.savings,
        amountCents: 123_456,
        // The two ledger entries the statement wrote, the debit first.
        entries: [
          { accountId: customer.checking, amountCents: -123_456 },
          { accountId: customer.savings, amountCents: 123_456 },
        ],
      },
    });
    expect(await pendingAmountOf(customer.userId)).toBeNull();
  });

  it.each([
    ['signed out', GRANTS.signedOut],
    ['expired', GRANTS.expired],
  ])(
    'writes nothing for a caller whose grant is %s, learning it from its first read',
    async (_how, grantId) => {
      const customer = await newCustomer({ checking: 200_000, savings: 0 });
      const ended = grantCheck(grantId);
      await expect(
        banking.transfer({ ...transferOf(customer, '10.00'), grant: ended.check }),
      ).rejects.toThrow('signed out');
      expect(ended.confirmed).toEqual([false]);
      expect(await transfersOf(customer.userId)).toEqual([]);
      expect(await balanceOf(customer.checking)).toBe(200_000);
      expect(await auditTypesOf(customer.userId)).toEqual([]);
    },
  );

  it('answers balances only once the same read found the grant live', async () => {
    const customer = await newCustomer();
    const ended = grantCheck(GRANTS.signedOut);
    await expect(
      banking.balances(customer.userId, 'https://bank.test/balances', ended.check),
    ).rejects.toThrow('signed out');
    const live = grantCheck(GRANTS.live);
    await banking.balances(customer.userId, 'https://bank.test/balances', live.check);
    expect([ended.confirmed, live.confirmed]).toEqual([[false], [true]]);
  });

  it('keeps every balance whole through 200 concurrent transfers both ways, some too large', async () => {
    // Limits far above the amounts: this test is about the money, not the running total.
    const customer = await newCustomer({
      checking: 500_000,
      savings: 500_000,
      cibaThreshold: 10_000_000,
      denyThreshold: 20_000_000,
    });
    const random = seededRandom(kind === 'pglite' ? 7 : 11);
    const requests = Array.from({ length: 200 }, () => {
      // Up to $7,000 against $5,000 each side: many fit, many do not, at one moment or another.
      const cents = 1 + Math.floor(random() * 700_000);
      return transferOf(customer, formatCents(cents), { reverse: random() < 0.5 });
    });
    const outcomes = await Promise.all(requests.map((request) => banking.transfer(request)));

    const confirmed = outcomes.filter((outcome) => outcome.kind === 'confirmed');
    const refused = outcomes.filter((outcome) => outcome.kind !== 'confirmed');
    for (const outcome of refused) {
      expect(outcome).toMatchObject({
        kind: 'invalid',
        message: expect.stringMatching(/^You do not have sufficient funds in account/),
      });
    }
    expect(confirmed.length).toBeGreaterThan(20);
    expect(refused.length).toBeGreaterThan(0);

    const checking = await balanceOf(customer.checking);
    const savings = await balanceOf(customer.savings);
    expect(checking + savings).toBe(1_000_000);
    expect(checking).toBeGreaterThanOrEqual(0);
    expect(savings).toBeGreaterThanOrEqual(0);

    for (const [accountId, start, end] of [
      [customer.checking, 500_000, checking],
      [customer.savings, 500_000, savings],
    ] as const) {
      const entries = await listLedgerEntriesOf(test.handle.db, accountId);
      expect(entries).toHaveLength(confirmed.length);
      expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(end - start);
      // Entry by entry, in ledger order, each balance after follows from the one before.
      let running = start;
      for (const entry of entries) {
        running += entry.amountCents;
        expect(entry.balanceAfterCents).toBe(running);
        expect(entry.balanceAfterCents).toBeGreaterThanOrEqual(0);
      }
    }
    const rows = await transfersOf(customer.userId);
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(confirmed.length);
    expect(await pendingAmountOf(customer.userId)).toBeNull();
  });

  it('moves the money once for concurrent requests with the same Idempotency-Key', async () => {
    const customer = await newCustomer({ checking: 100_000, savings: 0 });
    const request = transferOf(customer, '10.00', { idempotencyKey: 'same-key-concurrent' });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => banking.transfer(request)));
    const [first] = await transfersOf(customer.userId);
    for (const outcome of outcomes) {
      expect(outcome).toEqual({ kind: 'confirmed', referenceNumber: first!.referenceNumber });
    }
    expect(await transfersOf(customer.userId)).toHaveLength(1);
    expect(await balanceOf(customer.checking)).toBe(99_000);
    expect(await balanceOf(customer.savings)).toBe(1_000);
    expect(await listLedgerEntriesOf(test.handle.db, customer.savings)).toHaveLength(1);
  });

  it('answers a refused transfer’s retry with the same refusal and number, once recorded', async () => {
    const customer = await newCustomer({ checking: 2_000_000 });
    const request = transferOf(customer, '10,000.01', { idempotencyKey: 'refused-once' });
    const outcomes = await Promise.all([banking.transfer(request), banking.transfer(request)]);
    expect(outcomes[0]).toMatchObject({ kind: 'refused', code: 'max_threshold' });
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(await transfersOf(customer.userId)).toMatchObject([
      { status: 'denied', reason: 'max_threshold' },
    ]);
    expect(await auditTypesOf(customer.userId)).toEqual(['transfer.denied']);
  });

  it('refuses an Idempotency-Key used for another transfer', async () => {
    const customer = await newCustomer();
    await banking.transfer(transferOf(customer, '5.00', { idempotencyKey: 'one-key' }));
    expect(
      await banking.transfer(transferOf(customer, '6.00', { idempotencyKey: 'one-key' })),
    ).toEqual({ kind: 'key_reused' });
    expect(await balanceOf(customer.checking)).toBe(500_000 - 500);
  });

  it('records an automated request as a bot, moves nothing and clears the pending amount', async () => {
    const customer = await newCustomer();
    const outcome = await banking.transfer(
      transferOf(customer, '5.00', {
        riskData: { ...person, userAgent: 'Mozilla/5.0 HeadlessChrome' },
      }),
    );
    expect(outcome).toMatchObject({ kind: 'refused', code: 'risk' });
    expect(await transfersOf(customer.userId)).toMatchObject([
      { status: 'denied', reason: 'risk' },
    ]);
    expect(await auditTypesOf(customer.userId)).toEqual(['transfer.bot_detected']);
    expect(await balanceOf(customer.checking)).toBe(500_000);
    expect(await pendingAmountOf(customer.userId)).toBeNull();
  });

  describe('above the CIBA threshold with a paired phone', () => {
    it('waits for the approval with no transaction open, holding the amount, then moves the money', async () => {
      phone.reset();
      const customer = await newCustomer({ checking: 300_000, savings: 0, phone: true });
      const transfer = banking.transfer(transferOf(customer, '1,500.00'));
      const request = await within(phone.asked(), 5000, 'the approval request');
      expect(request).toMatchObject({
        userId: customer.userId,
        fromAccountId: customer.checking,
        toAccountId: customer.savings,
        amountCents: 150_000,
      });

      // On PGlite (one connection) any open transaction would stop these queries until the
      // person answers: they finish while the phone is still waiting.
      await within(
        (async () => {
          expect(await balanceOf(customer.checking)).toBe(300_000);
          expect(await pendingAmountOf(customer.userId)).toBe(150_000);
          expect(await transfersOf(customer.userId)).toMatchObject([
            { id: request.transferId, status: 'pending_approval' },
          ]);
        })(),
        2000,
        'a query while the approval is pending',
      );
      // Another customer's transfer goes through meanwhile, too.
      const other = await newCustomer();
      expect(
        await within(withoutApprover.transfer(transferOf(other, '1.00')), 2000, 'a transfer'),
      ).toMatchObject({ kind: 'confirmed' });

      phone.answer('approved');
      const [row] = await transfersOf(customer.userId);
      expect(await transfer).toEqual({ kind: 'confirmed', referenceNumber: row!.referenceNumber });
      expect(await transfersOf(customer.userId)).toMatchObject([
        { id: request.transferId, status: 'confirmed' },
      ]);
      expect(await balanceOf(customer.checking)).toBe(150_000);
      expect(await balanceOf(customer.savings)).toBe(150_000);
      expect(await listLedgerEntriesOf(test.handle.db, customer.savings)).toHaveLength(1);
      expect(await pendingAmountOf(customer.userId)).toBeNull();
    });

    it.each([
      ['denied', messages.transfer.notApproved, 'declined'],
      ['expired', messages.transfer.notApproved, 'expired'],
    ] as const)('moves nothing when the approval is %s', async (answer, _shown, reason) => {
      phone.reset();
      const customer = await newCustomer({ checking: 300_000, savings: 0, phone: true });
      const transfer = banking.transfer(transferOf(customer, '2,000.00'));
      await phone.asked();
      phone.answer(answer);
      expect(await transfer).toMatchObject({
        kind: 'refused',
        code: 'not_approved',
        message: expect.stringContaining('not_approved'),
      });
      expect(await transfersOf(customer.userId)).toMatchObject([
        { status: 'not_approved', reason },
      ]);
      expect(await balanceOf(customer.checking)).toBe(300_000);
      expect(await listLedgerEntriesOf(test.handle.db, customer.checking)).toEqual([]);
      expect(await auditTypesOf(customer.userId)).toEqual(['transfer.denied']);
      expect(await pendingAmountOf(customer.userId)).toBeNull();
    });

    it('answers a retry of a transfer still waiting with pending, and never asks twice', async () => {
      phone.reset();
      const customer = await newCustomer({ checking: 300_000, savings: 0, phone: true });
      const request = transferOf(customer, '1,200.00', { idempotencyKey: 'waiting' });
      const first = banking.transfer(request);
      const asked = await phone.asked();
      const [row] = await transfersOf(customer.userId);
      expect(await banking.transfer(request)).toEqual({
        kind: 'pending',
        referenceNumber: row!.referenceNumber,
      });
      phone.answer('approved');
      expect(await first).toMatchObject({ kind: 'confirmed' });
      expect(asked.transferId).toBe(row!.id);
      expect(await banking.transfer(request)).toEqual({
        kind: 'confirmed',
        referenceNumber: row!.referenceNumber,
      });
      expect(await balanceOf(customer.checking)).toBe(180_000);
    });

    it('refuses an approved transfer the account can no longer pay, moving nothing', async () => {
      phone.reset();
      const customer = await newCustomer({ checking: 300_000, savings: 0, phone: true });
      const transfer = banking.transfer(transferOf(customer, '2,500.00'));
      await phone.asked();
      // Meanwhile, money leaves the account another way (the pending transfer counts toward
      // the running total, so another transfer of this customer would need approval too).
      expect(
        await moveMoney(test.handle.db, {
          userId: customer.userId,
          fromAccountId: customer.checking,
          toAccountId: customer.savings,
          amountCents: 99_900,
          referenceNumber: 1,
          idempotencyKey: null,
        }),
      ).toMatchObject({ moved: true });
      phone.answer('approved');
      expect(await transfer).toEqual({
        kind: 'invalid',
        message: messages.transfer.insufficientFunds('Checking', '2,001.00'),
      });
      const rows = await test.handle.db
        .select()
        .from(transfers)
        .where(and(eq(transfers.userId, customer.userId), eq(transfers.amountCents, 250_000)));
      expect(rows).toMatchObject([{ status: 'denied', reason: 'insufficient_funds' }]);
      expect(await balanceOf(customer.checking)).toBe(200_100);
      expect(await pendingAmountOf(customer.userId)).toBeNull();
    });

    it('settles the transfer as not approved when the approver fails, and moves nothing', async () => {
      phone.reset();
      const customer = await newCustomer({ checking: 300_000, savings: 0, phone: true });
      const transfer = banking.transfer(transferOf(customer, '1,500.00'));
      await phone.asked();
      phone.fail(new Error('the push service is down'));
      await expect(transfer).rejects.toThrow('the push service is down');
      expect(await transfersOf(customer.userId)).toMatchObject([
        { status: 'not_approved', reason: 'approval_failed' },
      ]);
      expect(await balanceOf(customer.checking)).toBe(300_000);
      expect(await pendingAmountOf(customer.userId)).toBeNull();
    });

    it('refuses it as approval_unavailable when no approver exists, moving nothing', async () => {
      const customer = await newCustomer({ checking: 300_000, savings: 0, phone: true });
      expect(await withoutApprover.transfer(transferOf(customer, '1,000.01'))).toMatchObject({
        kind: 'refused',
        code: 'approval_unavailable',
        message: messages.transfer.approvalUnavailable,
      });
      // At the threshold itself no approval is needed (a refused transfer does not count).
      expect(await withoutApprover.transfer(transferOf(customer, '1,000.00'))).toMatchObject({
        kind: 'confirmed',
      });
      expect(await balanceOf(customer.checking)).toBe(200_000);
      const statuses = (await transfersOf(customer.userId)).map((row) => row.status).sort();
      expect(statuses).toEqual(['confirmed', 'not_approved']);
    });
  });

  describe('above the CIBA threshold without a phone app', () => {
    it('refuses a customer with no sign-in device that can receive a code, moving nothing', async () => {
      const customer = await newCustomer({ checking: 300_000, savings: 0 });
      expect(await banking.transfer(transferOf(customer, '2,000.00'))).toMatchObject({
        kind: 'refused',
        code: 'approval_unavailable',
      });
      expect(await balanceOf(customer.checking)).toBe(300_000);
    });

    it('stores it pending, e-mails a code, and moves the money only for the right code', async () => {
      const customer = await newCustomer({ checking: 300_000, savings: 0 });
      const address = `code.${customer.userId}@example.com`;
      await insertMfaDevices(test.handle.db, [
        { userId: customer.userId, type: 'Email', name: 'Email', target: address },
      ]);
      const outcome = await banking.transfer(transferOf(customer, '1,500.00'));
      expect(outcome).toMatchObject({ kind: 'confirmation_required', channel: 'email' });
      if (outcome.kind !== 'confirmation_required') throw new Error('no confirmation asked');
      expect(await balanceOf(customer.checking)).toBe(300_000);
      const code = outbox.sent.findLast((message) => message.to === address)?.code ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const confirm = (value: string) =>
        banking.confirmTransfer({
          userId: customer.userId,
          grant: liveGrant,
          transferId: outcome.transferId,
          code: value,
        });
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await confirm(wrong)).toMatchObject({ kind: 'wrong_code', attemptsLeft: 4 });
      expect(await balanceOf(customer.checking)).toBe(300_000);
      expect(await confirm(code)).toEqual({
        kind: 'confirmed',
        referenceNumber: outcome.referenceNumber,
      });
      expect(await balanceOf(customer.checking)).toBe(150_000);
      // Used once: the same code again moves nothing more.
      expect(await confirm(code)).toMatchObject({ kind: 'not_pending' });
      expect(await balanceOf(customer.checking)).toBe(150_000);
    });

    it('settles it as not approved once the wrong codes use up the tries', async () => {
      const customer = await newCustomer({ checking: 300_000, savings: 0 });
      await insertMfaDevices(test.handle.db, [
        { userId: customer.userId, type: 'SMS', name: 'SMS', target: '+15555550123' },
      ]);
      const outcome = await banking.transfer(transferOf(customer, '1,500.00'));
      expect(outcome).toMatchObject({ kind: 'confirmation_required', channel: 'sms' });
      if (outcome.kind !== 'confirmation_required') throw new Error('no confirmation asked');
      const code = outbox.sent.findLast((message) => message.to.endsWith('5550123'))?.code;
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        answers.push(
          await banking.confirmTransfer({
            userId: customer.userId,
            grant: liveGrant,
            transferId: outcome.transferId,
            code: wrong,
          }),
        );
      }
      // Five tries: four answered "wrong", the fifth settles it; after that it waits no more.
      expect(answers.map((answer) => answer.kind)).toEqual([
        'wrong_code',
        'wrong_code',
        'wrong_code',
        'wrong_code',
        'refused',
        'not_pending',
      ]);
      const [row] = await transfersOf(customer.userId);
      expect(row).toMatchObject({ status: 'not_approved', reason: 'code_failed' });
      expect(await balanceOf(customer.checking)).toBe(300_000);
    });

    it('answers not found for another customer’s pending transfer', async () => {
      const owner = await newCustomer({ checking: 300_000, savings: 0 });
      const other = await newCustomer();
      await insertMfaDevices(test.handle.db, [
        {
          userId: owner.userId,
          type: 'Email',
          name: 'Email',
          target: `o.${owner.userId}@example.com`,
        },
      ]);
      const outcome = await banking.transfer(transferOf(owner, '1,500.00'));
      if (outcome.kind !== 'confirmation_required') throw new Error('no confirmation asked');
      expect(
        await banking.confirmTransfer({
          userId: other.userId,
          grant: liveGrant,
          transferId: outcome.transferId,
          code: '123456',
        }),
      ).toEqual({ kind: 'not_found' });
    });
  });

  describe('the 24-hour running total', () => {
    it('asks approval on the second of five $1,000 transfers with a $1,000 threshold, and denies past the deny limit', async () => {
      phone.reset();
      const customer = await newCustomer({
        checking: 1_000_000,
        savings: 0,
        phone: true,
        cibaThreshold: 1_000,
        denyThreshold: 3_000,
      });
      const outcomes = [];
      for (let index = 0; index < 5; index += 1) {
        phone.reset();
        const outcome = banking.transfer(transferOf(customer, '1,000.00'));
        if (index > 0 && index < 3) {
          await phone.asked();
          phone.answer('approved');
        }
        outcomes.push((await outcome).kind);
      }
      // $1,000 reaches the threshold exactly (moves); $2,000 and $3,000 are above it (approval);
      // $4,000 and more are above the deny limit of $3,000.
      expect(outcomes).toEqual(['confirmed', 'confirmed', 'confirmed', 'refused', 'refused']);
      const rows = await transfersOf(customer.userId);
      expect(rows.filter((row) => row.reason === 'max_threshold')).toHaveLength(2);
      expect(await balanceOf(customer.checking)).toBe(1_000_000 - 300_000);
    });

    it('stops counting a transfer whose code or phone request has expired, settling it as not approved', async () => {
      const customer = await newCustomer({ checking: 300_000, savings: 0 });
      // Abandoned 11 minutes ago, past PENDING_TRANSFER_LIFETIME_MS; and a confirmed $900
      // from 25 hours ago, outside the 24-hour window.
      await test.handle.db.insert(transfers).values([
        {
          userId: customer.userId,
          fromAccountId: customer.checking,
          toAccountId: customer.savings,
          amountCents: 90_000,
          status: 'pending_approval',
          referenceNumber: 1,
          createdAt: new Date(Date.now() - 11 * 60_000),
        },
        {
          userId: customer.userId,
          fromAccountId: customer.checking,
          toAccountId: customer.savings,
          amountCents: 90_000,
          status: 'confirmed',
          referenceNumber: 2,
          createdAt: new Date(Date.now() - 25 * 3_600_000),
        },
      ]);
      // Neither counts: $1,000 is exactly the threshold and moves without a second factor.
      expect(await banking.transfer(transferOf(customer, '1,000.00'))).toMatchObject({
        kind: 'confirmed',
      });
      const abandoned = (await transfersOf(customer.userId)).find(
        (row) => row.referenceNumber === 1,
      );
      expect(abandoned).toMatchObject({ status: 'not_approved', reason: 'expired' });
    });

    it('lets no concurrent burst slip past the running total', async () => {
      const customer = await newCustomer({
        checking: 1_000_000,
        savings: 0,
        cibaThreshold: 1_000,
        denyThreshold: 5_000,
      });
      await insertMfaDevices(test.handle.db, [
        {
          userId: customer.userId,
          type: 'Email',
          name: 'Email',
          target: `b.${customer.userId}@example.com`,
        },
      ]);
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () => banking.transfer(transferOf(customer, '600.00'))),
      );
      const kinds = outcomes.map((outcome) => outcome.kind);
      // $600 fits once under $1,000; pending ones count, so at most 8 ($4,800) are not denied.
      expect(kinds.filter((each) => each === 'confirmed')).toHaveLength(1);
      expect(kinds.filter((each) => each === 'confirmation_required')).toHaveLength(7);
      expect(kinds.filter((each) => each === 'refused')).toHaveLength(4);
      expect(await balanceOf(customer.checking)).toBe(1_000_000 - 60_000);
    });
  });

  /**
   * A transfer started while `change` holds the customer's row in an open transaction: on
   * PostgreSQL the transaction commits only once the transfer waits for that row (its facts
   * read before), on PGlite (one connection) the transfer runs after the commit.
   */
  async function transferWhileHeld(
    customer: { userId: string; checking: string; savings: string },
    amount: string,
    change: (tx: Parameters<Parameters<typeof test.handle.db.transaction>[0]>[0]) => Promise<void>,
  ) {
    let outcome!: ReturnType<BankingService['transfer']>;
    await test.handle.db.transaction(async (tx) => {
      await change(tx);
      outcome = banking.transfer(transferOf(customer, amount));
      if (kind === 'postgres') await waitingForALock();
    });
    return outcome;
  }

  /** Until one statement of the test database waits for a row another transaction holds. */
  async function waitingForALock() {
    for (let tries = 0; tries < 200; tries += 1) {
      const rows = await test.handle.db.execute(
        sql`select 1 from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((rows as unknown as { rows: unknown[] }).rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the transfer never waited for the customer’s row');
  }

  it('traces the decision for a watching panel only, with the running total it compared', async () => {
    const customer = await newCustomer({ cibaThreshold: 1_000 });
    await banking.transfer(transferOf(customer, '100.00'));
    await runWatchedBy('panel-of-the-test', () => banking.transfer(transferOf(customer, '200.00')));
    const traces = await test.handle.db
      .select({ details: auditEvents.details, inspectorId: auditEvents.inspectorId })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.type, 'transfer.decided'), eq(auditEvents.userId, customer.userId)),
      );
    expect(traces).toEqual([
      {
        inspectorId: 'panel-of-the-test',
        details: expect.objectContaining({
          rule: 'below_threshold',
          amountCents: 20_000,
          recentTotalCents: 10_000,
          runningTotalCents: 30_000,
          cibaThresholdCents: 100_000,
        }),
      },
    ]);
    expect(await balanceOf(customer.checking)).toBe(500_000 - 30_000);
  });

  describe('a transfer decided while another decision of the customer commits', () => {
    it('counts the transfer that decision wrote, though it committed after the transfer began', async () => {
      const customer = await newCustomer({ cibaThreshold: 1_000, denyThreshold: 5_000 });
      // Another $600 decided meanwhile: with it, this $600 is above the $1,000 threshold, and
      // with no phone app nor code device nothing above it may move.
      const outcome = await transferWhileHeld(customer, '600.00', async (tx) => {
        await lockTransferringCustomer(tx, customer.userId);
        await tx.insert(transfers).values({
          userId: customer.userId,
          fromAccountId: customer.savings,
          toAccountId: customer.checking,
          amountCents: 60_000,
          status: 'confirmed',
          referenceNumber: 7,
        });
      });
      expect(await outcome).toMatchObject({ kind: 'refused', code: 'approval_unavailable' });
      expect(await balanceOf(customer.checking)).toBe(500_000);
    });

    it('applies the thresholds as they are once the customer’s row is free', async () => {
      const customer = await newCustomer({ cibaThreshold: 1_000, denyThreshold: 5_000 });
      const outcome = await transferWhileHeld(customer, '600.00', async (tx) => {
        await tx.update(users).set({ denyThreshold: 500 }).where(eq(users.id, customer.userId));
      });
      expect(await outcome).toMatchObject({ kind: 'refused', code: 'max_threshold' });
      expect(await balanceOf(customer.checking)).toBe(500_000);
    });

    /** A pay-by-bank consent the customer authorised from checking, to another's account. */
    async function authorisedPayment(
      customer: { userId: string; checking: string },
      amountCents: number,
    ) {
      const payee = await newCustomer();
      const [consent] = await test.handle.db
        .insert(paymentConsents)
        .values({
          clientId: 'retail-shop',
          status: 'Authorised',
          amountCents,
          currency: 'USD',
          payeeAccountId: payee.checking,
          reference: 'ORDER-1',
          userId: customer.userId,
          debtorAccountId: customer.checking,
          approvedWith: 'none',
          expiresAt: new Date(Date.now() + 600_000),
        })
        .returning({ id: paymentConsents.id });
      return {
        consentId: consent!.id,
        userId: customer.userId,
        fromAccountId: customer.checking,
        toAccountId: payee.checking,
        amountCents,
        debitDescription: 'Retail Shop Ltd · ORDER-1',
        creditDescription: 'Payment from Casey Morgan · ORDER-1',
      };
    }

    it('counts a pay-by-bank payment submitted meanwhile, as a transfer it decided before', async () => {
      const customer = await newCustomer({ cibaThreshold: 1_000, denyThreshold: 5_000 });
      const payment = await authorisedPayment(customer, 60_000);
      // With the $600 payment in the total, this $600 is above the $1,000 threshold.
      const outcome = await transferWhileHeld(customer, '600.00', async (tx) => {
        expect(await payConsent(tx, payment, () => null, consentToPay)).toMatchObject({
          paid: true,
        });
      });
      expect(await outcome).toMatchObject({ kind: 'refused', code: 'approval_unavailable' });
      expect(await balanceOf(customer.checking)).toBe(500_000 - 60_000);
    });

    it('submits a pay-by-bank payment only once a transfer being decided committed, and counts it', async () => {
      const customer = await newCustomer({ cibaThreshold: 1_000, denyThreshold: 5_000 });
      const payment = await authorisedPayment(customer, 60_000);
      let totalSeen: number | null = null;
      let paid!: ReturnType<typeof payConsent<'above'>>;
      await test.handle.db.transaction(async (tx) => {
        await lockTransferringCustomer(tx, customer.userId);
        await tx.insert(transfers).values({
          userId: customer.userId,
          fromAccountId: customer.checking,
          toAccountId: customer.savings,
          amountCents: 50_000,
          status: 'confirmed',
          referenceNumber: 8,
        });
        paid = test.handle.db.transaction((other) =>
          payConsent(
            other,
            payment,
            ({ recentTotalCents }) => {
              totalSeen = recentTotalCents;
              return recentTotalCents + payment.amountCents > 100_000 ? 'above' : null;
            },
            consentToPay,
          ),
        );
        if (kind === 'postgres') await waitingForALock();
      });
      expect(await paid).toEqual({ paid: false, reason: 'limits', refusal: 'above' });
      expect(totalSeen).toBe(50_000);
      expect(await balanceOf(customer.checking)).toBe(500_000);
    });
  });

  it('answers balances of the caller’s own accounts only, in position order', async () => {
    const customer = await newCustomer({ checking: 123_456, savings: 7 });
    await newCustomer();
    const { Data } = await banking.balances(
      customer.userId,
      'https://bank.test/balances',
      liveGrant,
    );
    expect(Data.Balance.map((balance) => [balance.AccountId, balance.Amount.Amount])).toEqual([
      [customer.checking, '1234.56'],
      [customer.savings, '0.07'],
      [expect.any(String), '100.00'],
    ]);
    const owned = await test.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        inArray(
          accounts.id,
          Data.Balance.map((balance) => balance.AccountId),
        ),
      );
    expect(owned).toHaveLength(3);
  });
});
