import {
  PAYMENT_CONSENT_TTL_MS,
  apiErrorMessage,
  type ConnectedApp,
  type CreatePaymentConsent,
  type Payment,
  type PaymentConsent,
  type PaymentConsentDecision,
  type PaymentConsentScreen,
  type SubmitPayment,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import { accountHolderName, accountHolderNames, type PaymentLedger } from '../banking';
import { findUserById } from '../directory';
import {
  paymentConsentIdOf,
  type ChallengeService,
  type PaymentConsentLookup,
  type SenderConstrainedCaller,
} from '../identity';
import {
  createConsentScreen,
  type ConsentScreenBrowser,
  type PaymentDecisionOutcome,
} from './consent-screen.service';
import { registeredPayeeOf } from './merchant';
import {
  executionRefusal,
  statusAt,
  submissionRefusal,
  whyNotAuthorisable,
  type ConsentFacts,
} from './payment-consent.rules';
import {
  findPaymentConsent,
  insertPaymentConsent,
  listDecidedPaymentConsents,
  type PaymentConsentRow,
} from './payment-consent.store';

export type { ConsentScreenBrowser, PaymentDecisionOutcome };

type ConnectedPayments = NonNullable<ConnectedApp['payments']>;

/**
 * The payments a customer decided, by application, for Connected apps (ADR 0023): a paid
 * consent shows as used.
 */
export function customerPaymentsByApp(db: Database) {
  return async (userId: string): Promise<ReadonlyMap<string, ConnectedPayments>> => {
    const byApp = new Map<string, ConnectedPayments>();
    const decided = await listDecidedPaymentConsents(db, userId);
    const payeeNames = await accountHolderNames(
      db,
      decided.map((row) => row.payeeAccountId),
    );
    for (const row of decided) {
      const payeeName = payeeNames.get(row.payeeAccountId);
      // A payee account without a holder shows nothing, as the joined read did.
      if (payeeName === undefined) continue;
      const payments = byApp.get(row.clientId) ?? [];
      payments.push({
        amountCents: row.amountCents,
        payeeName,
        reference: row.reference,
        status: row.status as ConnectedPayments[number]['status'],
        decidedAt: (row.consumedAt ?? row.authorisedAt ?? row.createdAt).toISOString(),
      });
      byApp.set(row.clientId, payments);
    }
    return byApp;
  };
}

/**
 * What the OAuth server asks when a request names a consent (its richAuthorizationRequests
 * validation, at PAR time): the refusal in words, or null.
 */
export function paymentConsentLookup(
  db: Database,
  clock: () => Date = () => new Date(),
): PaymentConsentLookup {
  return {
    async whyNotAuthorisable(consentId, clientId) {
      const consent = isUuid(consentId) ? await findPaymentConsent(db, consentId) : null;
      const code = whyNotAuthorisable(consent, clientId, clock());
      return code === null ? null : apiErrorMessage(code);
    },
  };
}

export interface PaymentConsentService {
  create(
    caller: SenderConstrainedCaller,
    input: CreatePaymentConsent,
    ip: string,
  ): Promise<PaymentConsent>;
  read(caller: SenderConstrainedCaller, consentId: string): Promise<PaymentConsent>;
  submit(caller: SenderConstrainedCaller, input: SubmitPayment, ip: string): Promise<Payment>;
  /** The consent screen (consent-screen.service.ts): `uid` is the interaction it names. */
  screen(browser: ConsentScreenBrowser, uid: string): Promise<PaymentConsentScreen>;
  decide(
    browser: ConsentScreenBrowser,
    decision: PaymentConsentDecision,
  ): Promise<PaymentDecisionOutcome>;
}

const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Pay by bank (ADR 0023): domestic payment consents at the bank. An application registers one
 * (its client-credentials token), the customer authorises it on the bank's consent screen (or
 * refuses it), and the application submits the payment once with the token of that
 * authorization; the money moves through the ledger in one transaction with its audit event.
 */
export function createPaymentConsentService(deps: {
  db: Database;
  /** Approves a payment above the threshold: the customer's phone, else a code (ADR 0026). */
  challenges: ChallengeService;
  /** Banking's ledger, which moves a payment's money and consumes its consent in one transaction. */
  ledger: PaymentLedger;
  clock?: () => Date;
}): PaymentConsentService {
  const { db } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The payee's name as the payer sees it (the account holder's); the number if none. */
  async function payeeNameOf(accountId: string): Promise<string> {
    return (await accountHolderName(db, accountId)) ?? accountId;
  }

  async function viewOf(row: PaymentConsentRow): Promise<PaymentConsent> {
    return {
      consentId: row.id,
      status: statusAt(row, now()),
      amountCents: row.amountCents,
      currency: 'USD',
      payee: { accountId: row.payeeAccountId, name: await payeeNameOf(row.payeeAccountId) },
      reference: row.reference,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  async function consentOf(id: string): Promise<(ConsentFacts & PaymentConsentRow) | null> {
    return isUuid(id) ? findPaymentConsent(db, id) : null;
  }

  const consentScreen = createConsentScreen({
    db,
    challenges: deps.challenges,
    now,
    consentOf,
    payeeNameOf,
  });

  return {
    async create(caller, input, ip) {
      if (caller.userId !== null) throw new DomainError('application_token');
      // The payee is the bank's to say, from the client's registration: the account of the
      // organisation the client belongs to, never another one the request names.
      const payee = registeredPayeeOf(caller.clientId);
      if (payee === null || input.payeeAccountId !== payee) {
        throw new DomainError('payment_payee_not_registered');
      }
      if ((await accountHolderName(db, payee)) === null) {
        throw new DomainError('payment_payee_unknown');
      }
      const row = await db.transaction(async (tx) => {
        const inserted = await insertPaymentConsent(tx, {
          clientId: caller.clientId,
          amountCents: input.amountCents,
          currency: input.currency,
          payeeAccountId: payee,
          reference: input.reference,
          expiresAt: new Date(now().getTime() + PAYMENT_CONSENT_TTL_MS),
        });
        await insertAuditEvent(tx, {
          type: 'payment_consent.created',
          ip,
          details: {
            consentId: inserted.id,
            clientId: caller.clientId,
            amountCents: input.amountCents,
            payeeAccountId: payee,
            reference: input.reference,
          },
        });
        return inserted;
      });
      return viewOf(row);
    },

    async read(caller, consentId) {
      const consent = await consentOf(consentId);
      if (!consent || consent.clientId !== caller.clientId) {
        throw new DomainError('payment_consent_not_found');
      }
      return viewOf(consent);
    },

    screen: consentScreen.screen,
    decide: consentScreen.decide,

    async submit(caller, input, ip) {
      const consent = await consentOf(input.consentId);
      const refusal = submissionRefusal(
        consent,
        input,
        {
          clientId: caller.clientId,
          userId: caller.userId,
          consentId: paymentConsentIdOf(caller.authorizationDetails),
        },
        now(),
      );
      const refuse = async (
        code:
          | NonNullable<typeof refusal>
          | 'payment_insufficient_funds'
          | NonNullable<ReturnType<typeof executionRefusal>>,
      ) => {
        await insertAuditEvent(db, {
          type: 'payment.refused',
          userId: caller.userId,
          ip,
          details: {
            consentId: input.consentId,
            clientId: caller.clientId,
            code,
            amountCents: input.amountCents,
          },
        });
        return new DomainError(code);
      };
      if (refusal || !consent?.userId || !consent.debtorAccountId) {
        throw await refuse(refusal ?? 'payment_consent_not_authorised');
      }
      const payer = await findUserById(db, consent.userId);
      const payeeName = await payeeNameOf(consent.payeeAccountId);
      // The limits again, now that the money moves: the day's payments and transfers since
      // the authorisation count (executionRefusal), decided under the customer's transfer lock.
      const approvedWith = consent.approvedWith;
      const result = await db.transaction(async (tx) => {
        const paid = await deps.ledger.pay(
          tx,
          {
            consentId: consent.id,
            userId: consent.userId ?? '',
            fromAccountId: consent.debtorAccountId ?? '',
            toAccountId: consent.payeeAccountId,
            amountCents: consent.amountCents,
            debitDescription: `${payeeName} · ${consent.reference}`,
            creditDescription: `Payment from ${payer ? `${payer.firstName} ${payer.lastName}` : 'a customer'} · ${consent.reference}`,
          },
          ({ user, recentTotalCents }) =>
            executionRefusal(
              { amountCents: consent.amountCents, recentTotalCents },
              user,
              approvedWith,
            ),
        );
        if (paid.paid) {
          await insertAuditEvent(tx, {
            type: 'payment.completed',
            userId: consent.userId,
            ip,
            details: {
              consentId: consent.id,
              paymentId: paid.transferId,
              clientId: caller.clientId,
              amountCents: consent.amountCents,
              fromAccountId: consent.debtorAccountId,
              toAccountId: consent.payeeAccountId,
              reference: consent.reference,
            },
          });
        }
        return paid;
      });
      if (!result.paid) {
        throw await refuse(
          result.reason === 'limits'
            ? result.refusal
            : result.reason === 'insufficient_funds'
              ? 'payment_insufficient_funds'
              : 'payment_consent_consumed',
        );
      }
      return {
        paymentId: result.transferId,
        consentId: consent.id,
        status: 'AcceptedSettlementCompleted',
        amountCents: consent.amountCents,
        currency: 'USD',
        reference: consent.reference,
        debit: {
          transactionId: result.debit.entryId,
          accountSuffix: consent.debtorAccountId.slice(-4),
          amountCents: -consent.amountCents,
          bookedAt: result.debit.bookedAt.toISOString(),
        },
      };
    },
  };
}
