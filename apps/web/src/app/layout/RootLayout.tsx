import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/ui/PageLoading';
import { RegistrationConfirmationHost } from '../../features/registration';
import { useSessionItem } from '../../lib/session-storage';
import { useDialogFocusWrap } from '../../lib/use-dialog-focus-wrap';
import { usePageViews } from '../../lib/site-analytics';
import { ScrollToTop } from '../ScrollToTop';
import { IdleSession } from '../session/IdleSession';
import { SignOutAfterMethodChange } from '../session/SignOutAfterMethodChange';
import { LoginModalHost } from './LoginModalHost';
import { SiteFooter } from './SiteFooter';
import { SiteNavbar } from './SiteNavbar';
import { usePageTitle } from './use-page-title';

export function RootLayout() {
  usePageTitle();
  usePageViews();
  useDialogFocusWrap();
  const signedIn = useSessionItem('subject') !== null;
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
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <LoginModalHost />
      <RegistrationConfirmationHost />
      {signedIn && <IdleSession />}
      {signedIn && <SignOutAfterMethodChange />}
    </div>
  );
}
