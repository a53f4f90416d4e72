import { useLocation, useNavigate } from 'react-router';
import { AdvisorPortalLayout } from './AdvisorPortalLayout';
import { ClientCard } from './ClientCard';
import { ClientSearch } from './ClientSearch';
import { navigationStateFor, selectedClientOf } from './advisor-clients';

/**
 * Document 2 §2: /advisor/client shows the client chosen in the search (passed in the
 * navigation state, so it survives a reload of the tab but not a typed address). Opened
 * without one, it shows the search with no client chosen.
 */
export function AdvisorClientPage() {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const client = selectedClientOf(state);
  return (
    <AdvisorPortalLayout
      pageId="advisor-client"
      description="Contact details and shared account balances of the selected client."
    >
      <section className="mb-4" aria-label="Client search">
        <ClientSearch
          className="col-lg-6"
          onChoose={(suggestion) =>
            void navigate(pathname, { state: navigationStateFor(suggestion) })
          }
        />
      </section>
      {client ? (
        <section aria-labelledby="chosen-client-heading">
          <h2 id="chosen-client-heading" className="h4 mb-3">
            {client.name}
          </h2>
          <ClientCard key={client.subject} client={client} />
        </section>
      ) : (
        <p className="text-body-secondary">No client chosen yet. Search for a client above.</p>
      )}
    </AdvisorPortalLayout>
  );
}
