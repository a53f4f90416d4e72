export { MarketingPortalPage } from './MarketingPortalPage';
export {
  MarketingDashboardPage,
  MarketingClientProfilesPage,
  MarketingTrackingPage,
  MarketingEquitiesTradingPage,
} from './MarketingSectionPages';
