import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../components/ui/PageLayout';
import { clientForUserType } from '../../lib/auth-session';
import { publicConfig } from '../../lib/config';
import { startSignIn } from '../../lib/sign-in';

/**
 * `/app/redirect?userType=…` (document 1 §2.1): starts sign-in with the user type's client (the
 * bank's for customers, the portal's for partners), or goes back to the host root.
 */
export function RedirectPage() {
  const [params] = useSearchParams();
  const userType = params.get('userType');

  useEffect(() => {
    const client = clientForUserType(userType);
    if (client) void startSignIn(client);
    else window.location.assign(`${publicConfig.publicUrl.replace(/\/+$/, '')}/`);
  }, [userType]);

  return (
    <PageLayout
      pageId="redirect"
      description="One moment while we take you to the right sign-in page."
    />
  );
}
