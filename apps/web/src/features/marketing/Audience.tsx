import { Alert } from 'react-bootstrap';
import type { ReactNode } from 'react';
import type { ReachableCustomer } from './marketing-audience';
import { useAudience } from './use-audience';

export interface AudienceFacts {
  customers: ReachableCustomer[];
  listed: number;
  total: number;
}

/**
 * The opted-in customers' part of a marketing page: a status while they load, a
 * note when the lookup failed, else the page's own content, with a note when only the first
 * page of customers was read.
 */
export function Audience({ children }: { children: (facts: AudienceFacts) => ReactNode }) {
  const audience = useAudience();
  if (audience.status === 'loading') {
    return (
      <p role="status" className="text-body-secondary">
        Loading the customers who opted in…
      </p>
    );
  }
  if (audience.status === 'failed') {
    return (
      <Alert variant="warning">
        The customers who opted in could not be loaded. Please reload the page.
      </Alert>
    );
  }
  return (
    <>
      {children(audience)}
      {audience.listed < audience.total && (
        <p className="small text-body-secondary">
          Based on the first {audience.listed} of {audience.total} customers, by username.
        </p>
      )}
    </>
  );
}
