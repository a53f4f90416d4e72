import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RETAIL_SHOP_COMPANY,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  formatCentsWithSeparators,
  messages,
  paymentCodeRequiredSchema,
  transferConfirmationPath,
  transferConfirmationRequiredSchema,
} from '@anybank/contracts';
import { accounts, mfaDevices, transfers } from '../../../src/db/schema';
import {
  apiClient,
  customerToken,
  startBankingServer,
  transferRequest,
  userIdOf,
} from '../../banking-server';
import {
  accountOf,
  balancesOf,
  createConsent,
  janeAtConsentScreen,
  payAsConsented,
  pushAuthorization,
  shopOf,
  shopTokensAt,
  type Shop,
} from '../../pay-by-bank';
import type { Server } from '../../sign-in-driver';
import { API_DATABASES, createTestDatabase, type TestDatabase } from '../../test-database';
import { HARDWARE_TOKEN, hardwareToken, tokenCode } from './hardware-token.method';

const SEED = randomBytes(20).toString('hex');

const dollars = (cents: number) => `$${formatCentsWithSeparators(cents)}`;
const ending = (accountId: string) => `ending ${accountId.slice(-4)}`;

/** The 8 digits the 202's message tells the customer to type into the token. */
function tokenChallengeIn(message: string): string {
  const digits = /Type (\d{8}) into your hardware token/.exec(message)?.[1];
  if (!digits) throw new Error(`no token challenge in: ${message}`);
  return digits;
}

const otherThan = (code: string) => (code === '000000' ? '000001' : '000000');

/**
 * Money approved with a way of proving it is you that the bank does not ship, added by a test
 * from this folder alone (ADR 0026): a customer whose only second factor is the hardware token
 * approves a transfer and a pay-by-bank payment with the code it computes over the amount and
 * the payee (dynamic linking, PSD2 RTS art. 5). A code computed for another amount, or another
 * payee, is refused; nothing moves until the right one.
 */
// One database (API_DATABASES): the transfer and the consent screen over HTTP.
describe.each(API_DATABASES)('money approved with a hardware token, on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let shop: Shop;
  const token = hardwareToken();

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test, { challengeMethods: [token.factory] }));
    shop = await shopOf(test, origin);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  /** The customer's second factors become the hardware token alone (after signing in). */
  async function onlyTheToken(uid: string) {
    const userId = await userIdOf(test, uid);
    await test.handle.db
      .delete(mfaDevices)
      .where(and(eq(mfaDevices.userId, userId), ne(mfaDevices.type, HARDWARE_TOKEN)));
    await test.handle.db.insert(mfaDevices).values({
      userId,
      type: HARDWARE_TOKEN,
      name: 'Hardware token',
      secretEncrypted: token.seal(SEED),
    });
    return userId;
  }

  it('approves john’s transfer only with the code computed over its amount and accounts', async () => {
    const call = apiClient(origin, await customerToken(origin, 'john.smith'));
    const userId = await onlyTheToken('john.smith');
    const [checking, savings] = (
      await test.handle.db
        .select()
        .from(accounts)
        .where(eq(accounts.ownerId, userId))
        .orderBy(accounts.position)
    ).map((row) => row.id) as [string, string];
    const before = await balancesOf(test, checking, savings);

    // Above john's approval threshold: the transfer waits for the token's code.
    const started = await call(TRANSFERS_API_PATH, transferRequest(checking, savings, '1,000.01'));
    expect(started.status).toBe(202);
    const waiting = transferConfirmationRequiredSchema.parse(await started.json());
    expect(waiting).toMatchObject({ channel: 'device', destination: 'Hardware token' });
    const tokenChallenge = tokenChallengeIn(waiting.message);
    const confirm = (code: string) =>
      call(transferConfirmationPath(waiting.transferId), { method: 'POST', body: { code } });

    // The token was asked about $10.01 to the same account: that code does not approve more.
    const linking = (cents: number) =>
      `${dollars(cents)} from account ${ending(checking)} to account ${ending(savings)}`;
    const forOtherAmount = tokenCode(SEED, tokenChallenge, linking(1_001));
    const right = tokenCode(SEED, tokenChallenge, linking(100_001));
    const refused = await confirm(forOtherAmount === right ? otherThan(right) : forOtherAmount);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'invalid_code',
      attemptsLeft: 4,
      message: messages.transfer.confirmationCodeWrong(4),
    });
    expect(await balancesOf(test, checking, savings)).toEqual(before);

    const confirmed = await confirm(right);
    expect(confirmed.status).toBe(204);
    expect(confirmed.headers.get(TRANSFER_NUMBER_HEADER)).toBe(
      started.headers.get(TRANSFER_NUMBER_HEADER),
    );
    expect(await balancesOf(test, checking, savings)).toEqual([
      before[0]! - 100_001,
      before[1]! + 100_001,
    ]);
    const [row] = await test.handle.db
      .select()
      .from(transfers)
      .where(eq(transfers.id, waiting.transferId));
    expect(row).toMatchObject({ status: 'confirmed', approvalMethod: 'code' });
  });

  it('approves jane’s payment only with the code computed over its amount and payee', async () => {
    const merchant = RETAIL_SHOP_COMPANY.accountId;
    const janeChecking = await accountOf(test, 'jane.doe', 'checking');
    const consent = await createConsent(shop, merchant, 150_000, 'ORDER-4000');
    const pending = await pushAuthorization(shop, consent.consentId);
    // jane signs in as she always does, then keeps only the token as her second factor.
    const atScreen = await janeAtConsentScreen(origin, pending.url);
    await onlyTheToken('jane.doe');
    const before = await balancesOf(test, janeChecking, merchant);

    const asked = await atScreen.decide({ decision: 'allow', accountId: janeChecking });
    expect(asked.status).toBe(202);
    const body = paymentCodeRequiredSchema.parse(await asked.json());
    expect(body).toMatchObject({ channel: 'device', destination: 'Hardware token' });
    const tokenChallenge = tokenChallengeIn(body.message);
    const linking = (payee: string) =>
      `$1,500.00 from account ${ending(janeChecking)} to ${payee}, reference ORDER-4000`;
    const confirm = (code: string) =>
      atScreen.decide({ decision: 'allow', accountId: janeChecking, code });

    // A code the token computed for another payee does not pay this one.
    const forOtherPayee = tokenCode(SEED, tokenChallenge, linking('Mallory Ltd'));
    const right = tokenCode(SEED, tokenChallenge, linking('Retail Shop Ltd'));
    const refused = await confirm(forOtherPayee === right ? otherThan(right) : forOtherPayee);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'invalid_code', attemptsLeft: 4 });
    expect(await balancesOf(test, janeChecking, merchant)).toEqual(before);

    const approved = await confirm(right);
    expect(approved.status).toBe(200);
    const callback = await atScreen.callbackOf(approved);
    expect(callback.searchParams.get('error')).toBeNull();
    const tokens = await shopTokensAt(shop, callback, pending.checks);
    expect((await payAsConsented(shop, tokens.access_token, consent)).status).toBe(201);
    expect(await balancesOf(test, janeChecking, merchant)).toEqual([
      before[0]! - 150_000,
      before[1]! + 150_000,
    ]);
  });
});
