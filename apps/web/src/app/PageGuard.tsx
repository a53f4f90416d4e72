import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { BANK_CLIENT, pagePath } from '@anybank/contracts';
import { lazyDialog } from '../components/lazy-dialog';
import { PageLoading } from '../components/ui/PageLoading';
import { signInReturnOf } from '../lib/sign-in-return';
import type { ErrorContent } from '../lib/error-catalogue';
import { normalizePath } from '../lib/paths';
import {
  SIGNED_OUT_ELSEWHERE_STATE,
  acknowledgeSessionEndedElsewhere,
  isSignedOutElsewhereState,
  useSessionEndedElsewhere,
} from '../lib/session-ended';
import { sessionStore, useSessionItem } from '../lib/session-storage';
import { clearSessionItems } from '../lib/session-store';
import { completeSignIn, restartSignIn, startSignIn } from '../lib/sign-in';
import { decide, isSigningIn, landingAfterSignIn } from './page-guard';

/** The sign-in error dialog, loaded only when a sign-in coming back fails. */
const ErrorModal = lazyDialog(
  async () => (await import('../components/ErrorModal')).ErrorModal,
  (props) => props.error !== null,
);

/** Where a tab whose session was ended elsewhere goes. */
const HOME = pagePath('home');

/** Sends a signed-out visitor to sign in for the page they asked for (credit card). */
function StartSignOn({ returnTo }: { returnTo: string }) {
  useEffect(() => {
    void startSignIn(BANK_CLIENT, returnTo);
  }, [returnTo]);
  return <PageLoading />;
}

/**
 * The router's guard around every page: completes a sign-in coming back (pickup, or a
 * partner's code), then lets the page show, redirects, or starts sign-on, as `decide` says. A
 * session ended elsewhere (lib/session-ended.ts) takes the tab home first, whatever the page:
 * the page under way goes at once, and the home page says why.
 */
export function PageGuard() {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const subject = useSessionItem('subject');
  const userType = useSessionItem('{product}UserType');
  const [failure, setFailure] = useState<ErrorContent | null>(null);
  const signInReturn = useMemo(() => signInReturnOf(pathname, search), [pathname, search]);
  const endedElsewhere = useSessionEndedElsewhere();
  const signingIn = isSigningIn(pathname, search);
  const landedHome = normalizePath(pathname) === HOME && isSignedOutElsewhereState(state);

  useEffect(() => {
    if (!endedElsewhere) return;
    // A sign-in under way here replaces the session that ended: nothing to clear or to say.
    if (!signingIn) clearSessionItems(sessionStore);
    if (signingIn || landedHome) acknowledgeSessionEndedElsewhere();
  }, [endedElsewhere, signingIn, landedHome]);

  useEffect(() => {
    if (!signInReturn) return;
    let current = true;
    void completeSignIn(signInReturn).then((completion) => {
      if (!current) return;
      // `replace`: the code, REF and state leave the address bar and the history.
      switch (completion.kind) {
        case 'signed-in': {
          const session = {
            subject: sessionStore.get('subject'),
            userType: sessionStore.get('{product}UserType'),
          };
          void navigate(landingAfterSignIn(session, completion.returnTo), { replace: true });
          break;
        }
        case 'error':
          setFailure(completion.error);
          void navigate(pathname, { replace: true });
          break;
        default:
          void navigate('/', { replace: true });
      }
    });
    return () => {
      current = false;
    };
  }, [signInReturn, pathname, navigate]);

  const errorModal = (
    <ErrorModal
      error={failure}
      onTryAgain={() => void restartSignIn()}
      onQuit={() => {
        setFailure(null);
        void navigate('/', { replace: true });
      }}
    />
  );

  if (endedElsewhere && !signingIn) {
    // Nothing of the page stays while the tab goes home and the session's items go.
    return landedHome ? null : <Navigate to={HOME} replace state={SIGNED_OUT_ELSEWHERE_STATE} />;
  }
  if (signInReturn) return <PageLoading />;

  const decision = decide({ subject, userType, pathname, search });
  return (
    <>
      {decision.kind === 'allow' && <Outlet />}
      {decision.kind === 'redirect' && <Navigate to={decision.to} replace />}
      {decision.kind === 'start-sign-on' && <StartSignOn returnTo={decision.returnTo} />}
      {errorModal}
    </>
  );
}
