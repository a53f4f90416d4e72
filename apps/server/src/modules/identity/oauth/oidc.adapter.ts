import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { preparedStatement, type Database } from '../../../db/database';
import { oidcModels } from '../../../db/schema';

/** A model's stored row, as `find` reads it. */
export interface StoredOidcModel {
  payload: AdapterPayload;
  /** When it was consumed, in seconds since the epoch; null while it was not. */
  consumed: number | null;
}
type ModelRow = StoredOidcModel;

const placeholder = (name: string) => sql.placeholder(name);

/** The live row of a model by one of its keys (`model` and `key`: values or placeholders). */
export function liveOidcModel(model: SQLWrapper | string, column: SQL, key: SQLWrapper): SQL {
  return sql`select payload, floor(extract(epoch from consumed_at))::float8 as consumed
    from oidc_models
    where model = ${model} and ${column} = ${key}
      and (expires_at is null or expires_at > now())
    limit 1`;
}

const findBy = (column: SQL) => liveOidcModel(placeholder('model'), column, placeholder('key'));

/**
 * Rows a request has read already with its own data (the flow and its interaction, one
 * statement): `find` answers them instead of reading them again. Keyed `model:id`; null is a
 * row known not to be there (or no longer live).
 */
const alreadyRead = new AsyncLocalStorage<Map<string, StoredOidcModel | null>>();

/** Set while the authorization endpoint answers: see `claimPushedRequest`. */
const claimingPushedRequests = new AsyncLocalStorage<true>();

/** Runs `work` with the model `model` of id `id` known to be `row` (read this very request). */
export function withOidcModelRead<T>(
  read: { model: string; id: string; row: StoredOidcModel | null },
  work: () => Promise<T>,
): Promise<T> {
  return alreadyRead.run(new Map([[`${read.model}:${read.id}`, read.row]]), work);
}

const asPayload = (row: ModelRow | null | undefined): AdapterPayload | undefined => {
  if (!row) return undefined;
  return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
};

// A sign-in reads and writes these rows a dozen times: each statement prepared once per
// connection rather than built and planned on every call.
const findById = preparedStatement<ModelRow>('oidc_find_id', findBy(sql`id`));
const findByUid = preparedStatement<ModelRow>('oidc_find_uid', findBy(sql`uid`));
const findByUserCode = preparedStatement<ModelRow>('oidc_find_user_code', findBy(sql`user_code`));

const upsertModel = preparedStatement(
  'oidc_upsert',
  sql`insert into oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
    values (${placeholder('model')}, ${placeholder('id')}, ${placeholder('payload')}::jsonb,
      ${placeholder('grantId')}, ${placeholder('userCode')}, ${placeholder('uid')},
      to_timestamp(${placeholder('expiresMs')}::float8 / 1000))
    on conflict (model, id) do update set payload = excluded.payload,
      grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid,
      expires_at = excluded.expires_at`,
);

/**
 * Consumes a model only if nobody has: the row it updates is the proof of the first use. The
 * provider reads `consumed` and then consumes (two statements), so two requests redeeming one
 * code at once both saw it unused; this statement decides between them.
 */
const consumeModel = preparedStatement<{ consumed: boolean }>(
  'oidc_consume',
  sql`update oidc_models set consumed_at = now()
    where model = ${placeholder('model')} and id = ${placeholder('id')} and consumed_at is null
    returning true as consumed`,
);

/** A grant and everything issued under it, as the provider's own revocation of a reused code. */
const revokeGrantAndModels = preparedStatement(
  'oidc_revoke_grant_all',
  sql`delete from oidc_models where grant_id = ${placeholder('grantId')}
    or (model = 'Grant' and id = ${placeholder('grantId')})`,
);

/** The grant of a model's row (for the loser of a race to consume it). */
const grantOfModel = preparedStatement<{ grantId: string | null }>(
  'oidc_grant_of',
  sql`select grant_id as "grantId" from oidc_models
    where model = ${placeholder('model')} and id = ${placeholder('id')}`,
);

/**
 * A pushed authorization request read at the authorization endpoint is claimed by that read:
 * only the first read of a `request_uri` finds it unclaimed (RFC 9126 §7.3: one-time use). The
 * browser that claimed it goes on through its own interaction; the provider then consumes it
 * when it answers, through `parJti`, not through the `request_uri` again.
 */
const claimPushedRequest = preparedStatement<ModelRow>(
  'oidc_claim_par',
  sql`update oidc_models set payload = payload || jsonb_build_object('claimed', true)
    where model = 'PushedAuthorizationRequest' and id = ${placeholder('id')}
      and consumed_at is null and not (payload ? 'claimed')
    returning payload, null::float8 as consumed`,
);

/**
 * A one-time value (a DPoP proof's or a client assertion's `jti`) seen for the first time: one
 * insert that only the first caller's wins, so two requests carrying the same value at once
 * cannot both pass. A row past its expiry is dead (find ignores it) and may be taken again.
 */
const insertReplayMarker = preparedStatement<{ first: boolean }>(
  'oidc_replay_unique',
  sql`insert into oidc_models (model, id, payload, expires_at)
    values ('ReplayDetection', ${placeholder('id')}, ${placeholder('payload')}::jsonb,
      to_timestamp(${placeholder('expiresAt')}::float8))
    on conflict (model, id) do update set payload = excluded.payload,
      expires_at = excluded.expires_at, consumed_at = null
      where oidc_models.expires_at <= now()
    returning true as first`,
);

const destroyModel = preparedStatement(
  'oidc_destroy',
  sql`delete from oidc_models where model = ${placeholder('model')} and id = ${placeholder('id')}`,
);

const revokeGrant = preparedStatement(
  'oidc_revoke_grant',
  sql`delete from oidc_models where grant_id = ${placeholder('grantId')}`,
);

/**
 * oidc-provider's storage on PostgreSQL: one table for every model (Session, Interaction,
 * Grant, AuthorizationCode, AccessToken…), each row with its own expiry. The provider's
 * in-memory default lives in one process, so a second instance could not continue a sign-in.
 */
export function createOidcAdapterClass(db: Database) {
  async function findWith(
    statement: typeof findById,
    model: string,
    key: string,
  ): Promise<AdapterPayload | undefined> {
    // The key comes from the client (client_id, a cookie, a code). PostgreSQL cannot store the
    // NUL character, so no row has it, and a query holding it fails instead of finding nothing.
    if (key.includes('\u0000')) return undefined;
    const [row] = await statement(db, { model, key });
    return asPayload(row);
  }

  /** The pushed request, claimed now; one claimed before reads as used, which the provider refuses. */
  async function claimOrRefuse(id: string): Promise<AdapterPayload | undefined> {
    if (id.includes('\u0000')) return undefined;
    const [claimed] = await claimPushedRequest(db, { id });
    if (claimed) return asPayload(claimed);
    const existing = await findWith(findById, 'PushedAuthorizationRequest', id);
    return (
      existing && { ...existing, consumed: existing.consumed ?? Math.floor(Date.now() / 1000) }
    );
  }

  return class PostgresOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await upsertModel(db, {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresMs: expiresIn ? Date.now() + expiresIn * 1000 : null,
      });
    }

    async find(id: string) {
      const read = alreadyRead.getStore()?.get(`${this.model}:${id}`);
      if (read !== undefined) return asPayload(read);
      if (this.model === 'PushedAuthorizationRequest' && claimingPushedRequests.getStore()) {
        return claimOrRefuse(id);
      }
      return findWith(findById, this.model, id);
    }

    findByUid(uid: string) {
      return findWith(findByUid, this.model, uid);
    }

    findByUserCode(userCode: string) {
      return findWith(findByUserCode, this.model, userCode);
    }

    /**
     * A row consumed already is the loser of a race with another request (the provider checks
     * `consumed` first, so it never asks twice itself): refused as the provider refuses a code
     * used twice, and, for a code, what its first use issued is revoked (RFC 6749 §4.1.2).
     */
    async consume(id: string): Promise<void> {
      const [first] = await consumeModel(db, { model: this.model, id });
      if (first) return;
      if (this.model === 'PushedAuthorizationRequest') {
        throw new errors.InvalidRequestUri('request_uri is invalid, expired, or was already used');
      }
      const [row] = await grantOfModel(db, { model: this.model, id });
      if (row?.grantId) await revokeGrantAndModels(db, { grantId: row.grantId });
      throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      await destroyModel(db, { model: this.model, id });
    }

    /** Revoking a grant ends every code and token issued under it, whatever their model. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeGrant(db, { grantId });
    }
  };
}

/** Runs `work` (an authorization endpoint request) so that the pushed request it reads is claimed. */
export function claimingPushedRequest<T>(work: () => Promise<T>): Promise<T> {
  return claimingPushedRequests.run(true, work);
}

/**
 * The provider's `ReplayDetection.unique` (DPoP proofs at its token and PAR endpoints and at the
 * bank's APIs, `private_key_jwt` assertions), made one statement: the library's own reads, then
 * saves, so parallel requests with one proof all passed its check. Same key as the library's.
 */
export async function firstUseOf(
  db: Database,
  iss: string,
  jti: string,
  expiresAt: number,
): Promise<boolean> {
  const id = createHash('sha256').update(`${iss}${jti}`).digest('base64url');
  const payload = JSON.stringify({ iss, jti: id, kind: 'ReplayDetection', exp: expiresAt });
  const [row] = await insertReplayMarker(db, { id, payload, expiresAt });
  return row?.first === true;
}

/** Expired rows are dead already (find ignores them); this only keeps the table small. */
export async function purgeExpiredOidcModels(db: Database): Promise<void> {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, new Date()));
}
