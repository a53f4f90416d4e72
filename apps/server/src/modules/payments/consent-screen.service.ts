import {
  PAYMENTS_SCOPE,
  apiErrorMessage,
  payByBankMessages,
  type PaymentConsentDecision,
  type PaymentConsentScreen,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import {
  accountsOf,
  codeAskedOf,
  runningTotalCents,
  secondFactorOf,
  type CodeAsked,
} from '../banking';
import { findUserById } from '../directory';
import {
  appNameOf,
  rememberConnectedApp,
  type ChallengeService,
  type Outcome,
  type PendingPayment,
} from '../identity';
import {
  PAYING_ACCOUNT_KINDS,
  paymentApproval,
  whyNotAuthorisable,
  type ConsentFacts,
} from './payment-consent.rules';
import { decidePaymentConsent, type PaymentConsentRow } from './payment-consent.store';

/**
 * The browser at the consent screen, as the routes hand it over (payment-interaction.port.ts
 * behind it): the OAuth interaction it holds, and how to end it. The service sees no request.
 */
export interface ConsentScreenBrowser {
  ip: string;
  /** The payment this browser's interaction is at, or null. */
  pending(): Promise<PendingPayment | null>;
  /** The URL that resumes the authorization, which then issues the code. */
  allow(payment: PendingPayment): Promise<string>;
  /** The URL that returns `access_denied` to the application. */
  deny(description: string): Promise<string>;
}

/**
 * Where the consent screen goes after the customer's answer: back to the OAuth server (the URL
 * that resumes the authorization, or returns access_denied), or, above the approval threshold
 * without a phone app, nowhere yet: the customer confirms with a code (one the bank sent to
 * their sign-in device, or one a device of theirs shows), asked in `prompt`.
 */
export type PaymentDecisionOutcome =
  { kind: 'redirect'; redirectTo: string } | ({ kind: 'code_sent' } & CodeAsked);

const PURPOSE = 'payment-approval';

const REQUEST_ENDED = () => new DomainError('consent_request_not_found');

const redirect = (redirectTo: string): PaymentDecisionOutcome => ({ kind: 'redirect', redirectTo });

/** The phone's answer as the consent takes it: approved, or refused by the phone or the clock. */
function phoneRefusalOf(outcome: Outcome): 'phone_denied' | 'phone_expired' | null {
  if (outcome.status === 'answered') return null;
  return outcome.status === 'refused' && outcome.reason === 'denied'
    ? 'phone_denied'
    : 'phone_expired';
}

/**
 * The bank's consent screen (ADR 0023): the payment shown, then the customer's answer. Above
 * the approval threshold the payment is approved through the challenge engine (ADR 0026,
 * purpose `payment-approval`, the consent as its reference, the amount, paying account and
 * payee as what the customer confirms: PSD2 RTS art. 5): the phone when activated, else a code.
 * This service owns the consent's side only: Authorised or Rejected, and which refusal a
 * challenge's Outcome means here (`payment_code_failed`, `payment_code_not_pending`).
 */
export function createConsentScreen(deps: {
  db: Database;
  challenges: ChallengeService;
  now: () => Date;
  consentOf(id: string): Promise<(ConsentFacts & PaymentConsentRow) | null>;
  payeeNameOf(accountId: string): Promise<string>;
}) {
  const { db, challenges, now } = deps;

  async function pendingOf(browser: ConsentScreenBrowser, uid: string) {
    const pending = await browser.pending();
    // One `_interaction` cookie per browser: a page left open in another tab names another one.
    if (!pending || pending.uid !== uid) throw REQUEST_ENDED();
    const consent = await deps.consentOf(pending.consentId);
    if (!consent || whyNotAuthorisable(consent, pending.clientId, now()) !== null) {
      throw REQUEST_ENDED();
    }
    return { pending, consent };
  }

  /**
   * What confirming this payment needs now (paymentApproval): read fresh at each answer, as a
   * transfer reads it, so that the day's other transfers and a phone activated meanwhile count.
   */
  async function approvalOf(
    user: { id: string; cibaThreshold: number | null; denyThreshold: number | null },
    amountCents: number,
  ) {
    const answers = (await challenges.choices(user.id, PURPOSE)).map(
      (choice) => choice.method.traits.answer,
    );
    return paymentApproval(
      { amountCents, recentTotalCents: await runningTotalCents(db, user.id) },
      user,
      secondFactorOf({
        hasPushDevice: answers.includes('approval'),
        hasCodeDevice: answers.includes('code'),
      }),
    );
  }

  /**
   * The code the customer typed, answered to the consent's challenge (each try counts; a right
   * code works once). Only a right one returns: a wrong one changes nothing but the try count
   * (400 with the tries left, in the transfer code step's words); an expired challenge, or one
   * tried too often, is used up: confirming again asks a new one; none waiting (never asked,
   * used, or asked for another account) is refused too. The consent stays awaiting each time.
   */
  async function answerCode(
    input: { userId: string; consentId: string; accountId: string; code: string },
    ip: string,
  ) {
    const challenge = await challenges.latest(PURPOSE, input.consentId);
    if (
      !challenge ||
      challenge.userId !== input.userId ||
      challenge.context.fromAccountId !== input.accountId
    ) {
      throw new DomainError('payment_code_not_pending');
    }
    if (challenge.status === 'refused' || challenge.status === 'expired') {
      throw new DomainError('payment_code_failed');
    }
    if (challenge.status !== 'asked') throw new DomainError('payment_code_not_pending');
    const outcome = await challenges.answer(
      challenge.id,
      { kind: 'code', code: input.code },
      { ip, userAgent: null },
    );
    switch (outcome.status) {
      case 'answered':
        return;
      case 'wrong':
        throw new DomainError('invalid_code', {
          message: apiErrorMessage('invalid_code', outcome.attemptsLeft),
          extra: { attemptsLeft: outcome.attemptsLeft },
        });
      case 'refused':
        if (outcome.reason !== 'not_pending') throw new DomainError('payment_code_failed');
        throw new DomainError('payment_code_not_pending');
      case 'waiting':
        throw new DomainError('payment_code_not_pending');
    }
  }

  return {
    async screen(browser: ConsentScreenBrowser, uid: string): Promise<PaymentConsentScreen> {
      const { pending, consent } = await pendingOf(browser, uid);
      const accounts = (await accountsOf(db, pending.accountId)).filter((account) =>
        PAYING_ACCOUNT_KINDS.includes(account.kind),
      );
      const user = await findUserById(db, pending.accountId);
      const approval = user ? await approvalOf(user, consent.amountCents) : 'none';
      return {
        needsPhoneApproval: approval === 'phone',
        needsCode: approval === 'code',
        appName: appNameOf(pending.clientId),
        payeeName: await deps.payeeNameOf(consent.payeeAccountId),
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

    async decide(
      browser: ConsentScreenBrowser,
      decision: PaymentConsentDecision,
    ): Promise<PaymentDecisionOutcome> {
      const { pending, consent } = await pendingOf(browser, decision.interaction);
      const { ip } = browser;
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
              ip,
              details: { ...details, by: why },
            });
          }
        });
        return redirect(
          await browser.deny(
            why === 'customer' ? payByBankMessages.denied : payByBankMessages.phoneNotApproved,
          ),
        );
      };
      if (decision.decision === 'deny') return reject('customer');
      const user = await findUserById(db, pending.accountId);
      const account = (await accountsOf(db, pending.accountId)).find(
        (candidate) => candidate.id === decision.accountId,
      );
      if (!user || !account || !PAYING_ACCOUNT_KINDS.includes(account.kind)) {
        throw new DomainError('payment_account_not_allowed');
      }
      const approval = await approvalOf(user, consent.amountCents);
      if (approval === 'payment_above_limit' || approval === 'payment_needs_approval') {
        throw new DomainError(approval);
      }
      const payeeName = await deps.payeeNameOf(consent.payeeAccountId);
      const ask = () =>
        challenges.start({
          subjectId: user.id,
          purpose: PURPOSE,
          reference: consent.id,
          context: {
            amountCents: consent.amountCents,
            fromAccountId: account.id,
            payeeAccountId: consent.payeeAccountId,
            payeeName,
            paymentReference: consent.reference,
          },
          request: { ip, userAgent: null },
        });
      if (approval === 'code' && decision.code === undefined) {
        // First the code is asked (nothing authorised yet); the same answer with the code
        // follows. A code asked before for this payment no longer answers.
        const earlier = await challenges.latest(PURPOSE, consent.id);
        if (earlier?.status === 'asked') await challenges.cancel(earlier.id);
        const asked = await codeAskedOf(challenges, user.id, PURPOSE, await ask());
        await insertAuditEvent(db, {
          type: 'payment_consent.code_sent',
          userId: user.id,
          ip,
          details: { ...details, accountId: account.id, channel: asked.channel },
        });
        return { kind: 'code_sent', ...asked };
      }
      if (approval === 'code' && decision.code !== undefined) {
        await answerCode(
          { userId: user.id, consentId: consent.id, accountId: account.id, code: decision.code },
          ip,
        );
      }
      if (approval === 'phone') {
        // As for transfers: the phone is asked with no transaction open, for as long as the
        // person takes; the consent stays awaiting (its ten minutes still count).
        const started = await ask();
        const refusal = phoneRefusalOf(await challenges.wait(started.challengeId));
        if (refusal) return reject(refusal);
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
        await rememberConnectedApp(tx, pending.accountId, pending.clientId, [
          'openid',
          PAYMENTS_SCOPE,
        ]);
        await insertAuditEvent(tx, {
          type: 'payment_consent.authorised',
          userId: pending.accountId,
          ip,
          details: { ...details, accountId: account.id, approvedOn: approval },
        });
        return true;
      });
      if (!authorised) throw REQUEST_ENDED();
      return redirect(await browser.allow(pending));
    },
  };
}
