import { Col, Container, Row } from 'react-bootstrap';
import type { ReactNode } from 'react';
import type { PageId } from '@anybank/contracts';
import { PageHeading } from './PageHeading';
import { BankingSidebar } from './BankingSidebar';

interface BankingPageLayoutProps {
  pageId: PageId;
  description: ReactNode;
  children?: ReactNode;
}

/**
 * A banking or profile page: the document-2 sidebar beside the page content. On a phone (under
 * `sm`) the sidebar is a menu button above the heading, and the spacing is tighter, so the page's
 * own content (the dashboard's balances) is on the first screen.
 */
export function BankingPageLayout({ pageId, description, children }: BankingPageLayoutProps) {
  return (
    <Container className="py-3 py-sm-4 py-lg-5">
      <Row className="gx-4 gy-3 gy-sm-4">
        <Col lg={3}>
          <BankingSidebar />
        </Col>
        <Col lg={9}>
          <PageHeading pageId={pageId} className="mb-3" />
          <p className="lead">{description}</p>
          {children}
        </Col>
      </Row>
    </Container>
  );
}
