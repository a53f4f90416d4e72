import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

export function PersonalDetailsPage() {
  return (
    <BankingPageLayout
      pageId="profile"
      description="Keep your name, address, email and mobile number up to date, and manage your devices."
    />
  );
}
