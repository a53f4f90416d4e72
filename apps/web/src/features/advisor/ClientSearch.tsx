import { useCallback } from 'react';
import { SearchBox } from '../../components/ui/SearchBox';
import type { Suggestion } from '../../components/ui/SearchBox';
import { fetchSharingClients } from './advisor-api';
import { clientSuggestions } from './advisor-clients';

/**
 * The advisor's client search: the clients who share balances with the advisor, asked for
 * afresh on each lookup so that a client who stopped sharing is no longer suggested.
 */
export function ClientSearch({
  onChoose,
  className,
}: {
  onChoose: (suggestion: Suggestion) => void;
  className?: string;
}) {
  const loadSuggestions = useCallback(
    async (query: string, signal: AbortSignal) =>
      clientSuggestions(await fetchSharingClients(signal), query),
    [],
  );
  return (
    <SearchBox
      label="Search clients"
      hint="Type at least 2 letters of a client's name or username. Only clients who share their balances with you are listed."
      placeholder="Client name or username"
      loadSuggestions={loadSuggestions}
      onChoose={onChoose}
      className={className}
    />
  );
}
