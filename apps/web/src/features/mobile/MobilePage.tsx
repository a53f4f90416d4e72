import { PageLayout } from '../../components/ui/PageLayout';

export function MobilePage() {
  return (
    <PageLayout
      pageId="mobile"
      description="Approve sign-ins and transfers sent to this phone with a single tap."
    />
  );
}
