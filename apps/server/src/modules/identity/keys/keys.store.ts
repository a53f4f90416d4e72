import { asc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { serverSecrets, signingKeys } from '../../../db/schema';

export interface StoredSigningKey {
  generation: number;
  kid: string;
  publicJwk: Record<string, unknown>;
  /** As stored: sealed or plain (key-seal.ts). */
  privateJwk: string;
  createdAt: Date;
}

/**
 * Inserts each secret unless one of that name exists, then reads them all back: instances
 * starting together each offer their own values, and all end with the first one's.
 */
export async function insertSecretsIfAbsent(
  db: Queryable,
  offered: { name: string; value: string }[],
): Promise<Map<string, string>> {
  if (offered.length > 0) {
    await db
      .insert(serverSecrets)
      .values(offered)
      .onConflictDoNothing({ target: serverSecrets.name });
  }
  const rows = await db
    .select({ name: serverSecrets.name, value: serverSecrets.value })
    .from(serverSecrets)
    .where(
      inArray(
        serverSecrets.name,
        offered.map((secret) => secret.name),
      ),
    );
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Every signing key, oldest generation first. */
export async function listSigningKeys(db: Queryable): Promise<StoredSigningKey[]> {
  const rows = await db.select().from(signingKeys).orderBy(asc(signingKeys.generation));
  return rows.map((row) => ({ ...row, publicJwk: row.publicJwk as Record<string, unknown> }));
}

/** Adds a key unless its generation exists (another instance got there first): true if added. */
export async function insertSigningKeyIfAbsent(
  db: Queryable,
  key: StoredSigningKey,
): Promise<boolean> {
  const inserted = await db
    .insert(signingKeys)
    .values(key)
    .onConflictDoNothing({ target: signingKeys.generation })
    .returning({ generation: signingKeys.generation });
  return inserted.length > 0;
}

export async function deleteSigningKeys(db: Queryable, generations: number[]): Promise<void> {
  if (generations.length === 0) return;
  await db.delete(signingKeys).where(inArray(signingKeys.generation, generations));
}
