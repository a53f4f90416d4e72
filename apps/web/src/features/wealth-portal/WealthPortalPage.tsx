import { PageLayout } from '../../components/ui/PageLayout';

export function WealthPortalPage() {
  return (
    <PageLayout
      pageId="wealth-portal"
      description="Your AnyWealthAdvisor portfolio, your advisor and special offers in one place."
    />
  );
}
