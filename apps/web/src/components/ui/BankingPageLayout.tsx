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

/** A banking or profile page: the document-2 sidebar beside the page content. */
export function BankingPageLayout({ pageId, description, children }: BankingPageLayoutProps) {
  return (
    <Container className="py-4 py-lg-5">
      <Row className="g-4">
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
