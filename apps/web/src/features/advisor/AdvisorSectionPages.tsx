import { PageLayout } from '../../components/ui/PageLayout';

export function AdvisorTrackingPage() {
  return (
    <PageLayout
      pageId="advisor-tracking"
      description="Follow up on recent contact with each of your clients."
    />
  );
}

export function AdvisorProspectingPage() {
  return (
    <PageLayout
      pageId="advisor-prospecting"
      description="Find and reach out to people who may become clients."
    />
  );
}

export function AdvisorOtherServicesPage() {
  return (
    <PageLayout
      pageId="advisor-other-services"
      description="Planning, insurance and estate services you can offer your clients."
    />
  );
}
