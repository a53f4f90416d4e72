import { Alert } from 'react-bootstrap';
import type { ReactNode } from 'react';
import type { ConsentedClient } from './advisor-book';
import { useClientBook } from './use-client-book';

/**
 * The consenting clients' part of an advisor page: a status while they load,
 * a note when nobody shares with the advisor or the call failed, else the page's own content.
 */
export function ClientBook({ children }: { children: (clients: ConsentedClient[]) => ReactNode }) {
  const book = useClientBook();
  if (book.status === 'loading') {
    return (
      <p role="status" className="text-body-secondary">
        Loading your clients…
      </p>
    );
  }
  if (book.status === 'failed') {
    return (
      <Alert variant="warning">Your clients could not be loaded. Please reload the page.</Alert>
    );
  }
  if (book.clients.length === 0) {
    return (
      <p className="text-body-secondary">
        No client shares their balances with you yet: they choose to in Privacy &amp; Security.
      </p>
    );
  }
  return (
    <>
      {children(book.clients)}
      {book.more > 0 && (
        <p className="small text-body-secondary">
          {book.more} more {book.more === 1 ? 'client shares' : 'clients share'} with you: find them
          with the client search on the dashboard.
        </p>
      )}
    </>
  );
}
