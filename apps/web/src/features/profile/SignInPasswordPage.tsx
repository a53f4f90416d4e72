import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { RecoveryCodesSection } from './RecoveryCodesSection';
import { RememberedBrowsersSection } from './RememberedBrowsersSection';
import { SignInMethodSection } from './SignInMethodSection';
import { PasswordlessSection } from './PasswordlessSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { SessionsSection } from './SessionsSection';

/**
 * Sign In & Password (document 2 §Sign In & Password): one card per concern, each a component
 * of its own file, stacked in this order.
 */
export function SignInPasswordPage() {
  return (
    <BankingPageLayout
      pageId="signin-password"
      description="How you sign in to AnyBank online banking."
    >
      <div className="d-grid gap-4">
        <SignInMethodSection />
        <PasswordlessSection />
        <ChangePasswordSection />
        <RecoveryCodesSection />
        <RememberedBrowsersSection />
        <SessionsSection />
      </div>
    </BankingPageLayout>
  );
}
