import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../../db/database';
import { oidcModels } from '../../../db/schema';

/**
 * oidc-provider's storage on PostgreSQL: one table for every model (Session, Interaction,
 * Grant, AuthorizationCode, AccessToken…), each row with its own expiry. The provider's
 * in-memory default lives in one process, so a second instance could not continue a sign-in.
 */
export function createOidcAdapterClass(db: Database) {
  const live = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date()));

  async function findWhere(model: string, key: string, condition: ReturnType<typeof and>) {
    // The key comes from the client (client_id, a cookie, a code). PostgreSQL cannot store the
    // NUL character, so no row has it, and a query holding it fails instead of finding nothing.
    if (key.includes('\u0000')) return undefined;
    const [row] = await db
      .select()
      .from(oidcModels)
      .where(and(eq(oidcModels.model, model), condition, live()))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt
      ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : payload;
  }

  return class PostgresOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcModels)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
    }

    find(id: string) {
      return findWhere(this.model, id, eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return findWhere(this.model, uid, eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return findWhere(this.model, userCode, eq(oidcModels.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    /** Revoking a grant ends every code and token issued under it, whatever their model. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }
  };
}

/** Expired rows are dead already (find ignores them); this only keeps the table small. */
export async function purgeExpiredOidcModels(db: Database): Promise<void> {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, new Date()));
}
