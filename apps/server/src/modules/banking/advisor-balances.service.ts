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
   * a revoked one, one sharing nothing, or no such client all answer `no_consent` alike: the
   * advisor's search finds every customer by name anyway, and the refusal gives nothing more.
   * Every lookup is audited: `partner.read` when shown, `partner.consent_refused` when not.
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

  /** The customer asked for (null: no one, or not a customer) and what they share, if anything. */
  async function find(subject: string): Promise<{
    clientName: string | null;
    response: ClientBalancesResponse | null;
  }> {
    const client = await findUserById(db, subject);
    if (client?.userType !== 'customer') return { clientName: null, response: null };
    const clientName = `${client.firstName} ${client.lastName}`;
    const sharedIds = await accountsSharedWithAdvisor(db, client.id);
    if (sharedIds.length === 0) return { clientName, response: null };
    const shared = sharedAccountsOf(await listAccountsOf(db, client.id), sharedIds, clock());
    if (shared.ids.length === 0) return { clientName, response: null };
    const accountIds: Record<`${string}UserAccountIDs`, { ids: string[] }> = {
      [accountIdsAttribute(productId)]: { ids: shared.ids },
    };
    return {
      clientName,
      response: {
        userAttributes: {
          cn: clientName,
          street: shownValue(client.street),
          l: shownValue(client.city),
          postalCode: shownValue(client.postalCode),
          mobile: shownValue(client.mobile),
          ...accountIds,
        },
        Data: { Balance: shared.balances },
      },
    };
  }

  return {
    async lookup(advisor, subject, ip) {
      const { clientName, response } = await find(subject);
      const read = {
        readerId: advisor.userId,
        readerType: advisor.userType,
        resource: 'client-balances' as const,
        subjects: [subject],
        ip,
      };
      await insertAuditEvent(
        db,
        response
          ? partnerReadEvent({
              ...read,
              outcome: 'shown',
              // Which consent was checked, whose and which accounts (the advisor sees them).
              context: {
                consent: DEFINITION,
                clientName: response.userAttributes.cn,
                accounts: response.Data.Balance.map((balance) => balance.AccountId),
              },
            })
          : partnerReadEvent({
              ...read,
              type: 'partner.consent_refused',
              outcome: 'refused',
              // The name only of a customer, whom the advisor's search shows by name: never
              // of anyone else a subject may name (staff, a business).
              context: { consent: DEFINITION, ...(clientName ? { clientName } : {}) },
            }),
      );
      return response ? { kind: 'shown', response } : { kind: 'no_consent' };
    },
  };
}
