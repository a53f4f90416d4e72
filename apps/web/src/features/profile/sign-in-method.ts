import type { AuthnPreference } from '@anybank/contracts';
import { publicConfig } from '../../lib/config';
import { sessionStore } from '../../lib/session-storage';
import { startUserPolicy } from '../../lib/user-policy';
import {
  signInMethodOutcomeOf,
  signInMethodRequest,
  type SignInMethodOutcome,
} from './sign-in-method-rules';

export type { SignInMethodOutcome } from './sign-in-method-rules';

/**
 * Starts the sign-in method switch (document 2 §7) through the orchestration API: a policy
 * acting on the user, so the user's access token goes in the body.
 */
export async function switchSignInMethod(
  preference: AuthnPreference,
  newPassword?: string,
): Promise<SignInMethodOutcome> {
  const body = signInMethodRequest({
    productId: publicConfig.productId,
    preference,
    newPassword,
    hostname: window.location.hostname,
  });
  // A new password or method needs a recent sign-in: the step-up dialog asks when it is older.
  const answer = await startUserPolicy('signInMethod', body, { stepUp: true });
  if (answer.kind === 'failed') console.warn('The sign-in method switch failed', answer.reason);
  return signInMethodOutcomeOf(answer);
}

/** §4: after a switch the session flag is set; the next page signs the user out. */
export function markAuthnPreferenceChanged(): void {
  sessionStore.set('authnPreferenceChanged', 'true');
}
