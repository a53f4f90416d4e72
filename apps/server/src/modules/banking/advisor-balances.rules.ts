import type { ClientBalance } from '@anybank/contracts';
import { accountKindAt } from '../directory/directory.rules';
import { balancesOf, type AccountView } from './balances.rules';

/**
 * Pure rules of the advisor's balance lookup (document 2 §3 "Client balance lookup result"):
 * of a client's accounts, exactly those their consent lists, each with its kind.
 */

export interface SharedAccounts {
  /** The shared accounts' ids in the client's own order. */
  ids: string[];
  balances: ClientBalance[];
}

/**
 * The client's accounts that the consent lists, in the client's order; an id in the list that
 * is not (or no longer) the client's own shows nothing. Each account's kind is read from its
 * position in the client's whole list (0 checking, 1 savings, else rewards Visa).
 */
export function sharedAccountsOf(
  ownAccounts: readonly AccountView[],
  sharedIds: readonly string[],
  now: Date,
): SharedAccounts {
  const ordered = [...ownAccounts].sort((a, b) => a.position - b.position);
  const balances = ordered.flatMap((account, index): ClientBalance[] => {
    if (!sharedIds.includes(account.id)) return [];
    return balancesOf([account], now).map((balance) => ({
      ...balance,
      AccountKind: accountKindAt(index),
    }));
  });
  return { ids: balances.map((balance) => balance.AccountId), balances };
}
