import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

export function PrivacySecurityPage() {
  return (
    <BankingPageLayout
      pageId="privacy-security"
      description="Decide which partners may see your account balances, and change your mind at any time."
    />
  );
}
