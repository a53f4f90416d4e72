import { Container } from 'react-bootstrap';
import type { ReactNode } from 'react';
import type { PageId } from '@anybank/contracts';
import { PageHeading } from './PageHeading';

interface PageLayoutProps {
  pageId: PageId;
  /** One short paragraph under the heading saying what the page is for. */
  description: ReactNode;
  children?: ReactNode;
}

export function PageLayout({ pageId, description, children }: PageLayoutProps) {
  return (
    <Container className="py-4 py-lg-5">
      <PageHeading pageId={pageId} className="mb-3" />
      <p className="lead">{description}</p>
      {children}
    </Container>
  );
}
