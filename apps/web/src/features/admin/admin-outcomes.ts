import { adminPolicyResponseSchema, messages } from '@anybank/contracts';
import type { PolicyAnswer } from '../../lib/policy-answer';

/**
 * What each demo admin action's answer means on the page (document 2 §4, §8). DOM-free, for
 * the unit tests; admin-api.ts makes the calls.
 */

export type AdminAction =
  'deleteUser' | 'resetVerification' | 'toggleTier' | 'phishingEmail' | 'highRisk';

/** Where the page goes after a success: single logout, the dashboard, or nowhere. */
export type AfterSuccess = 'single-logout' | 'banking' | null;

export type ActionOutcome =
  { kind: 'success'; then: AfterSuccess } | { kind: 'failure'; message: string };

const REDIRECT_AFTER: Record<AdminAction, AfterSuccess> = {
  deleteUser: 'single-logout',
  resetVerification: 'single-logout',
  toggleTier: 'banking',
  phishingEmail: null,
  highRisk: null,
};

const unexpected: ActionOutcome = { kind: 'failure', message: messages.admin.unexpected };

function success(action: AdminAction): ActionOutcome {
  return { kind: 'success', then: REDIRECT_AFTER[action] };
}

/** The reason a policy gave for not doing it: `errorBody.message`, or the refusal's message. */
function reasonOf(answer: PolicyAnswer): string | null {
  if (answer.kind === 'ok') {
    const parsed = adminPolicyResponseSchema.safeParse(answer.body);
    if (parsed.success && !parsed.data.success) {
      return parsed.data.additionalProperties.errorBody.message;
    }
    return null;
  }
  if (answer.kind === 'refused') return answer.message ?? answer.details[0]?.message ?? null;
  return null;
}

function succeeded(answer: PolicyAnswer): boolean {
  if (answer.kind !== 'ok') return false;
  const parsed = adminPolicyResponseSchema.safeParse(answer.body);
  return parsed.success && parsed.data.success;
}

/**
 * A policy action's outcome. Delete shows the server's error body message, phishing
 * 'Failed to send phishing email' with the reason, reset (and anything unreadable) the
 * generic error.
 */
export function policyOutcome(
  action: 'deleteUser' | 'resetVerification' | 'phishingEmail',
  answer: PolicyAnswer,
): ActionOutcome {
  if (succeeded(answer)) return success(action);
  const reason = reasonOf(answer);
  switch (action) {
    case 'deleteUser':
      return reason ? { kind: 'failure', message: reason } : unexpected;
    case 'phishingEmail':
      return {
        kind: 'failure',
        message: messages.admin.phishingFailedBecause(
          reason ?? (answer.kind === 'failed' ? answer.reason : messages.admin.unexpected),
        ),
      };
    case 'resetVerification':
      return unexpected;
  }
}

/** Tier toggle and high-risk: a directory or admin call, a success by its status alone. */
export function statusOutcome(action: 'toggleTier' | 'highRisk', status: number): ActionOutcome {
  const expected = action === 'toggleTier' ? 200 : 204;
  return status === expected ? success(action) : unexpected;
}

/** §8: the success text, with 'We're sending you home.' when a redirect follows. */
export function successText(then: AfterSuccess): string {
  return then === null
    ? messages.admin.success
    : `${messages.admin.success} ${messages.admin.sendingHome}`;
}

/** §8: the threshold form's failure, with the answer's status text (or its code). */
export function thresholdsFailureText(status: number | null, statusText: string): string {
  const reason = statusText.trim() || (status === null ? 'No answer' : `HTTP ${status}`);
  return messages.admin.thresholdsFailed(reason);
}
