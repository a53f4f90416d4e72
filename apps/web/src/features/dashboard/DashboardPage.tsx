import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

export function DashboardPage() {
  return (
    <BankingPageLayout
      pageId="dashboard"
      description="Your checking, savings and Rewards Visa balances at a glance."
    />
  );
}
