import { orchestrationPaths, type AuthnPreference } from '@anybank/contracts';
import { apiFetch, readJson } from './api';
import { publicConfig } from './config';
import { policyAnswerOf } from './policy-answer';
import { sessionStore } from './session-storage';
import {
  signInMethodOutcomeOf,
  signInMethodRequest,
  type SignInMethodOutcome,
} from './sign-in-method-rules';
import { withStepUp } from './step-up-signal';

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
    accessToken: sessionStore.get('AT') ?? '',
    hostname: window.location.hostname,
  });
  try {
    // A new password or method needs a recent sign-in: the step-up dialog asks when it is older.
    const response = await withStepUp(() =>
      apiFetch(
        orchestrationPaths.policyStart(publicConfig.companyId, publicConfig.policyIds.signInMethod),
        {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
      ),
    );
    return signInMethodOutcomeOf(policyAnswerOf(response.status, await readJson(response)));
  } catch (error) {
    console.warn('The sign-in method switch failed', error);
    return signInMethodOutcomeOf({ kind: 'failed', reason: String(error) });
  }
}

/** §4: after a switch the session flag is set; the next page signs the user out. */
export function markAuthnPreferenceChanged(): void {
  sessionStore.set('authnPreferenceChanged', 'true');
}
