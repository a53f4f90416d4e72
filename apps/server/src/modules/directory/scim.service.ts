import { SCIM_SCHEMAS, type ScimListResponse } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { partnerReadEvent } from '../audit/audit.rules';
import { insertAuditEvent } from '../audit/audit.store';
import { latestConsentsOf } from '../consents/consent.store';
import type { Principal } from '../identity/oauth/access-token';
import { parseUidFilter } from './scim-filter.rules';
import { marketingViewOf } from './scim.rules';
import { searchCustomers } from './scim.store';

export interface ScimUserQuery {
  filter?: string;
  /** 1-based, as SCIM counts. */
  startIndex: number;
  count: number;
}

export interface ScimService {
  /**
   * The marketing lookup (document 2 §7 `/scim/v2/Users?filter=uid eq {uid}`): customers
   * matching the filter, each with only the channels they opted into. Throws
   * InvalidScimFilter for a filter the directory cannot answer. Every lookup is audited.
   */
  searchUsers(
    reader: Principal,
    query: ScimUserQuery,
    ip: string | null,
  ): Promise<ScimListResponse>;
}

export function createScimService(deps: { db: Database }): ScimService {
  const { db } = deps;
  return {
    async searchUsers(reader, query, ip) {
      const condition = query.filter === undefined ? null : parseUidFilter(query.filter);
      const { total, customers } = await searchCustomers(db, condition, {
        offset: query.startIndex - 1,
        limit: query.count,
      });
      const consents = await latestConsentsOf(
        db,
        customers.map((customer) => customer.id),
        'communication',
      );
      const resources = customers.map((customer) =>
        marketingViewOf(customer, consents.get(customer.id) ?? null),
      );
      await insertAuditEvent(
        db,
        partnerReadEvent({
          readerId: reader.userId,
          readerType: reader.userType,
          resource: 'scim-users',
          subjects: resources.map((resource) => resource.id),
          outcome: 'shown',
          ip,
          context: { filter: query.filter ?? null },
        }),
      );
      return {
        schemas: [SCIM_SCHEMAS.listResponse],
        totalResults: total,
        startIndex: query.startIndex,
        itemsPerPage: resources.length,
        Resources: resources,
      };
    },
  };
}
