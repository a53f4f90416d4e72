import {
  apiErrorMessage,
  consentDataSchemas,
  type Consent,
  type ConsentData,
  type ConsentDefinitionId,
  type ConsentSearchResponse,
  type ConsentStatus,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { parseInput } from '../../http/validation';
import { insertAuditEvent } from '../audit';
import {
  CONSENT_AUDIENCE,
  CONSENT_TEXTS,
  consentStatus,
  dataAfterUpdate,
  foreignAccountIds,
  normalizedConsentData,
  type ShareBalancesData,
} from './consent.rules';
import {
  findConsentOf,
  insertConsent,
  listConsentsOf,
  lockConsentsOf,
  updateConsent,
  type ConsentRow,
} from './consent.store';

type ConsentContext = Record<string, string | number | boolean | null>;

export interface ConsentCreation {
  subject?: string;
  definition: { id: ConsentDefinitionId; version: string; locale: string };
  data: unknown;
  consentContext?: ConsentContext;
}

export interface ConsentUpdate {
  data?: unknown;
  status?: ConsentStatus;
  consentContext?: ConsentContext;
}

export interface ConsentService {
  /** The caller's consents; asking for another subject's is refused (403). */
  search(
    callerId: string,
    query: { subject?: string; definition?: ConsentDefinitionId },
  ): Promise<ConsentSearchResponse>;
  /**
   * Records the caller's answer. A subject has one consent per definition: when one exists
   * already it is updated (created: false) rather than a second one made.
   */
  create(
    callerId: string,
    request: ConsentCreation,
    ip?: string | null,
  ): Promise<{ created: boolean; consent: Consent }>;
  /** Changes one of the caller's consents; null when the caller has none with this id. */
  update(
    callerId: string,
    consentId: string,
    request: ConsentUpdate,
    ip?: string | null,
  ): Promise<Consent | null>;
}

export function toConsent(row: ConsentRow): Consent {
  return {
    id: row.id,
    status: row.status as ConsentStatus,
    subject: row.subject,
    actor: row.actor,
    audience: row.audience,
    definition: {
      id: row.definitionId as ConsentDefinitionId,
      version: row.definitionVersion,
      locale: row.definitionLocale,
    },
    titleText: row.titleText,
    dataText: row.dataText,
    purposeText: row.purposeText,
    data: row.data as ConsentData,
    consentContext: (row.consentContext as ConsentContext | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The ids of a person's accounts: banking's read model, handed in by app.ts. */
export type AccountIdsOf = (ownerId: string) => Promise<string[]>;

export function createConsentService(deps: {
  db: Database;
  /** Banking builds on the consents (advisor balances), so the consents import no banking. */
  accountIdsOf: AccountIdsOf;
}): ConsentService {
  const { db } = deps;

  function requireOwnSubject(callerId: string, subject: string | undefined) {
    if (subject !== undefined && subject !== callerId) throw new DomainError('consent_not_yours');
  }

  /** The definition's data schema, then: every shared account must be the caller's own. */
  async function parseData(
    callerId: string,
    definition: ConsentDefinitionId,
    data: unknown,
  ): Promise<ConsentData> {
    const parsed = normalizedConsentData(
      definition,
      parseInput(consentDataSchemas[definition], data),
    );
    if (definition === 'share-account-balances') {
      const own = await deps.accountIdsOf(callerId);
      if (foreignAccountIds(parsed as ShareBalancesData, own).length > 0) {
        throw new DomainError('consent_foreign_accounts', {
          details: [
            { field: 'data.share-balance', message: apiErrorMessage('consent_foreign_accounts') },
          ],
        });
      }
    }
    return parsed;
  }

  function audit(row: ConsentRow, action: 'created' | 'updated', ip: string | null) {
    return {
      type: 'consent.changed' as const,
      userId: row.subject,
      ip,
      details: { consentId: row.id, action, definition: row.definitionId, status: row.status },
    };
  }

  return {
    async search(callerId, query) {
      requireOwnSubject(callerId, query.subject);
      const rows = await listConsentsOf(db, callerId, query.definition);
      return { count: rows.length, _embedded: { consents: rows.map(toConsent) } };
    },

    async create(callerId, request, ip = null) {
      requireOwnSubject(callerId, request.subject);
      const { definition } = request;
      const data = await parseData(callerId, definition.id, request.data);
      const values = {
        actor: callerId,
        audience: CONSENT_AUDIENCE[definition.id],
        definitionVersion: definition.version,
        definitionLocale: definition.locale,
        status: consentStatus(definition.id, data),
        data,
        ...CONSENT_TEXTS[definition.id],
        ...(request.consentContext ? { consentContext: request.consentContext } : {}),
      };
      return db.transaction(async (tx) => {
        await lockConsentsOf(tx, callerId, definition.id);
        const [existing] = await listConsentsOf(tx, callerId, definition.id);
        const row = existing
          ? await updateConsent(tx, existing.id, values)
          : await insertConsent(tx, { subject: callerId, definitionId: definition.id, ...values });
        await insertAuditEvent(tx, audit(row, existing ? 'updated' : 'created', ip));
        return { created: !existing, consent: toConsent(row) };
      });
    },

    async update(callerId, consentId, request, ip = null) {
      const current = await findConsentOf(db, consentId, callerId);
      if (!current) return null;
      const definition = current.definitionId as ConsentDefinitionId;
      const sent =
        request.data === undefined ? null : await parseData(callerId, definition, request.data);
      return db.transaction(async (tx) => {
        // Locked and read again: a concurrent update must not be undone by one sending only
        // a status, which keeps the data it finds.
        const locked = await findConsentOf(tx, consentId, callerId, { forUpdate: true });
        if (!locked) return null;
        const data = dataAfterUpdate(
          definition,
          sent ?? (locked.data as ConsentData),
          request.status,
        );
        const row = await updateConsent(tx, locked.id, {
          data,
          status: consentStatus(definition, data),
          actor: callerId,
          ...(request.consentContext ? { consentContext: request.consentContext } : {}),
        });
        await insertAuditEvent(tx, audit(row, 'updated', ip));
        return toConsent(row);
      });
    },
  };
}
