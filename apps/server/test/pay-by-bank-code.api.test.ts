import { and, eq, gt, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorMessage,
  outboxResponseSchema,
  payByBankMessages,
  paymentCodeRequiredSchema,
  type PaymentConsent,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import { auditEvents, oneTimeCodes, paymentConsents } from '../src/db/schema';
import {
  accountOf,
  balancesOf,
  createConsent,
  janeAtConsentScreen,
  payAsConsented,
  pushAuthorization,
  shopTokensAt,
  startPayByBankServer,
  type Shop,
} from './pay-by-bank';
import { API_DATABASES, type TestDatabase } from './test-database';

const JANE_EMAIL = 'jane.doe@example.com';

// Above the approval threshold a customer without an activated phone app (jane, as
// seeded) approves a payment with a one-time code e-mailed to her, as she would a transfer.
// One database (API_DATABASES): the code step over HTTP; the code service has its own tests.
describe.each(API_DATABASES)('a payment approved by an e-mailed code, on %s', (kind) => {
  const merchant = RETAIL_SHOP_COMPANY.accountId;
  let test: TestDatabase;
  let origin: string;
  let shop: Shop;
  let janeChecking: string;
  let janeSavings: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ test, origin, shop, janeChecking, stop } = await startPayByBankServer(kind));
    janeSavings = await accountOf(test, 'jane.doe', 'savings');
  });
  afterAll(() => stop());

  const balances = () => balancesOf(test, janeChecking, merchant);

  async function consentStatus(consentId: string) {
    const [row] = await test.handle.db
      .select({ status: paymentConsents.status })
      .from(paymentConsents)
      .where(eq(paymentConsents.id, consentId));
    return row?.status;
  }

  /** The newest message in jane's mailbox, read as the outbox shows it. */
  async function newestMail() {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(JANE_EMAIL)}&limit=1`, origin),
    );
    const [message] = outboxResponseSchema.parse(await response.json()).messages;
    if (!message) throw new Error(`no message for ${JANE_EMAIL}`);
    return message;
  }

  /**
   * jane at the consent screen of a new consent for `amountCents`; `confirm` posts her answer
   * (from checking unless told, with `code` when given) and answers the raw response.
   */
  async function janeAsked(amountCents: number) {
    const consent = await createConsent(shop, merchant, amountCents, 'ORDER-3000');
    const pending = await pushAuthorization(shop, consent.consentId);
    const atScreen = await janeAtConsentScreen(origin, pending.url);
    const confirm = (extra: { code?: string; accountId?: string } = {}) =>
      atScreen.decide({ decision: 'allow', accountId: janeChecking, ...extra });
    /** Confirms and reads the code the answer (202) says went to her e-mail. */
    const codeSent = async () => {
      const asked = await confirm();
      expect(asked.status).toBe(202);
      const body = paymentCodeRequiredSchema.parse(await asked.json());
      const mail = await newestMail();
      expect(mail.subject).toBe('Your AnyBank payment approval code');
      return { body, mail, code: mail.code ?? '' };
    };
    return { consent, pending, atScreen, confirm, codeSent };
  }

  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  async function auditOf(type: string, consentId: string, since: number) {
    return test.handle.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, type),
          gt(auditEvents.id, since),
          sql`${auditEvents.details}->>'consentId' = ${consentId}`,
        ),
      );
  }

  async function auditMark() {
    const [row] = await test.handle.db.select({ last: max(auditEvents.id) }).from(auditEvents);
    return Number(row?.last ?? 0);
  }

  async function pay(consent: PaymentConsent, token: string) {
    return payAsConsented(shop, token, consent);
  }

  it('pays $1,500 once with the code e-mailed to jane; a wrong code first is refused with the tries left and moves nothing', async () => {
    const mark = await auditMark();
    const asked = await janeAsked(150_000);
    expect(asked.atScreen.screen).toMatchObject({ needsCode: true, needsPhoneApproval: false });
    const before = await balances();

    const { body, mail, code } = await asked.codeSent();
    expect(body).toEqual({
      code: 'confirmation_required',
      channel: 'email',
      destination: body.destination,
      message: payByBankMessages.codeRequired(body.destination),
      prompt: body.prompt,
    });
    // The page draws the engine's prompt (ADR 0026): the amount and payee, then the code asked.
    expect(body.prompt.method).toBe('email-code');
    expect(body.prompt.linking).toContain('to Retail Shop Ltd, reference ORDER-3000');
    expect(body.prompt.nodes).toContainEqual({
      type: 'text',
      text: payByBankMessages.codeRequired(body.destination),
    });
    expect(body.prompt.nodes).toContainEqual(
      expect.objectContaining({ type: 'button', label: payByBankMessages.confirm }),
    );
    expect(body.destination).toMatch(/^j.*@example\.com$/);
    expect(body.destination).not.toBe(JANE_EMAIL);
    expect(mail.body).toContain(`$1,500.00 from account ending ${janeChecking.slice(-4)}`);
    expect(mail.body).toContain('Retail Shop Ltd, reference ORDER-3000');
    expect(code).toMatch(/^\d{6}$/);
    expect(await consentStatus(asked.consent.consentId)).toBe('AwaitingAuthorisation');
    expect(await balances()).toEqual(before);

    const wrong = await asked.confirm({ code: wrongOf(code) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 'invalid_code',
      attemptsLeft: 4,
      message: apiErrorMessage('invalid_code', 4),
    });
    expect(await consentStatus(asked.consent.consentId)).toBe('AwaitingAuthorisation');
    expect(await balances()).toEqual(before);

    const right = await asked.confirm({ code });
    expect(right.status).toBe(200);
    const callback = await asked.atScreen.callbackOf(right);
    expect(callback.searchParams.get('error')).toBeNull();
    const tokens = await shopTokensAt(shop, callback, asked.pending.checks);
    expect((await pay(asked.consent, tokens.access_token)).status).toBe(201);
    expect((await pay(asked.consent, tokens.access_token)).status).toBe(409);
    expect(await balances()).toEqual([before[0] - 150_000, before[1] + 150_000]);

    const [sent] = await auditOf('payment_consent.code_sent', asked.consent.consentId, mark);
    expect(sent?.details).toMatchObject({ accountId: janeChecking, channel: 'email' });
    const [authorised] = await auditOf('payment_consent.authorised', asked.consent.consentId, mark);
    expect(authorised?.details).toMatchObject({ approvedOn: 'code' });
  });

  it('ends the code after five wrong tries: the right code is then refused, nothing moves, and confirming again sends a new one', async () => {
    const asked = await janeAsked(150_000);
    const before = await balances();
    const { code } = await asked.codeSent();
    for (const attemptsLeft of [4, 3, 2, 1]) {
      const wrong = await asked.confirm({ code: wrongOf(code) });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ code: 'invalid_code', attemptsLeft });
    }
    const fifth = await asked.confirm({ code: wrongOf(code) });
    expect(fifth.status).toBe(403);
    expect(await fifth.json()).toMatchObject({ code: 'payment_code_failed' });
    const right = await asked.confirm({ code });
    expect(right.status).toBe(403);
    expect(await right.json()).toMatchObject({
      code: 'payment_code_failed',
      message: apiErrorMessage('payment_code_failed'),
    });
    expect(await consentStatus(asked.consent.consentId)).toBe('AwaitingAuthorisation');
    expect(await balances()).toEqual(before);

    const again = await asked.codeSent();
    expect(again.code).toMatch(/^\d{6}$/);
    // The first code stays used up: only the new one would authorise.
    expect((await asked.confirm({ code })).status).toBe(code === again.code ? 200 : 400);
    expect(await balances()).toEqual(before);
  });

  it('refuses an expired code, and a code sent for another account, moving nothing', async () => {
    const asked = await janeAsked(150_000);
    const before = await balances();
    const { code } = await asked.codeSent();

    // The code approves the payment from the account its message named, not from savings.
    const otherAccount = await asked.confirm({ code, accountId: janeSavings });
    expect(otherAccount.status).toBe(409);
    expect(await otherAccount.json()).toMatchObject({ code: 'payment_code_not_pending' });

    await test.handle.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.purpose, 'payment'));
    const expired = await asked.confirm({ code });
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 'payment_code_failed' });
    expect(await consentStatus(asked.consent.consentId)).toBe('AwaitingAuthorisation');
    expect(await balances()).toEqual(before);
  });

  it('still refuses a payment above the deny threshold outright, sending no code', async () => {
    const asked = await janeAsked(1_000_001);
    expect(asked.atScreen.screen.needsCode).toBe(false);
    const mailBefore = await newestMail();
    const refused = await asked.confirm();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'payment_above_limit' });
    expect((await newestMail()).id).toBe(mailBefore.id);
  });
});
