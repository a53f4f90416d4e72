import {
  AUTHN_PREFERENCES,
  isValidPassword,
  messages,
  type AuthnPreference,
} from '@anybank/contracts';
import type { PolicyAnswer } from '../../lib/policy-answer';

/**
 * The sign-in method switch of document 2 §2, §4, §5, §7, §8, DOM-free for the unit tests:
 * the opposite method, the new-password check, the policy's body and what its answer means.
 * lib/sign-in-method.ts makes the call.
 */

export function isAuthnPreference(value: string | null): value is AuthnPreference {
  return AUTHN_PREFERENCES.some((preference) => preference === value);
}

/** The user picks the opposite of the current method (§4). */
export function oppositeMethod(current: AuthnPreference): AuthnPreference {
  return current === 'Password' ? 'Device' : 'Password';
}

export type NewPasswordProblem =
  /** §5: the two differ; both fields are cleared. */
  | { kind: 'mismatch'; message: string }
  /** §5: the rule is not met (or a field is empty). */
  | { kind: 'weak'; message: string };

/** What is wrong with a new password and its confirmation, or null (§5). */
export function newPasswordProblem(
  newPassword: string,
  confirmation: string,
): NewPasswordProblem | null {
  if (newPassword !== confirmation) {
    return { kind: 'mismatch', message: messages.validation.passwordsMustMatch };
  }
  if (!isValidPassword(newPassword)) {
    return { kind: 'weak', message: messages.validation.passwordHint };
  }
  return null;
}

/** The policy's body (§7): `rawData` holds the preference, plus the password list for Password. */
export function signInMethodRequest(options: {
  productId: string;
  preference: AuthnPreference;
  newPassword?: string;
  /** Left out, the caller adds it as it sends (lib/user-policy.ts). */
  accessToken?: string;
  hostname: string;
}) {
  const rawData: Record<string, unknown> = {
    [`${options.productId}UserAuthnPreferences`]: options.preference,
  };
  if (options.preference === 'Password') rawData.userPassword = [options.newPassword ?? ''];
  return { hostname: options.hostname, rawData, accessToken: options.accessToken };
}

export type SignInMethodOutcome = { ok: true } | { ok: false; message: string };

function firstDetailMessage(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const [first] = value as unknown[];
  if (typeof first !== 'object' || first === null) return null;
  const { message } = first as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * §7, §8: `success` is a success; otherwise the first message of
 * `additionalProperties.body.details` (or of a refusal's `details`), else the default text.
 */
export function signInMethodOutcomeOf(answer: PolicyAnswer): SignInMethodOutcome {
  const fallback = messages.signInMethod.unexpected;
  if (answer.kind === 'failed') return { ok: false, message: fallback };
  if (answer.kind === 'refused') {
    return { ok: false, message: answer.details[0]?.message ?? fallback };
  }
  const body = (answer.body ?? {}) as {
    success?: unknown;
    additionalProperties?: { body?: { details?: unknown } };
  };
  if (body.success === true) return { ok: true };
  return {
    ok: false,
    message: firstDetailMessage(body.additionalProperties?.body?.details) ?? fallback,
  };
}
