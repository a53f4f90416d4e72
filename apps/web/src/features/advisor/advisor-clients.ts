import { BLANK_PLACEHOLDER } from '@anybank/contracts';
import type { AccountKind, AdvisorClient, ClientBalancesResponse } from '@anybank/contracts';
import type { Suggestion } from '../../components/ui/SearchBox';
import { balanceCents } from '../../lib/accounts';

/**
 * The advisor's clients as the portal shows them (document 2 §2, §3): the client search's
 * suggestions from the customers the server found, the client chosen (carried in the navigation state
 * to /advisor/client), and the client card's details and balances. Pure.
 */

/** The client search's suggestions: the server's matches, by name, each with its username. */
export function clientSuggestions(clients: readonly AdvisorClient[]): Suggestion[] {
  return [...clients]
    .sort((a, b) => a.cn.localeCompare(b.cn) || a.uid.localeCompare(b.uid))
    .map((client) => ({ id: client.subject, label: client.cn, detail: client.uid }));
}

/** The client the advisor picked, as /advisor/client receives it in the navigation state. */
export interface SelectedClient {
  subject: string;
  name: string;
}

export interface AdvisorClientNavigationState {
  client: SelectedClient;
}

export function navigationStateFor(suggestion: Suggestion): AdvisorClientNavigationState {
  return { client: { subject: suggestion.id, name: suggestion.label } };
}

/**
 * The client in the navigation state, or null when the page was opened without one (typed in
 * the address bar, a bookmark): then it shows the search with no client chosen.
 */
export function selectedClientOf(state: unknown): SelectedClient | null {
  if (typeof state !== 'object' || state === null || !('client' in state)) return null;
  const { client } = state;
  if (typeof client !== 'object' || client === null) return null;
  const { subject, name } = client as Record<string, unknown>;
  if (typeof subject !== 'string' || subject === '' || typeof name !== 'string') return null;
  return { subject, name };
}

const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  checking: 'Checking',
  savings: 'Savings',
  'rewards-visa': 'Rewards Visa',
};

export function accountKindLabel(kind: AccountKind): string {
  return ACCOUNT_KIND_LABELS[kind];
}

/** A directory value as shown; null when the client has none (the placeholder counts as none). */
function shown(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' || text === BLANK_PLACEHOLDER ? null : text;
}

export interface ClientDetail {
  label: string;
  value: string | null;
}

/** The client card's rows: full name, street, city and postal code, mobile. */
export function clientDetails(
  attributes: ClientBalancesResponse['userAttributes'],
): ClientDetail[] {
  const cityLine = [shown(attributes.l), shown(attributes.postalCode)].filter(Boolean).join(' ');
  return [
    { label: 'Full name', value: shown(attributes.cn) },
    { label: 'Street', value: shown(attributes.street) },
    { label: 'City and postal code', value: cityLine === '' ? null : cityLine },
    { label: 'Mobile', value: shown(attributes.mobile) },
  ];
}

export interface SharedBalance {
  accountId: string;
  label: string;
  /** null: the amount could not be read. */
  cents: number | null;
}

/** The balances the client shares, in the client's own order, each named by its kind. */
export function sharedBalances(client: ClientBalancesResponse): SharedBalance[] {
  return client.Data.Balance.map((balance) => ({
    accountId: balance.AccountId,
    label: accountKindLabel(balance.AccountKind),
    cents: balanceCents(balance),
  }));
}
