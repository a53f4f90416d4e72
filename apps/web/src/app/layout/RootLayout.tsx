import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import { PageLoading } from '../../components/ui/PageLoading';
import { BehindTheScenesHost } from '../../features/behind-the-scenes';
import { RegistrationConfirmationHost } from '../../features/registration';
import { useSessionItem } from '../../lib/session-storage';
import { useDialogFocusWrap } from './use-dialog-focus-wrap';
import { usePageViews } from '../../lib/site-analytics';
import { ScrollToTop } from '../ScrollToTop';
import { LoginModalHost } from './LoginModalHost';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SiteFooter } from './SiteFooter';
import { SiteNavbar } from './SiteNavbar';
import { usePageTitle } from './use-page-title';
import { useShowingPageId } from './use-showing-page';

/** The idle-timeout watch, the step-up host and the like: loaded once somebody signs in. */
const SignedInSession = lazy(async () => ({
  default: (await import('../session/SignedInSession')).SignedInSession,
}));

export function RootLayout() {
  usePageTitle();
  usePageViews();
  useDialogFocusWrap();
  const signedIn = useSessionItem('subject') !== null;
  const { pathname } = useLocation();
  // A standalone page (the phone app) shows itself alone: no site navbar or footer around it.
  const showingPageId = useShowingPageId();
  const standalone = showingPageId !== null && pageRoute(showingPageId).standalone === true;
  // Another company's page (the shop) carries nothing of the bank's, its panel included.
  const otherCompany = showingPageId !== null && pageRoute(showingPageId).otherCompany === true;
  return (
    <div className="d-flex flex-column min-vh-100">
      <ScrollToTop />
      {!standalone && (
        <header>
          <a href="#main-content" className="visually-hidden-focusable skip-link">
            Skip to main content
          </a>
          <SiteNavbar />
        </header>
      )}
      <main id="main-content" className="flex-grow-1" tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {!standalone && <SiteFooter />}
      <LoginModalHost />
      <RegistrationConfirmationHost />
      {signedIn && (
        <Suspense fallback={null}>
          <SignedInSession />
        </Suspense>
      )}
      {!otherCompany && <BehindTheScenesHost />}
    </div>
  );
}
