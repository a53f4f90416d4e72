import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  deliveryMessages,
  formatCentsWithSeparators,
  messages,
  passkeyMessages,
  payByBankMessages,
  signInDeliveryMessages,
  challengePromptMessages as promptWords,
  type ApiErrorCode,
} from '@anybank/contracts';
import type { LinkingWords, MethodTraits } from './challenge-method';
import type { PromptWords } from './prompt-form';

/**
 * What a challenge is for (ADR 0026). A purpose says how long its challenge lives, how many
 * wrong answers it takes, which methods may answer it (by their traits, never by name), which
 * the engine picks first among the subject's usable devices, and the words the person confirms:
 * for money, the amount and the payee (dynamic linking, PSD2 RTS art. 5), shown on the phone,
 * written into the code's message, bound into what a device signs.
 */
export interface PurposeContexts {
  /** The browser asking, in words, and its address: what the phone shows. */
  'sign-in': { browser: string; ip: string | null };
  'step-up': { browser: string; ip: string | null };
  'transfer-approval': { amountCents: number; fromAccountId: string; toAccountId: string };
  'payment-approval': {
    amountCents: number;
    fromAccountId: string;
    payeeAccountId: string;
    payeeName: string;
    /** The merchant's payment reference (shown, so the customer can match the order). */
    paymentReference: string;
  };
  /** The customer-service agent on the call. */
  'help-desk-verification': { agentName: string; agentFirstName: string };
  /** The new contact detail (the code goes to it, the challenge's `target`). */
  'contact-change': { kind: 'email' | 'mobile' };
  /**
   * Forgot password (document 1 §4.3): the recovery code e-mailed to the account's recovery
   * address; a passkey-only account's message speaks of a new passkey instead.
   */
  'password-recovery': { passkeyOnly: boolean };
  /** The credit-card application's identity check (ADR 0015): a code to the account's address. */
  'identity-verification': Record<string, never>;
  /** Activating the bank's app on a phone: the code e-mailed once the password was right. */
  'phone-activation': Record<string, never>;
  /** Adding an e-mail or SMS sign-in method from the modal: the code sent to the new target. */
  'device-pairing': { channel: 'email' | 'sms' };
}

export type PurposeName = keyof PurposeContexts;

export const PURPOSE_NAMES = [
  'sign-in',
  'step-up',
  'transfer-approval',
  'payment-approval',
  'help-desk-verification',
  'contact-change',
  'password-recovery',
  'identity-verification',
  'phone-activation',
  'device-pairing',
] as const satisfies readonly PurposeName[];

/** Why a challenge was refused, as a caller reads it. */
export type RefusalReason = 'denied' | 'expired' | 'attempts_exceeded' | 'not_pending';

export interface Purpose<P extends PurposeName = PurposeName> {
  readonly name: P;
  /** From the ask to the last answer the challenge takes. */
  readonly lifetimeMs: number;
  /**
   * The purpose its one-time codes are issued under (the code service's; its audit details
   * name it): kept as the callers named theirs before the engine.
   */
  readonly codePurpose: string;
  /** Wrong answers before the challenge is refused (the last one included). */
  readonly maxAttempts: number;
  /** Whether a method with these traits may answer it. */
  accepts(traits: MethodTraits): boolean;
  /** The engine's choice among usable devices: the answer kinds first in this order. */
  readonly prefer: readonly MethodTraits['answer'][];
  /** The words the person confirms, or null for a purpose that confirms no transaction. */
  linking(context: PurposeContexts[P]): LinkingWords | null;
  /** A code's message, the code in it (e-mail subject; SMS uses the body only). */
  codeMessage(context: PurposeContexts[P], code: string): { subject: string; body: string };
  /** What the phone shows and how it is asked (see PhoneAsk); none where no phone answers it. */
  readonly push?: PhoneAsk<P>;
  /** How its sent codes are made and kept (see SentCodes); by default 6 digits per challenge. */
  readonly codes?: SentCodes;
  /** Where a caller keeps its own words for a refusal (help desk's `help_desk_code_rejected`). */
  readonly refusals?: Partial<Record<RefusalReason | 'wrong', ApiErrorCode>>;
  /** The words of its prompt where the page asking has its own (prompt-form.ts). */
  readonly prompt?: PromptWords;
}

/** How the code service makes and keeps a purpose's sent codes (methods/one-time-code.ts). */
export interface SentCodes {
  /** 6 digits (the default), or the 8 letters and digits of an account recovery code (§5). */
  format?: 'digits' | 'recovery';
  /**
   * The code service's purpose and reference for a challenge's code; by default the purpose's
   * name and the challenge's id. A purpose its caller asks at most once per reference with a
   * code may keep the names its codes had before the engine (the help desk's session).
   */
  keptAs?(challenge: { id: string; reference: string }): { purpose: string; reference: string };
}

/**
 * The phone's title and the lines under it (by default the linking words' lines), the push
 * request's kind (what the phone app groups it as), and whether it is asked through the bank's
 * CIBA server (money: the binding message is what the phone approves) or as a plain push.
 */
export interface PhoneAsk<P extends PurposeName> {
  title: string;
  kind: 'signin' | 'transfer' | 'helpdesk';
  via: 'ciba' | 'push';
  details?(context: PurposeContexts[P], now: Date): Record<string, string>;
}

const dollars = (cents: number) => `$${formatCentsWithSeparators(cents)}`;
const ending = (accountId: string) => `ending ${accountId.slice(-4)}`;

/** A second factor: something held or something one is, never a second thing known. */
const secondFactor = (traits: MethodTraits) => traits.proves !== 'knowledge';
/** Money leaves: only a method that shows or binds the amount and payee (PSD2 RTS art. 5). */
const confirmsMoney = (traits: MethodTraits) =>
  traits.confirmsTransaction && traits.proves !== 'knowledge';
/** A code sent to an address the caller names (the challenge's `target`): nothing else proves it. */
const onlySentCode = (traits: MethodTraits) => traits.sendsCode;
/** The phone first, as the bank has always asked; then a code. */
const PHONE_THEN_CODE = ['approval', 'code'] as const;

const signIn: Purpose<'sign-in'> = {
  name: 'sign-in',
  codePurpose: 'signin',
  lifetimeMs: OTP_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  accepts: secondFactor,
  prefer: PHONE_THEN_CODE,
  linking: () => null,
  // The login modal's words (tabs 3 and 7, document 1 §2.4).
  prompt: {
    codeSentTo: promptWords.signInCodeSentTo,
    codeLabel: promptWords.signInCodeLabel,
    invalidCode: promptWords.codeSixDigits,
    submit: promptWords.signInSubmit,
    waitForPhone: promptWords.signInWaitForPhone,
    leavePhone: promptWords.chooseAnotherWay,
  },
  codeMessage: (_context, code) => ({
    subject: signInDeliveryMessages.codeSubject,
    body: signInDeliveryMessages.codeBody(code),
  }),
  push: {
    title: signInDeliveryMessages.pushTitle,
    kind: 'signin',
    via: 'push',
    // The browser in words ("Chrome 156 on Linux"), not its raw user agent.
    details: ({ browser, ip }, now) => ({
      From: browser,
      'IP address': ip ?? '',
      Time: now.toISOString(),
    }),
  },
};

const stepUp: Purpose<'step-up'> = {
  ...(signIn as unknown as Purpose<'step-up'>), // same words and rules, its own phone title
  name: 'step-up',
  push: { ...signIn.push, title: signInDeliveryMessages.stepUpPushTitle } as PhoneAsk<'step-up'>,
};

const transferApproval: Purpose<'transfer-approval'> = {
  name: 'transfer-approval',
  codePurpose: 'transfer',
  lifetimeMs: OTP_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  accepts: confirmsMoney,
  prefer: PHONE_THEN_CODE,
  linking: ({ amountCents, fromAccountId, toAccountId }) => ({
    text: `${dollars(amountCents)} from account ${ending(fromAccountId)} to account ${ending(toAccountId)}`,
    lines: {
      Amount: dollars(amountCents),
      'From account': ending(fromAccountId),
      'To account': ending(toAccountId),
    },
  }),
  codeMessage: ({ amountCents, fromAccountId, toAccountId }, code) => ({
    subject: deliveryMessages.transferCodeSubject,
    body: deliveryMessages.transferCodeBody(
      dollars(amountCents),
      fromAccountId.slice(-4),
      toAccountId.slice(-4),
      code,
    ),
  }),
  push: { title: deliveryMessages.transferPushTitle, kind: 'transfer', via: 'ciba' },
  // The transfer page's code step (document 2 §4).
  prompt: {
    codeSentTo: messages.transfer.confirmationRequired,
    codeLabel: messages.transfer.confirmationCodeLabel,
    invalidCode: messages.transfer.confirmationCodeRequired,
    submit: promptWords.approveTransfer,
    cancel: promptWords.cancel,
    waitForPhone: () => promptWords.waitForPhone,
  },
};

const paymentApproval: Purpose<'payment-approval'> = {
  name: 'payment-approval',
  codePurpose: 'payment',
  lifetimeMs: OTP_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  accepts: confirmsMoney,
  prefer: PHONE_THEN_CODE,
  linking: ({ amountCents, fromAccountId, payeeAccountId, payeeName, paymentReference }) => ({
    text: `${dollars(amountCents)} from account ${ending(fromAccountId)} to ${payeeName}, reference ${paymentReference}`,
    lines: {
      Amount: dollars(amountCents),
      'From account': ending(fromAccountId),
      'To account': ending(payeeAccountId),
      Payee: payeeName,
      Reference: paymentReference,
    },
  }),
  codeMessage: ({ amountCents, fromAccountId, payeeName, paymentReference }, code) => ({
    subject: deliveryMessages.paymentCodeSubject,
    body: deliveryMessages.paymentCodeBody(
      dollars(amountCents),
      fromAccountId.slice(-4),
      payeeName,
      paymentReference,
      code,
    ),
  }),
  push: { title: deliveryMessages.transferPushTitle, kind: 'transfer', via: 'ciba' },
  // The pay by bank page's code (ADR 0023): Confirm sends it, Cancel refuses the payment.
  prompt: {
    codeSentTo: payByBankMessages.codeRequired,
    codeLabel: payByBankMessages.codeLabel,
    invalidCode: payByBankMessages.codeMissing,
    submit: payByBankMessages.confirm,
    cancel: payByBankMessages.deny,
    waitForPhone: () => payByBankMessages.waitingForPhone,
  },
};

const helpDeskVerification: Purpose<'help-desk-verification'> = {
  name: 'help-desk-verification',
  codePurpose: 'helpdesk',
  lifetimeMs: OTP_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  accepts: secondFactor,
  prefer: PHONE_THEN_CODE,
  linking: ({ agentName }) => ({ text: `a call with ${agentName}`, lines: { Agent: agentName } }),
  codeMessage: ({ agentFirstName }, code) => ({
    subject: deliveryMessages.helpDeskCodeSubject,
    body: deliveryMessages.helpDeskCodeBody(agentFirstName, code),
  }),
  push: {
    title: deliveryMessages.helpDeskPushTitle,
    kind: 'helpdesk',
    via: 'push',
    details: ({ agentName }, now) => ({ Agent: agentName, Time: now.toISOString() }),
  },
  refusals: { wrong: 'help_desk_code_rejected' },
  // One e-mailed code per session (the help desk's machine never sends a second), kept under
  // the session's id as it always was: the session's code is found by the session.
  codes: { keptAs: ({ reference }) => ({ purpose: 'helpdesk', reference }) },
};

const CONTACT_WORDS = { email: 'email address', mobile: 'mobile number' } as const;

const contactChange: Purpose<'contact-change'> = {
  name: 'contact-change',
  codePurpose: 'contact-change',
  lifetimeMs: OTP_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  // Proves the new address or number is theirs: only a code sent to it can.
  accepts: onlySentCode,
  prefer: ['code'],
  linking: () => null,
  codeMessage: ({ kind }, code) => ({
    subject: messages.profile.contactCodeSubject,
    body: messages.profile.contactCodeBody(CONTACT_WORDS[kind], code),
  }),
};

/** The recovery code lives longer than a sign-in's: it is read from a mailbox (§4.3). */
const RECOVERY_TTL_MS = 15 * 60 * 1000;

const passwordRecovery: Purpose<'password-recovery'> = {
  name: 'password-recovery',
  codePurpose: 'password-recovery',
  lifetimeMs: RECOVERY_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  accepts: onlySentCode,
  prefer: ['code'],
  linking: () => null,
  codeMessage: ({ passkeyOnly }, code) =>
    passkeyOnly
      ? {
          subject: passkeyMessages.passkeyRecoverySubject,
          body: passkeyMessages.passkeyRecoveryBody(code, RECOVERY_TTL_MS / 60_000),
        }
      : {
          subject: signInDeliveryMessages.recoverySubject,
          body: signInDeliveryMessages.recoveryBody(code, RECOVERY_TTL_MS),
        },
  codes: { format: 'recovery' },
};

const identityVerification: Purpose<'identity-verification'> = {
  name: 'identity-verification',
  codePurpose: 'identity-verification',
  lifetimeMs: OTP_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  accepts: onlySentCode,
  prefer: ['code'],
  linking: () => null,
  // Asked where a sign-in code is (tab 3), in the credit-card application's words (ADR 0015).
  prompt: {
    ...(signIn.prompt as PromptWords),
    codeSentTo: (destination) => messages.creditCard.verificationIntro(destination, OTP_LENGTH),
  },
  codeMessage: (_context, code) => ({
    subject: messages.creditCard.verificationEmailSubject,
    body: messages.creditCard.verificationEmailBody(code),
  }),
};

const phoneActivation: Purpose<'phone-activation'> = {
  name: 'phone-activation',
  codePurpose: 'phone-activation',
  lifetimeMs: OTP_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  accepts: onlySentCode,
  prefer: ['code'],
  linking: () => null,
  codeMessage: (_context, code) => ({
    subject: deliveryMessages.appActivationSubject,
    body: deliveryMessages.appActivationBody(code),
  }),
};

const devicePairing: Purpose<'device-pairing'> = {
  name: 'device-pairing',
  codePurpose: 'pairing',
  lifetimeMs: OTP_TTL_MS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  // Proves the new address or number is the person's: only a code sent to it can.
  accepts: onlySentCode,
  prefer: ['code'],
  linking: () => null,
  codeMessage: ({ channel }, code) => ({
    subject: signInDeliveryMessages.pairingCodeSubject,
    body: signInDeliveryMessages.pairingCodeBody(channel, code),
  }),
};

/** THE list of purposes: a new one is an entry here (and its context in PurposeContexts). */
export const PURPOSES: { readonly [P in PurposeName]: Purpose<P> } = {
  'sign-in': signIn,
  'step-up': stepUp,
  'transfer-approval': transferApproval,
  'payment-approval': paymentApproval,
  'help-desk-verification': helpDeskVerification,
  'contact-change': contactChange,
  'password-recovery': passwordRecovery,
  'identity-verification': identityVerification,
  'phone-activation': phoneActivation,
  'device-pairing': devicePairing,
};

export function purposeNamed(name: string): Purpose | null {
  return (PURPOSES as Record<string, Purpose | undefined>)[name] ?? null;
}

/** A purpose with its context, as one value (what the engine stores and hands to methods). */
export function linkingOf<P extends PurposeName>(name: P, context: PurposeContexts[P]) {
  return PURPOSES[name].linking(context);
}
