import { SCIM_SCHEMAS, type ScimListResponse, type ScimUser } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { insertAuditEvent, partnerReadEvent, type PartnerRead } from '../audit';
import type { Principal } from '../identity';
import { parseUidFilter } from './scim-filter.rules';
import {
  isNoConsentRecord,
  marketingViewOf,
  scimPage,
  type CommunicationConsentView,
  type CustomerEntry,
} from './scim.rules';
import { findCustomer, searchCustomers } from './scim.store';

export interface ScimUserQuery {
  filter?: string;
  /** 1-based, as SCIM counts; read as RFC 7644 §3.4.2.4 says (scimPage). */
  startIndex: number;
  count: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The newest communication consent of each of these customers, by id (none: absent). */
export type CommunicationConsentReader = (
  customerIds: readonly string[],
) => Promise<ReadonlyMap<string, CommunicationConsentView>>;

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

  /**
   * One customer by id, as the search shows them (RFC 7644 §3.4.1, each resource's
   * `meta.location`); null for anyone else or no one. Audited like a search.
   */
  getUser(reader: Principal, id: string, ip: string | null): Promise<ScimUser | null>;
}

export function createScimService(deps: {
  db: Database;
  /** The public URL and base path the API is served under, for `meta.location`. */
  siteUrl: string;
  /**
   * The newest communication consent of each of these customers, by id: the consents module's
   * read model, handed in by app.ts (the directory is the lower layer and imports no consents).
   */
  communicationConsents: CommunicationConsentReader;
}): ScimService {
  const { db, siteUrl } = deps;

  async function viewsOf(customers: CustomerEntry[]): Promise<ScimUser[]> {
    const consents = await deps.communicationConsents(customers.map((customer) => customer.id));
    return customers.map((customer) =>
      marketingViewOf(customer, consents.get(customer.id) ?? null, siteUrl),
    );
  }

  /** Every lookup, shown or not, is a partner read of the customers it named. */
  function auditRead(
    reader: Principal,
    ip: string | null,
    read: Pick<PartnerRead, 'type' | 'subjects' | 'outcome' | 'context'>,
  ) {
    return insertAuditEvent(
      db,
      partnerReadEvent({
        readerId: reader.userId,
        readerType: reader.userType,
        resource: 'scim-users',
        ip,
        ...read,
      }),
    );
  }

  /**
   * A record opened (one customer looked up exactly) of a customer who did not opt in: the
   * consent check refused their contact data (document 2 §6), which the panel shows as such.
   * The suggestions' prefix searches are not recorded so: no one was chosen yet.
   */
  async function auditRefusedRecord(reader: Principal, ip: string | null, user: ScimUser) {
    if (!isNoConsentRecord(user)) return;
    await auditRead(reader, ip, {
      type: 'partner.consent_refused',
      subjects: [user.id],
      outcome: 'refused',
      context: { consent: 'communication', username: user.uid },
    });
  }

  return {
    async searchUsers(reader, query, ip) {
      const condition = query.filter === undefined ? null : parseUidFilter(query.filter);
      const page = scimPage(query);
      const { total, customers } = await searchCustomers(db, condition, {
        offset: page.startIndex - 1,
        limit: page.count,
      });
      const resources = await viewsOf(customers);
      await auditRead(reader, ip, {
        subjects: resources.map((resource) => resource.id),
        outcome: 'shown',
        context: { filter: query.filter ?? null },
      });
      const [only] = resources;
      if (condition?.op === 'eq' && only && resources.length === 1) {
        await auditRefusedRecord(reader, ip, only);
      }
      return {
        schemas: [SCIM_SCHEMAS.listResponse],
        totalResults: total,
        startIndex: page.startIndex,
        itemsPerPage: resources.length,
        Resources: resources,
      };
    },

    async getUser(reader, id, ip) {
      // Users' ids are UUIDs: anything else names no one, and is never sent to the database.
      const isId = UUID.test(id);
      const customer = isId ? await findCustomer(db, id) : null;
      const [user = null] = customer ? await viewsOf([customer]) : [];
      await auditRead(reader, ip, {
        subjects: isId ? [id] : [],
        outcome: user ? 'shown' : 'refused',
      });
      if (user) await auditRefusedRecord(reader, ip, user);
      return user;
    },
  };
}
