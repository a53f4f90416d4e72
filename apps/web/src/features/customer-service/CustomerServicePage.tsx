import { PageLayout } from '../../components/ui/PageLayout';

export function CustomerServicePage() {
  return (
    <PageLayout
      pageId="customer-service"
      description="Your open tickets and the account help desk for customers who call in."
    />
  );
}
