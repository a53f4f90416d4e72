import { BANK_ORGANISATIONS } from '@anybank/contracts';
import { companyOfClient } from '../identity';

/**
 * The account a client's payments go to, fixed by the bank from the client's registration: the
 * checking account of the organisation the client is registered to (client-scopes.rules.ts,
 * companyOfClient), by that organisation's own id and account number (contracts'
 * organisations.ts), never by a username or anything else a person can create. Null: the client
 * belongs to no organisation, so it may ask for no payment.
 */
export function registeredPayeeOf(clientId: string): string | null {
  const companyId = companyOfClient(clientId);
  return (
    BANK_ORGANISATIONS.find((organisation) => organisation.id === companyId)?.accountId ?? null
  );
}
