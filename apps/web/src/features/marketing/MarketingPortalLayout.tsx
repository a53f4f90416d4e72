import { Container } from 'react-bootstrap';
import type { MouseEvent, ReactNode } from 'react';
import { pageRoute } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';
import { PageHeading } from '../../components/ui/PageHeading';
import { PortalNav } from '../../components/ui/PortalNav';
import type { PortalNavItem } from '../../components/ui/PortalNav';
import { signOut } from '../../lib/sign-in';

const MARKETING_MENU: readonly PortalNavItem[] = [
  { pageId: 'marketing', label: 'Customer Search' },
  { pageId: 'marketing-dashboard', label: 'Dashboard' },
  { pageId: 'marketing-client-profiles', label: 'Client Profiles' },
  { pageId: 'marketing-tracking', label: 'Tracking' },
  { pageId: 'marketing-equities-trading', label: 'Equities Trading' },
];

const homePath = pageRoute('home').paths[0] ?? '/';

/**
 * Document 2 §2: the marketing portal's Sign Out link. Document 1 §4.7: the session is cleared,
 * then single logout, which ends at home (where the link itself points).
 */
function SignOutLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    signOut();
  };
  return (
    <a href={homePath} className="nav-link text-white" onClick={onClick}>
      Sign Out
    </a>
  );
}

interface MarketingPortalLayoutProps {
  pageId: PageId;
  description: ReactNode;
  children?: ReactNode;
}

/** Every page of the marketing portal: its navigation with Sign Out, heading and description. */
export function MarketingPortalLayout({
  pageId,
  description,
  children,
}: MarketingPortalLayoutProps) {
  return (
    <>
      <PortalNav label="Marketing portal" items={MARKETING_MENU} end={<SignOutLink />} />
      <Container className="py-4 py-lg-5">
        <PageHeading pageId={pageId} className="mb-3" />
        <p className="lead">{description}</p>
        {children}
      </Container>
    </>
  );
}
