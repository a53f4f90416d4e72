import { useCallback } from 'react';
import { SearchBox } from '../../components/ui/SearchBox';
import type { Suggestion } from '../../components/ui/SearchBox';
import { searchClients } from './advisor-api';
import { clientSuggestions } from './advisor-clients';

/**
 * The advisor's client search (document 2 §2): every customer by name or username, whether or
 * not they share anything; choosing one shows their shared balances or the spec's refusal.
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
      clientSuggestions(await searchClients(query.trim(), signal)),
    [],
  );
  return (
    <SearchBox
      label="Search clients"
      hint="Type at least 2 letters of a client's name or username. Balances show only for clients who share them with you."
      placeholder="Client name or username"
      loadSuggestions={loadSuggestions}
      onChoose={onChoose}
      className={className}
    />
  );
}
