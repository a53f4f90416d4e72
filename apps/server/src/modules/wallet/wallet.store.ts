import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { walletPairings } from '../../db/schema';

export type WalletPairingRow = typeof walletPairings.$inferSelect;

/** Expired pairings are kept this long, so that a page still polling hears EXPIRED, not 404. */
const KEEP_EXPIRED_MS = 60 * 60 * 1000;

/**
 * A new pairing for the user. Their earlier unused pairings stop working (one live link per
 * customer), and long-expired rows of anyone are dropped: the table stays small without a job.
 */
export async function insertPairing(
  db: Queryable,
  row: { userId: string; ticketHash: string; expiresAt: Date; now: Date },
): Promise<WalletPairingRow> {
  await db
    .delete(walletPairings)
    .where(lt(walletPairings.expiresAt, new Date(row.now.getTime() - KEEP_EXPIRED_MS)));
  await db
    .update(walletPairings)
    .set({ expiresAt: row.now })
    .where(
      and(
        eq(walletPairings.userId, row.userId),
        isNull(walletPairings.redeemedAt),
        gt(walletPairings.expiresAt, row.now),
      ),
    );
  const [inserted] = await db
    .insert(walletPairings)
    .values({ userId: row.userId, ticketHash: row.ticketHash, expiresAt: row.expiresAt })
    .returning();
  if (!inserted) throw new Error('the wallet pairing was not stored');
  return inserted;
}

/** The user's own pairing with this id, or null (another customer's is as good as none). */
export async function findPairingOf(
  db: Queryable,
  userId: string,
  pairingId: string,
): Promise<WalletPairingRow | null> {
  const [row] = await db
    .select()
    .from(walletPairings)
    .where(and(eq(walletPairings.id, pairingId), eq(walletPairings.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Takes a ticket for good, in one statement: unused, before it expires, and only once however
 * many requests race for it. Null when it was unknown, used or expired.
 */
export async function redeemPairing(
  db: Queryable,
  ticketHash: string,
  now: Date,
): Promise<WalletPairingRow | null> {
  const [row] = await db
    .update(walletPairings)
    .set({ redeemedAt: now })
    .where(
      and(
        eq(walletPairings.ticketHash, ticketHash),
        isNull(walletPairings.redeemedAt),
        gt(walletPairings.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
