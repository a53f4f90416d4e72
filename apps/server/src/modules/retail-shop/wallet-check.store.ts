import { and, eq, gt, lt } from 'drizzle-orm';
import {
  PRESENTATION_PURPOSES,
  verifierCheckSchema,
  type PresentationPurpose,
} from '@anybank/contracts';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { retailShopWalletChecks } from '../../db/schema';

/** How long the shop keeps a check after it started (a request lives 5 minutes). */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** What an answered check keeps: the checks made, the refusal, or only the claims asked for. */
export const walletCheckOutcomeSchema = z.object({
  disclosed: z.record(z.string(), z.unknown()).nullable(),
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  checks: z.array(verifierCheckSchema),
});
export type WalletCheckOutcome = z.infer<typeof walletCheckOutcomeSchema>;

export type AnsweredStatus = 'verified' | 'refused' | 'declined';

export interface WalletCheckRow {
  id: string;
  purpose: PresentationPurpose;
  nonce: string;
  state: string;
  browserHash: string;
  /** The starting browser's "Behind the scenes" panel, if one watched (ADR 0021). */
  inspectorId: string | null;
  status: 'pending' | AnsweredStatus;
  outcome: WalletCheckOutcome | null;
  expiresAt: Date;
}

const purposeSchema = z.enum(PRESENTATION_PURPOSES);
const statusSchema = z.enum(['pending', 'verified', 'refused', 'declined']);

/**
 * The shop's own table of its wallet requests (`retail_shop_wallet_checks`, ADR 0027). Each
 * write is one statement; the answer is written only while the check is pending and unexpired,
 * so an answer counts once even when two arrive together.
 */
export function createWalletCheckStore(db: Database, clock: () => Date) {
  return {
    async insert(check: Omit<WalletCheckRow, 'status' | 'outcome'>): Promise<void> {
      await db
        .delete(retailShopWalletChecks)
        .where(lt(retailShopWalletChecks.createdAt, new Date(clock().getTime() - KEPT_MS)));
      await db.insert(retailShopWalletChecks).values({ ...check, status: 'pending' });
    },

    async find(id: string): Promise<WalletCheckRow | null> {
      const [row] = await db
        .select()
        .from(retailShopWalletChecks)
        .where(eq(retailShopWalletChecks.id, id))
        .limit(1);
      if (!row) return null;
      return {
        id: row.id,
        purpose: purposeSchema.parse(row.purpose),
        nonce: row.nonce,
        state: row.state,
        browserHash: row.browserHash,
        inspectorId: row.inspectorId,
        status: statusSchema.parse(row.status),
        outcome: row.result === null ? null : walletCheckOutcomeSchema.parse(row.result),
        expiresAt: row.expiresAt,
      };
    },

    /** Writes the answer if the check still waits for one; false: answered or expired already. */
    async answer(
      id: string,
      status: AnsweredStatus,
      outcome: WalletCheckOutcome,
    ): Promise<boolean> {
      const now = clock();
      const written = await db
        .update(retailShopWalletChecks)
        .set({ status, result: outcome, answeredAt: now })
        .where(
          and(
            eq(retailShopWalletChecks.id, id),
            eq(retailShopWalletChecks.status, 'pending'),
            gt(retailShopWalletChecks.expiresAt, now),
          ),
        )
        .returning({ id: retailShopWalletChecks.id });
      return written.length > 0;
    },
  };
}
export type WalletCheckStore = ReturnType<typeof createWalletCheckStore>;
