import { PageLayout } from '../../components/ui/PageLayout';

export function MarketingDashboardPage() {
  return (
    <PageLayout
      pageId="marketing-dashboard"
      description="How this quarter's campaigns are performing."
    />
  );
}

export function MarketingClientProfilesPage() {
  return (
    <PageLayout
      pageId="marketing-client-profiles"
      description="Customer segments and the channels each one agreed to."
    />
  );
}

export function MarketingTrackingPage() {
  return (
    <PageLayout
      pageId="marketing-tracking"
      description="Opens, clicks and replies for each campaign you sent."
    />
  );
}

export function MarketingEquitiesTradingPage() {
  return (
    <PageLayout
      pageId="marketing-equities-trading"
      description="Market movements to tie your next campaign to."
    />
  );
}
