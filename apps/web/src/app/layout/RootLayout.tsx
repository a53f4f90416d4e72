import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/PageLoading';
import { RegistrationConfirmationHost } from '../../features/registration';
import { useSessionItem } from '../../lib/session-storage';
import { useDialogFocusWrap } from './use-dialog-focus-wrap';
import { usePageViews } from '../../lib/site-analytics';
import { ScrollToTop } from '../ScrollToTop';
import { SignOutAfterMethodChange } from '../session/SignOutAfterMethodChange';
import { LoginModalHost } from './LoginModalHost';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SiteFooter } from './SiteFooter';
import { SiteNavbar } from './SiteNavbar';
import { StepUpHost } from './StepUpHost';
import { usePageTitle } from './use-page-title';

/** The idle-timeout watch (react-idle-timer and its dialog): loaded once somebody signs in. */
const IdleSession = lazy(async () => ({
  default: (await import('../session/IdleSession')).IdleSession,
}));

export function RootLayout() {
  usePageTitle();
  usePageViews();
  useDialogFocusWrap();
  const signedIn = useSessionItem('subject') !== null;
  const { pathname } = useLocation();
  return (
    <div className="d-flex flex-column min-vh-100">
      <ScrollToTop />
      <header>
        <a href="#main-content" className="visually-hidden-focusable skip-link">
          Skip to main content
        </a>
        <SiteNavbar />
      </header>
      <main id="main-content" className="flex-grow-1" tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
      <LoginModalHost />
      <RegistrationConfirmationHost />
      {signedIn && (
        <Suspense fallback={null}>
          <IdleSession />
        </Suspense>
      )}
      {signedIn && <SignOutAfterMethodChange />}
      {signedIn && <StepUpHost />}
    </div>
  );
}
