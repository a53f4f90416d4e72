import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import {
  createTestDatabase,
  type DatabaseKind,
  type TestDatabase,
} from '../../../test/test-database';
import { accounts, auditEvents, oidcModels, transfers, users } from '../../db/schema';
import { insertMfaDevices, insertUser } from '../directory/directory.store';
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
import { insertAccounts } from './accounts.store';
import {
  createBankingService,
  type BankingService,
  type TransferApprovals,
} from './banking.service';
import { person } from './transfer-request.fixtures';

/**
 * What the banking service's tests (`*.service.test.ts` in this folder) share: a database with
 * OAuth grants, the banking service over the challenge engine with the phone in the test's hand
 * (and one with codes only), customers, and what a test reads back.
 */

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

/** OAuth grants in the test database: one live, one expired; a signed-out one has no row. */
export const GRANTS = {
  live: 'grant-live',
  expired: 'grant-expired',
  signedOut: 'grant-signed-out',
};

/** A grant check as the access-token guard hands it over, recording what it was told. */
export function grantCheck(grantId: string) {
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
export const liveGrant = grantCheck(GRANTS.live).check;

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

/**
 * The banking service on a fresh test database of `kind`, for the tests of one `describe`:
 * created before them, dropped after them.
 */
export function bankingServiceOn(kind: DatabaseKind) {
  let test: TestDatabase;
  let banking: BankingService;
  let withoutApprover: BankingService;
  let customers = 0;
  const phone = phoneInTheTestsHand();
  const outbox = recordingOutbox();

  beforeAll(async () => {
    test = await createTestDatabase(kind);
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
    // Position order, as the `accts` list has them; the Visa always owes $100.00.
    const opening = [
      ['checking', options.checking ?? 500_000],
      ['savings', options.savings ?? 500_000],
      ['rewards-visa', 10_000],
    ] as const;
    const rows = opening.map(([kind, balanceCents], position) => {
      const id = `${1_000_000_000 + randomBytes(4).readUInt32BE() * 2}`;
      return { id, ownerId: user.id, kind, position, balanceCents, numberSuffix: id.slice(-4) };
    });
    await insertAccounts(test.handle.db, rows);
    const [checking, savings] = rows.map((row) => row.id) as [string, string, string];
    if (options.phone) {
      // An activated phone app: it holds a key (any public key will do for these tests).
      await insertMfaDevices(test.handle.db, [
        { userId: user.id, type: 'iPhone', name: 'iPhone', publicKey: ACTIVATED_PHONE_KEY },
      ]);
    }
    return { userId: user.id, checking, savings };
  }

  async function balanceOf(accountId: string): Promise<number> {
    const [row] = await test.handle.db
      .select({ balanceCents: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!row) throw new Error(`no account ${accountId}`);
    return row.balanceCents;
  }

  async function pendingAmountOf(userId: string) {
    const [row] = await test.handle.db
      .select({ amount: users.accountTransferAmountCents })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new Error(`no user ${userId}`);
    return row.amount;
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

  return {
    /** The test database's handle, once the tests run. */
    get db() {
      return test.handle.db;
    },
    /** The banking service whose approvals are the test's phone and codes. */
    get banking() {
      return banking;
    },
    /** The banking service of a bank with no phone method: codes only. */
    get withoutApprover() {
      return withoutApprover;
    },
    phone,
    outbox,
    newCustomer,
    balanceOf,
    pendingAmountOf,
    transfersOf,
    auditTypesOf,
    transferOf,
  };
}
