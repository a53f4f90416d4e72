import {
  ADVISOR_CLIENT_SEARCH_LIMIT,
  type AdvisorClientsQuery,
  type AdvisorClientsResponse,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { insertAuditEvent, partnerReadEvent } from '../audit';
import type { Principal } from '../identity';
import { findClientsByNameOrUid } from './advisor-search.store';

export interface AdvisorSearchService {
  /**
   * The advisor's client search (document 2 §2 "Advisor client"): every customer whose name or
   * username holds the text, whether or not they share anything with the advisor, with their
   * name and username only. Whether they consented, and what, is the balance lookup's to say
   * (banking's advisor-balances): a choice of someone who shares nothing shows the spec's
   * refusal there. Audited as `partner.searched`, with the subjects shown.
   */
  search(
    advisor: Principal,
    query: AdvisorClientsQuery,
    ip: string | null,
  ): Promise<AdvisorClientsResponse>;
}

export function createAdvisorSearchService(deps: { db: Database }): AdvisorSearchService {
  const { db } = deps;
  return {
    async search(advisor, query, ip) {
      const found = await findClientsByNameOrUid(db, query.search, ADVISOR_CLIENT_SEARCH_LIMIT);
      const clients = found.map((client) => ({
        subject: client.id,
        uid: client.uid,
        cn: `${client.firstName} ${client.lastName}`,
      }));
      await insertAuditEvent(
        db,
        partnerReadEvent({
          type: 'partner.searched',
          readerId: advisor.userId,
          readerType: advisor.userType,
          resource: 'client-search',
          subjects: clients.map((client) => client.subject),
          outcome: 'shown',
          ip,
          context: { search: query.search },
        }),
      );
      return { count: clients.length, clients };
    },
  };
}
