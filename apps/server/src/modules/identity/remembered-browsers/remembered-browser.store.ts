import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { rememberedBrowsers } from '../../../db/schema';

/** A remembered browser as stored; its token and device id only as hashes. */
export type RememberedBrowserRow = typeof rememberedBrowsers.$inferSelect;

export async function insertRememberedBrowser(
  db: Queryable,
  row: typeof rememberedBrowsers.$inferInsert,
): Promise<void> {
  await db.insert(rememberedBrowsers).values(row);
}

/** The customer's remembrance among the cookie's tokens (by their hashes), forgotten or not. */
export async function findRememberedBrowserOf(
  db: Queryable,
  userId: string,
  tokenHashes: readonly string[],
): Promise<RememberedBrowserRow | null> {
  if (tokenHashes.length === 0) return null;
  const [row] = await db
    .select()
    .from(rememberedBrowsers)
    .where(
      and(
        eq(rememberedBrowsers.userId, userId),
        inArray(rememberedBrowsers.tokenHash, [...tokenHashes]),
      ),
    )
    .orderBy(desc(rememberedBrowsers.createdAt))
    .limit(1);
  return row ?? null;
}

/** The customer's remembered browsers that still count: not forgotten, not expired. */
export async function listActiveRememberedBrowsers(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<RememberedBrowserRow[]> {
  return db
    .select()
    .from(rememberedBrowsers)
    .where(
      and(
        eq(rememberedBrowsers.userId, userId),
        isNull(rememberedBrowsers.forgottenAt),
        gt(rememberedBrowsers.expiresAt, now),
      ),
    )
    .orderBy(desc(rememberedBrowsers.createdAt), desc(rememberedBrowsers.id));
}

/**
 * Forgets one remembered browser of this customer (never another's); answers whether it was
 * theirs and not forgotten yet.
 */
export async function forgetRememberedBrowser(
  db: Queryable,
  userId: string,
  browserId: string,
  at: Date,
): Promise<RememberedBrowserRow | null> {
  const [row] = await db
    .update(rememberedBrowsers)
    .set({ forgottenAt: at })
    .where(
      and(
        eq(rememberedBrowsers.id, browserId),
        eq(rememberedBrowsers.userId, userId),
        isNull(rememberedBrowsers.forgottenAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Forgets every remembered browser of the customer not forgotten yet; answers their ids. */
export async function forgetAllRememberedBrowsers(
  db: Queryable,
  userId: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(rememberedBrowsers)
    .set({ forgottenAt: at })
    .where(and(eq(rememberedBrowsers.userId, userId), isNull(rememberedBrowsers.forgottenAt)))
    .returning({ id: rememberedBrowsers.id });
  return rows.map((row) => row.id);
}

/** It stood in for a second factor now, from this address. */
export async function markRememberedBrowserUsed(
  db: Queryable,
  browserId: string,
  seen: { at: Date; ip: string; country: string | null },
): Promise<void> {
  await db
    .update(rememberedBrowsers)
    .set({
      lastUsedAt: seen.at,
      ip: seen.ip,
      // An unknown country now keeps the one last known.
      country: sql`coalesce(${seen.country}, ${rememberedBrowsers.country})`,
    })
    .where(eq(rememberedBrowsers.id, browserId));
}
