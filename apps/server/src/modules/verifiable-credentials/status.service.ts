import { SignJWT } from 'jose';
import {
  STATUS_LIST_JWT_TYPE,
  STATUS_LIST_TTL_SECONDS,
  vcPaths,
  type IssuedCredential,
  type CredentialType,
} from '@anybank/contracts';
import type { Config } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { insertAuditEvent } from '../audit';
import {
  listCredentialsOf,
  revokeCredentialOf,
  revokeEveryCredentialOf,
  revokedStatusIndexes,
  type IssuedCredentialRow,
} from './credentials.store';
import type { IssuerKey } from './issuer-key';
import { encodeStatusList, statusListClaims } from './status-list.rules';

/** The one status list's id: every credential points into it. */
export const STATUS_LIST_ID = '1';

/** The status list's address, as each credential's `status.status_list.uri` names it. */
export function statusListUri(site: string): string {
  return `${site}${vcPaths.statusList.replace(':listId', STATUS_LIST_ID)}`;
}

/** Why a credential was revoked: the customer, the help desk (a lost phone). */
export type RevocationReason = 'customer' | 'lost_phone';

function viewOf(row: IssuedCredentialRow): IssuedCredential {
  return {
    id: row.id,
    credentialType: row.credentialType as CredentialType,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export interface CredentialStatusService {
  /** The customer's issued credentials, newest first. */
  listOf(userId: string): Promise<IssuedCredential[]>;
  /** Revokes the customer's own credential; null when it is not theirs or already revoked. */
  revoke(input: {
    userId: string;
    credentialId: string;
    ip: string;
  }): Promise<IssuedCredential | null>;
  /** Revokes every credential of the customer in the caller's transaction (a lost phone). */
  revokeEvery(
    tx: Queryable,
    input: { userId: string; reason: RevocationReason; ip: string },
  ): Promise<number>;
  /** The status list token (`statuslist+jwt`), signed with the issuer key, as of now. */
  statusListToken(): Promise<string>;
  /** SD-JWT VC issuer metadata: the keys a verifier checks credentials and the list with. */
  issuerKeys(): Promise<{ issuer: string; jwks: { keys: Record<string, unknown>[] } }>;
}

/**
 * Whether a credential still holds (ADR 0027): the Token Status List every credential points
 * into, built from the issued rows at each request (a revocation shows at once), the
 * customer's list of what they added to a wallet and their Revoke.
 */
export function createCredentialStatusService(deps: {
  config: Pick<Config, 'publicUrl' | 'basePath'>;
  db: Database;
  issuerKey: IssuerKey;
  clock?: () => Date;
}): CredentialStatusService {
  const { db, issuerKey } = deps;
  const clock = deps.clock ?? (() => new Date());
  const site = `${deps.config.publicUrl}${deps.config.basePath}`;

  return {
    async listOf(userId) {
      return (await listCredentialsOf(db, userId)).map(viewOf);
    },

    async revoke({ userId, credentialId, ip }) {
      return db.transaction(async (tx) => {
        const row = await revokeCredentialOf(tx, {
          userId,
          credentialId,
          reason: 'customer',
          now: clock(),
        });
        if (!row) return null;
        await insertAuditEvent(tx, {
          type: 'wallet.credential_revoked',
          userId,
          ip,
          details: { credentialId, credentialType: row.credentialType, reason: 'customer' },
        });
        return viewOf(row);
      });
    },

    async revokeEvery(tx, { userId, reason, ip }) {
      const rows = await revokeEveryCredentialOf(tx, { userId, reason, now: clock() });
      for (const row of rows) {
        await insertAuditEvent(tx, {
          type: 'wallet.credential_revoked',
          userId,
          ip,
          details: { credentialId: row.id, credentialType: row.credentialType, reason },
        });
      }
      return rows.length;
    },

    async statusListToken() {
      const lst = encodeStatusList(await revokedStatusIndexes(db));
      const { kid, key } = await issuerKey.privateKey();
      const claims = statusListClaims({
        issuer: site,
        uri: statusListUri(site),
        lst,
        now: clock(),
        ttlSeconds: STATUS_LIST_TTL_SECONDS,
      });
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: STATUS_LIST_JWT_TYPE, kid })
        .sign(key);
    },

    async issuerKeys() {
      return { issuer: site, jwks: { keys: [await issuerKey.publicJwk()] } };
    },
  };
}
