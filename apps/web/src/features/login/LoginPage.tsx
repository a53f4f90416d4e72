import { useEffect } from 'react';
import { BANK_CLIENT } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';
import { startSignIn } from '../../lib/sign-in';

/** `/login`: starts the bank's sign-in at once; the heading shows meanwhile. */
export function LoginPage() {
  useEffect(() => {
    void startSignIn(BANK_CLIENT);
  }, []);

  return (
    <PageLayout
      pageId="login"
      description="Sign in to AnyBank with your username, then confirm it is you."
    />
  );
}
