import { PageLayout } from '../../components/ui/PageLayout';

export function MarketingPortalPage() {
  return (
    <PageLayout
      pageId="marketing"
      description="Look up customers who agreed to hear from us, and review their contact details."
    />
  );
}
