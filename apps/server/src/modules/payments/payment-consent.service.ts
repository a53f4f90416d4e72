import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PAYMENT_CONSENT_TTL_MS,
  PAYMENTS_SCOPE,
  apiErrorMessage,
  deliveryMessages,
  formatCentsWithSeparators,
  payByBankMessages,
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
import {
  findCodeDevice,
  payConsent,
  recentTransferTotalCents,
  secondFactorOf,
  sendApprovalCode,
  type ApprovalCodeSent,
  type TransferApprovals,
} from '../banking';
import { accountHolderName, accountHolderNames, findUserById, listAccountsOf } from '../directory';
import {
  appNameOf,
  findClientConsent,
  mergedConsent,
  paymentConsentIdOf,
  saveClientConsent,
  type OtpService,
  type PaymentConsentLookup,
  type PaymentInteractionPort,
  type SenderConstrainedCaller,
} from '../identity';
import type { MessagingService } from '../messaging';
import { registeredPayeeOf } from './merchant';
import {
  PAYING_ACCOUNT_KINDS,
  executionRefusal,
  statusAt,
  submissionRefusal,
  whyNotAuthorisable,
  paymentApproval,
  type ConsentFacts,
} from './payment-consent.rules';
import {
  decidePaymentConsent,
  findPaymentConsent,
  hasActivatedPhone,
  insertPaymentConsent,
  listDecidedPaymentConsents,
  type PaymentConsentRow,
} from './payment-consent.store';

type ConnectedPayments = NonNullable<ConnectedApp['payments']>;

/**
 * The payments a customer decided, by application, for Connected apps (issue 16 §2): a paid
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
  screen(request: FastifyRequest, reply: FastifyReply): Promise<PaymentConsentScreen>;
  decide(
    request: FastifyRequest,
    reply: FastifyReply,
    decision: PaymentConsentDecision,
  ): Promise<PaymentDecisionOutcome>;
}

/**
 * Where the consent screen goes after the customer's answer: back to the OAuth server (the URL
 * that resumes the authorization, or returns access_denied), or, above the approval threshold
 * without a phone app, nowhere yet: a one-time code went to their sign-in device.
 */
export type PaymentDecisionOutcome =
  { kind: 'redirect'; redirectTo: string } | ({ kind: 'code_sent' } & ApprovalCodeSent);

/**
 * What a payment's one-time code is for (the code service's purpose). Its reference is the
 * consent and the account paying (`consentId:accountId`): the code approves exactly the payment
 * its message described, from that account.
 */
export const PAYMENT_OTP_PURPOSE = 'payment';

const REQUEST_ENDED = () => new DomainError('consent_request_not_found');

const redirect = (redirectTo: string): PaymentDecisionOutcome => ({ kind: 'redirect', redirectTo });

const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Issue 16 §2 (ADR 0023): domestic payment consents at the bank. An application registers one
 * (its client-credentials token), the customer authorises it on the bank's consent screen (or
 * refuses it), and the application submits the payment once with the token of that
 * authorization; the money moves through the ledger in one transaction with its audit event.
 */
export function createPaymentConsentService(deps: {
  db: Database;
  interactions: PaymentInteractionPort;
  /** The customer's phone (CIBA), as transfers ask it; absent: no payment above the threshold. */
  approvals?: TransferApprovals | null;
  /** The transfers' one-time codes, for a customer without an activated phone app. */
  otp: OtpService;
  messaging: Pick<MessagingService, 'send'>;
  clock?: () => Date;
}): PaymentConsentService {
  const { db, interactions, approvals, otp } = deps;
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

  async function pendingOf(request: FastifyRequest, reply: FastifyReply, uid: string) {
    const pending = await interactions.pending(request, reply);
    // One `_interaction` cookie per browser: a page left open in another tab names another one.
    if (!pending || pending.uid !== uid) throw REQUEST_ENDED();
    const consent = await consentOf(pending.consentId);
    if (!consent || whyNotAuthorisable(consent, pending.clientId, now()) !== null) {
      throw REQUEST_ENDED();
    }
    return { pending, consent };
  }

  /**
   * What confirming this payment needs now (paymentApproval), with the device a code would go
   * to: read fresh at each answer, as a transfer reads them, so that the day's other transfers
   * and a phone app activated meanwhile count.
   */
  async function approvalOf(
    user: { id: string; cibaThreshold: number | null; denyThreshold: number | null },
    amountCents: number,
  ) {
    const hasPushDevice = await hasActivatedPhone(db, user.id);
    const codeDevice = hasPushDevice ? null : await findCodeDevice(db, user.id);
    const approval = paymentApproval(
      { amountCents, recentTotalCents: await recentTransferTotalCents(db, user.id) },
      user,
      secondFactorOf({ hasPushDevice, hasCodeDevice: codeDevice !== null }),
    );
    return { approval, codeDevice };
  }

  /**
   * The code the customer typed, checked by the code service (each try counts; a right code
   * works once). Only a right one returns: a wrong one changes nothing but the try count (400
   * with the tries left, in the transfer code step's words); an expired one, or one tried too
   * often, is used up: confirming again sends a new one; none waiting (never sent, used, or
   * sent for another account) is refused too. The consent stays awaiting in each case.
   */
  async function verifyCode(userId: string, reference: string, code: string, ip: string) {
    const verified = await otp.verify({ purpose: PAYMENT_OTP_PURPOSE, reference, code, ip });
    switch (verified.result) {
      case 'ok':
        if (verified.userId === userId) return;
        throw new DomainError('payment_code_not_pending');
      case 'invalid':
        throw new DomainError('invalid_code', {
          message: apiErrorMessage('invalid_code', verified.attemptsLeft),
          extra: { attemptsLeft: verified.attemptsLeft },
        });
      case 'expired':
      case 'attempts_exceeded':
        throw new DomainError('payment_code_failed');
      case 'not_found':
        throw new DomainError('payment_code_not_pending');
    }
  }

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

    async screen(request, reply) {
      const uid = String((request.query as { interaction?: unknown }).interaction ?? '');
      const { pending, consent } = await pendingOf(request, reply, uid);
      const accounts = (await listAccountsOf(db, pending.accountId)).filter((account) =>
        PAYING_ACCOUNT_KINDS.includes(account.kind),
      );
      const user = await findUserById(db, pending.accountId);
      const { approval } = user
        ? await approvalOf(user, consent.amountCents)
        : { approval: 'none' };
      return {
        needsPhoneApproval: approval === 'phone' && Boolean(approvals),
        needsCode: approval === 'code',
        appName: appNameOf(pending.clientId),
        payeeName: await payeeNameOf(consent.payeeAccountId),
        amountCents: consent.amountCents,
        currency: 'USD',
        reference: consent.reference,
        accounts: accounts.map((account) => ({
          id: account.id,
          kind: account.kind,
          numberSuffix: account.numberSuffix,
          balanceCents: account.balanceCents,
        })),
      };
    },

    async decide(request, reply, decision) {
      const { pending, consent } = await pendingOf(request, reply, decision.interaction);
      const payeeName = await payeeNameOf(consent.payeeAccountId);
      const details = {
        consentId: consent.id,
        clientId: pending.clientId,
        amountCents: consent.amountCents,
      };
      /** Refused by the customer (or their phone): the consent is Rejected, the shop told. */
      const reject = async (why: 'customer' | 'phone_denied' | 'phone_expired') => {
        await db.transaction(async (tx) => {
          if (
            await decidePaymentConsent(tx, consent.id, {
              status: 'Rejected',
              userId: pending.accountId,
            })
          ) {
            await insertAuditEvent(tx, {
              type: 'payment_consent.rejected',
              userId: pending.accountId,
              ip: request.ip,
              details: { ...details, by: why },
            });
          }
        });
        return redirect(
          await interactions.deny(
            request,
            reply,
            why === 'customer' ? payByBankMessages.denied : payByBankMessages.phoneNotApproved,
          ),
        );
      };
      if (decision.decision === 'deny') return reject('customer');
      const user = await findUserById(db, pending.accountId);
      const account = (await listAccountsOf(db, pending.accountId)).find(
        (candidate) => candidate.id === decision.accountId,
      );
      if (!user || !account || !PAYING_ACCOUNT_KINDS.includes(account.kind)) {
        throw new DomainError('payment_account_not_allowed');
      }
      const { approval, codeDevice } = await approvalOf(user, consent.amountCents);
      if (approval === 'phone' && !approvals) throw new DomainError('payment_needs_approval');
      if (approval === 'payment_above_limit' || approval === 'payment_needs_approval') {
        throw new DomainError(approval);
      }
      if (approval === 'code') {
        // Never authorise silently: a code step with nowhere to send the code does not happen.
        if (!codeDevice) throw new DomainError('payment_needs_approval');
        const reference = `${consent.id}:${account.id}`;
        // First the code is sent (nothing authorised yet); the same answer with the code follows.
        if (decision.code === undefined) {
          const sent = await sendApprovalCode(deps, {
            userId: user.id,
            purpose: PAYMENT_OTP_PURPOSE,
            reference,
            device: codeDevice,
            subject: deliveryMessages.paymentCodeSubject,
            text: (code) =>
              deliveryMessages.paymentCodeBody(
                `$${formatCentsWithSeparators(consent.amountCents)}`,
                account.id.slice(-4),
                payeeName,
                consent.reference,
                code,
              ),
          });
          await insertAuditEvent(db, {
            type: 'payment_consent.code_sent',
            userId: user.id,
            ip: request.ip,
            details: { ...details, accountId: account.id, channel: sent.channel },
          });
          return { kind: 'code_sent', ...sent };
        }
        await verifyCode(user.id, reference, decision.code, request.ip);
      }
      if (approval === 'phone' && approvals) {
        // As for transfers: the phone is asked with no transaction open, for as long as the
        // person takes; the consent stays awaiting (its ten minutes still count).
        const answer = await approvals.requestApproval({
          userId: pending.accountId,
          fromAccountId: account.id,
          toAccountId: consent.payeeAccountId,
          amountCents: consent.amountCents,
          transferId: consent.id,
        });
        if (answer !== 'approved') {
          return reject(answer === 'denied' ? 'phone_denied' : 'phone_expired');
        }
      }
      const authorised = await db.transaction(async (tx) => {
        const changed = await decidePaymentConsent(tx, consent.id, {
          status: 'Authorised',
          userId: pending.accountId,
          debtorAccountId: account.id,
          approvedWith: approval,
        });
        if (!changed) return false;
        // Connected apps lists the application the customer let pay.
        const earlier = await findClientConsent(tx, pending.accountId, pending.clientId);
        await saveClientConsent(
          tx,
          pending.accountId,
          pending.clientId,
          mergedConsent(earlier?.scopes ?? [], ['openid', PAYMENTS_SCOPE]),
        );
        await insertAuditEvent(tx, {
          type: 'payment_consent.authorised',
          userId: pending.accountId,
          ip: request.ip,
          details: { ...details, accountId: account.id, approvedOn: approval },
        });
        return true;
      });
      if (!authorised) throw REQUEST_ENDED();
      return redirect(await interactions.allow(request, reply, pending));
    },

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
        const paid = await payConsent(
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
      };
    },
  };
}
