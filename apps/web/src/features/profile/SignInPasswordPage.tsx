import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

export function SignInPasswordPage() {
  return (
    <BankingPageLayout
      pageId="signin-password"
      description="Choose whether you sign in with a password or with your device."
    />
  );
}
