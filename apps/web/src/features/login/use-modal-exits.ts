import { useCallback } from 'react';
import { publicConfig } from '../../lib/config';
import { sessionStore } from '../../lib/session-storage';
import { restartSignIn } from '../../lib/sign-in';
import { closeDestination } from './login-model';
import type { LoginFlow } from './use-login-flow';

/**
 * The ways out of the login modal (document 1 §2.4, §2.5): closing, trying again, and going
 * back to the application that asked for the sign-in.
 */
export function useModalExits({ flow, signedIn, postThisFlow }: LoginFlow, onClose: () => void) {
  const leave = useCallback(() => {
    sessionStore.remove('flowResponse');
    onClose();
  }, [onClose]);

  /** Try again: a new sign-in; a pairing or step-up just closes (its page can start another). */
  const tryAgain = () => (signedIn ? leave() : void restartSignIn());

  /** Self-service (§2.5): cancel the flow, and follow it back to the application that asked. */
  const returnToRequester = useCallback(
    (fallback: () => void) => {
      void postThisFlow('cancelAuthentication')
        .then((response) => {
          if (response.resumeUrl) window.location.assign(response.resumeUrl);
          else fallback();
        })
        .catch(fallback);
    },
    [postThisFlow],
  );

  const selfService = flow?.selfService === true;

  /** Back to the retail checkout site with error=access_denied if the visitor came from it. */
  const leaveToReferrer = useCallback(() => {
    const destination = closeDestination(document.referrer, publicConfig.retailSiteUrl);
    if (!destination.external) return false;
    sessionStore.remove('flowResponse');
    window.location.assign(destination.to);
    return true;
  }, []);

  /**
   * Closing goes home, or back to the retail checkout site (§2.4). A sign-in that another
   * application asked for, whose referrer the browser withheld, is cancelled instead, so that
   * the application gets its visitor back with access_denied.
   */
  const close = useCallback(() => {
    if (signedIn) {
      leave();
      return;
    }
    if (leaveToReferrer()) return;
    if (selfService) returnToRequester(leave);
    else leave();
  }, [signedIn, leaveToReferrer, selfService, returnToRequester, leave]);

  const returnAfterError = useCallback(
    () =>
      returnToRequester(() => {
        if (!leaveToReferrer()) leave();
      }),
    [returnToRequester, leaveToReferrer, leave],
  );

  return { leave, tryAgain, close, returnAfterError, selfService };
}
