import { PageLayout } from '../../components/ui/PageLayout';

export function PartnerSignoffPage() {
  return (
    <PageLayout
      pageId="partner-signoff"
      description="You have signed out of the partner portal. You may close this window."
    />
  );
}
