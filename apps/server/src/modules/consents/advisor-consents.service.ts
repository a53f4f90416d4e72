import type { AdvisorConsentsQuery, AdvisorConsentsResponse } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { insertAuditEvent, partnerReadEvent } from '../audit';
import type { Principal } from '../identity';
import { CONSENT_AUDIENCE } from './consent.rules';
import { listSharingClients } from './consent.store';

export interface AdvisorConsentService {
  /**
   * The clients who share balances with the advisor (the spec's advisorConsents): accepted
   * consents that list at least one account. The read is audited.
   */
  sharingClients(
    advisor: Principal,
    query: AdvisorConsentsQuery,
    ip: string | null,
  ): Promise<AdvisorConsentsResponse>;
}

export function createAdvisorConsentService(deps: { db: Database }): AdvisorConsentService {
  const { db } = deps;
  return {
    async sharingClients(advisor, query, ip) {
      const rows = await listSharingClients(db, {
        definitionId: query.definition,
        audience: CONSENT_AUDIENCE[query.definition],
        subject: query.subject,
      });
      const consents = rows.map(({ consent, uid, firstName, lastName }) => ({
        id: consent.id,
        subject: consent.subject,
        uid,
        cn: `${firstName} ${lastName}`,
        status: 'accepted' as const,
        definition: {
          id: query.definition,
          version: consent.definitionVersion,
          locale: consent.definitionLocale,
        },
      }));
      await insertAuditEvent(
        db,
        partnerReadEvent({
          readerId: advisor.userId,
          readerType: advisor.userType,
          resource: 'advisor-consents',
          subjects: consents.map((consent) => consent.subject),
          outcome: 'shown',
          ip,
        }),
      );
      return { count: consents.length, _embedded: { consents } };
    },
  };
}
