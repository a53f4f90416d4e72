import { Container } from 'react-bootstrap';
import type { ReactNode } from 'react';
import type { PageId } from '@anybank/contracts';
import { PageHeading } from '../../components/ui/PageHeading';
import { PortalNav } from '../../components/ui/PortalNav';
import type { PortalNavItem } from '../../components/ui/PortalNav';

const ADVISOR_MENU: readonly PortalNavItem[] = [
  { pageId: 'advisor', label: 'Dashboard' },
  { pageId: 'advisor-client', label: 'Client Details' },
  { pageId: 'advisor-tracking', label: 'Client Tracking' },
  { pageId: 'advisor-prospecting', label: 'Prospecting' },
  { pageId: 'advisor-other-services', label: 'Other Services' },
];

interface AdvisorPortalLayoutProps {
  pageId: PageId;
  /** Between the navigation and the heading: the dashboard's welcome bar. */
  banner?: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}

/** Every page of the advisor portal: its navigation, the page heading and what the page says. */
export function AdvisorPortalLayout({
  pageId,
  banner,
  description,
  children,
}: AdvisorPortalLayoutProps) {
  return (
    <>
      <PortalNav label="Advisor portal" items={ADVISOR_MENU} />
      {banner}
      <Container className="py-4 py-lg-5">
        <PageHeading pageId={pageId} className="mb-3" />
        <p className="lead">{description}</p>
        {children}
      </Container>
    </>
  );
}
