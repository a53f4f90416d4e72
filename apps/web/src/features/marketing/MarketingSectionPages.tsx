import { MarketingPortalLayout } from './MarketingPortalLayout';

export function MarketingDashboardPage() {
  return (
    <MarketingPortalLayout
      pageId="marketing-dashboard"
      description="How this quarter's campaigns are performing."
    />
  );
}

export function MarketingClientProfilesPage() {
  return (
    <MarketingPortalLayout
      pageId="marketing-client-profiles"
      description="Customer segments and the channels each one agreed to."
    />
  );
}

export function MarketingTrackingPage() {
  return (
    <MarketingPortalLayout
      pageId="marketing-tracking"
      description="Opens, clicks and replies for each campaign you sent."
    />
  );
}

export function MarketingEquitiesTradingPage() {
  return (
    <MarketingPortalLayout
      pageId="marketing-equities-trading"
      description="Market movements to tie your next campaign to."
    />
  );
}
