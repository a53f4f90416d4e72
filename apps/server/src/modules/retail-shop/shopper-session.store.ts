import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { retailShopLogoutTokens, retailShopSessions } from '../../db/schema';

/** How long the shop keeps a session (the bank's own session lives 8 hours). */
export const SHOPPER_SESSION_KEPT_MS = 24 * 60 * 60 * 1000;

export interface ShopperSessionRow {
  bankSub: string;
  bankSid: string | null;
  signedInAt: Date;
  endedAt: Date | null;
}

/** The shop's sessions of shoppers and the logout tokens it took (its own tables, ADR 0028). */
export function createShopperSessionStore(db: Database, clock: () => Date) {
  return {
    async begin(cookieHash: string, bankSub: string, bankSid: string | null): Promise<void> {
      const now = clock();
      await db
        .delete(retailShopSessions)
        .where(
          lt(retailShopSessions.signedInAt, new Date(now.getTime() - SHOPPER_SESSION_KEPT_MS)),
        );
      await db.delete(retailShopLogoutTokens).where(lt(retailShopLogoutTokens.expiresAt, now));
      await db.insert(retailShopSessions).values({ cookieHash, bankSub, bankSid, signedInAt: now });
    },

    async find(cookieHash: string): Promise<ShopperSessionRow | null> {
      const [row] = await db
        .select({
          bankSub: retailShopSessions.bankSub,
          bankSid: retailShopSessions.bankSid,
          signedInAt: retailShopSessions.signedInAt,
          endedAt: retailShopSessions.endedAt,
        })
        .from(retailShopSessions)
        .where(eq(retailShopSessions.cookieHash, cookieHash));
      return row ?? null;
    },

    /**
     * Takes a logout token's `jti` once, and ends the live sessions it names (its `sid`, and its
     * `sub` when given), in one transaction; null when the `jti` was taken before (a replay).
     */
    async endNamed(named: {
      sub: string | null;
      sid: string;
      jti: string;
      expiresAt: Date;
    }): Promise<number | null> {
      return db.transaction(async (tx) => {
        const taken = await tx
          .insert(retailShopLogoutTokens)
          .values({ jti: named.jti, expiresAt: named.expiresAt })
          .onConflictDoNothing()
          .returning({ jti: retailShopLogoutTokens.jti });
        if (taken.length === 0) return null;
        const ended = await tx
          .update(retailShopSessions)
          .set({ endedAt: clock() })
          .where(
            and(
              isNull(retailShopSessions.endedAt),
              eq(retailShopSessions.bankSid, named.sid),
              named.sub === null ? undefined : eq(retailShopSessions.bankSub, named.sub),
              sql`${retailShopSessions.signedInAt} > ${new Date(clock().getTime() - SHOPPER_SESSION_KEPT_MS).toISOString()}::timestamptz`,
            ),
          )
          .returning({ cookieHash: retailShopSessions.cookieHash });
        return ended.length;
      });
    },
  };
}
export type ShopperSessionStore = ReturnType<typeof createShopperSessionStore>;
