import { accountIdsAttribute, type ClientBalancesResponse } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { insertAuditEvent, partnerReadEvent } from '../audit';
import { accountsSharedWithAdvisor } from '../consents';
import { findUserById, shownValue } from '../directory';
import type { Principal } from '../identity';
import { listAccountsOf } from './accounts.store';
import { sharedAccountsOf } from './advisor-balances.rules';

/** The consent definition whose accepted consent shares balances with the advisor. */
const DEFINITION = 'share-account-balances';

export type ClientBalancesOutcome =
  { kind: 'shown'; response: ClientBalancesResponse } | { kind: 'no_consent' };

export interface ClientBalancesService {
  /**
   * A client's attributes and the balances of exactly the accounts their accepted consent
   * shares with the advisor (document 2 §3, §7 OpenBanking balances by subject). No consent,
   * a revoked one, one sharing nothing, or no such client all answer `no_consent` alike, so an
   * advisor learns nothing about who is a client. Every lookup is audited, refused ones too.
   */
  lookup(advisor: Principal, subject: string, ip: string | null): Promise<ClientBalancesOutcome>;
}

export function createClientBalancesService(deps: {
  db: Database;
  productId: string;
  clock?: () => Date;
}): ClientBalancesService {
  const { db, productId } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function find(subject: string): Promise<ClientBalancesResponse | null> {
    const client = await findUserById(db, subject);
    if (client?.userType !== 'customer') return null;
    const sharedIds = await accountsSharedWithAdvisor(db, client.id);
    if (sharedIds.length === 0) return null;
    const shared = sharedAccountsOf(await listAccountsOf(db, client.id), sharedIds, clock());
    if (shared.ids.length === 0) return null;
    const accountIds: Record<`${string}UserAccountIDs`, { ids: string[] }> = {
      [accountIdsAttribute(productId)]: { ids: shared.ids },
    };
    return {
      userAttributes: {
        cn: `${client.firstName} ${client.lastName}`,
        street: shownValue(client.street),
        l: shownValue(client.city),
        postalCode: shownValue(client.postalCode),
        mobile: shownValue(client.mobile),
        ...accountIds,
      },
      Data: { Balance: shared.balances },
    };
  }

  return {
    async lookup(advisor, subject, ip) {
      const response = await find(subject);
      await insertAuditEvent(
        db,
        partnerReadEvent({
          readerId: advisor.userId,
          readerType: advisor.userType,
          resource: 'client-balances',
          subjects: [subject],
          outcome: response ? 'shown' : 'refused',
          ip,
          // Which consent was checked; when shown, whose and which accounts (the advisor
          // sees them anyway). A refusal names no one: it must not say who is a client.
          context: response
            ? {
                consent: DEFINITION,
                clientName: response.userAttributes.cn,
                accounts: response.Data.Balance.map((balance) => balance.AccountId),
              }
            : { consent: DEFINITION },
        }),
      );
      return response ? { kind: 'shown', response } : { kind: 'no_consent' };
    },
  };
}
