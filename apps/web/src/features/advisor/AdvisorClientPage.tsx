import { PageLayout } from '../../components/ui/PageLayout';

export function AdvisorClientPage() {
  return (
    <PageLayout
      pageId="advisor-client"
      description="Contact details and shared account balances of the selected client."
    />
  );
}
