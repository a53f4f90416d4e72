import { PageLayout } from '../../components/ui/PageLayout';

export function AdvisorDashboardPage() {
  return (
    <PageLayout pageId="advisor" description="Your clients, alerts and market news for the day." />
  );
}
