import {
  helpDeskResponseSchema,
  messages,
  type HelpDeskAccount,
  type HelpDeskSession,
} from '@anybank/contracts';
import type { PolicyAnswer } from '../../lib/policy-answer';

/**
 * What the help-desk policy's answers mean to the rep's dialog (document 2 §2, §8). DOM-free,
 * for the unit tests; help-desk-api.ts makes the calls, HelpDeskDialog.tsx shows them.
 */

export type HelpDeskOutcome =
  | { kind: 'session'; session: HelpDeskSession }
  /**
   * Anything else. The dialog shows 'An error occurred during help desk flow, please try
   * again.' and, when the bank said why, its reason; `field` when it is about one field.
   */
  | { kind: 'error'; reason: string | null; field: string | null };

export function outcomeOf(answer: PolicyAnswer): HelpDeskOutcome {
  if (answer.kind === 'ok') {
    const parsed = helpDeskResponseSchema.safeParse(answer.body);
    return parsed.success
      ? { kind: 'session', session: parsed.data.additionalProperties }
      : { kind: 'error', reason: null, field: null };
  }
  if (answer.kind === 'refused') {
    const detail = answer.details.find((candidate) => candidate.field !== null);
    return {
      kind: 'error',
      reason: answer.message,
      field: detail?.field ?? null,
    };
  }
  return { kind: 'error', reason: null, field: null };
}

/** Where the dialog is: which of its steps it shows for the session (null: none yet). */
export type DialogStep = 'lookup' | 'verifying' | 'verified' | 'done' | 'failed';

export function stepOf(session: HelpDeskSession | null): DialogStep {
  switch (session?.status) {
    case undefined:
    case 'started':
      return 'lookup';
    case 'verification_sent':
      return 'verifying';
    case 'verified':
      return 'verified';
    case 'action_done':
      return 'done';
    case 'failed':
      return 'failed';
  }
}

/** The dialog asks the bank again while the customer has not answered yet. */
export function isWaitingForCustomer(session: HelpDeskSession | null): boolean {
  return session?.status === 'verification_sent';
}

/** Until the session ends, closing the dialog tells the bank to end it. */
export function isUnderWay(session: HelpDeskSession | null): boolean {
  return session !== null && session.status !== 'action_done' && session.status !== 'failed';
}

function fullName(session: HelpDeskSession): string {
  return `${session.customer.firstName} ${session.customer.lastName}`.trim();
}

/** The sentence the dialog's status line says for the session. */
export function statusText(session: HelpDeskSession): string {
  const { firstName } = session.customer;
  switch (session.status) {
    case 'started':
      return '';
    case 'verification_sent':
      return session.method === 'push'
        ? messages.helpDesk.pushSent(firstName)
        : messages.helpDesk.emailSent(firstName);
    case 'verified':
      return messages.helpDesk.verified(fullName(session));
    case 'action_done':
      return session.action?.type === 'remove_device'
        ? messages.helpDesk.deviceRemoved(session.action.deviceName ?? 'The device', firstName)
        : messages.helpDesk.unlocked(firstName);
    case 'failed':
      return session.failure ? messages.helpDesk.failures[session.failure] : '';
  }
}

/** The error line: the spec's text, then the bank's reason when it gave one. */
export function errorText(reason: string | null): string {
  return reason ? `${messages.helpDesk.flowError} ${reason}` : messages.helpDesk.flowError;
}

/**
 * What the rep is told about the customer's sign-in: locked or not, and why. `formatTime`
 * shows a moment in the rep's own time zone.
 */
export function signInSummary(
  account: HelpDeskAccount,
  formatTime: (iso: string) => string,
): { locked: boolean; reasons: string[] } {
  const reasons: string[] = [];
  if (account.passwordLockedUntil) {
    reasons.push(
      `Wrong passwords locked the password until ${formatTime(account.passwordLockedUntil)}.`,
    );
  }
  if (account.failedSignIns > 0) {
    reasons.push(
      `${account.failedSignIns} recent failed ${account.failedSignIns === 1 ? 'sign-in' : 'sign-ins'}.`,
    );
  }
  return { locked: account.signInLocked, reasons };
}

/** A device as the rep picks it from the list: its name, and what kind of method it is. */
export function deviceLabel(device: { name: string; kind: string }): string {
  return `${device.name} (${device.kind})`;
}
