import { AdvisorPortalLayout } from './AdvisorPortalLayout';

export function AdvisorTrackingPage() {
  return (
    <AdvisorPortalLayout
      pageId="advisor-tracking"
      description="Follow up on recent contact with each of your clients."
    />
  );
}

export function AdvisorProspectingPage() {
  return (
    <AdvisorPortalLayout
      pageId="advisor-prospecting"
      description="Find and reach out to people who may become clients."
    />
  );
}

export function AdvisorOtherServicesPage() {
  return (
    <AdvisorPortalLayout
      pageId="advisor-other-services"
      description="Planning, insurance and estate services you can offer your clients."
    />
  );
}
