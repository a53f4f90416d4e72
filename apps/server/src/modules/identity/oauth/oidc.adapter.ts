import { AsyncLocalStorage } from 'node:async_hooks';
import { lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
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

const consumeModel = preparedStatement(
  'oidc_consume',
  sql`update oidc_models set consumed_at = now()
    where model = ${placeholder('model')} and id = ${placeholder('id')}`,
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

    find(id: string) {
      const read = alreadyRead.getStore()?.get(`${this.model}:${id}`);
      if (read !== undefined) return Promise.resolve(asPayload(read));
      return findWith(findById, this.model, id);
    }

    findByUid(uid: string) {
      return findWith(findByUid, this.model, uid);
    }

    findByUserCode(userCode: string) {
      return findWith(findByUserCode, this.model, userCode);
    }

    async consume(id: string): Promise<void> {
      await consumeModel(db, { model: this.model, id });
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

/** Expired rows are dead already (find ignores them); this only keeps the table small. */
export async function purgeExpiredOidcModels(db: Database): Promise<void> {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, new Date()));
}
