import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { paymentConsents } from '../../db/schema';
import type { ConsentApprovedWith } from './payment-consent.rules';

export type PaymentConsentRow = typeof paymentConsents.$inferSelect;

export async function insertPaymentConsent(
  db: Queryable,
  consent: {
    clientId: string;
    amountCents: number;
    currency: string;
    payeeAccountId: string;
    reference: string;
    expiresAt: Date;
  },
): Promise<PaymentConsentRow> {
  const [row] = await db
    .insert(paymentConsents)
    .values({ ...consent, status: 'AwaitingAuthorisation' })
    .returning();
  if (!row) throw new Error('the payment consent was not written');
  return row;
}

export async function findPaymentConsent(
  db: Queryable,
  id: string,
): Promise<PaymentConsentRow | null> {
  const [row] = await db.select().from(paymentConsents).where(eq(paymentConsents.id, id));
  return row ?? null;
}

/**
 * AwaitingAuthorisation → Authorised (the customer and the account they pay from) or Rejected,
 * only while it still awaits and has not expired: answers whether it changed.
 */
export async function decidePaymentConsent(
  db: Queryable,
  id: string,
  decision:
    | {
        status: 'Authorised';
        userId: string;
        debtorAccountId: string;
        /** What approved it (see paymentConsents.approvedWith). */
        approvedWith: ConsentApprovedWith;
      }
    | { status: 'Rejected'; userId: string },
): Promise<boolean> {
  const changed = await db
    .update(paymentConsents)
    .set({
      ...decision,
      ...(decision.status === 'Authorised' ? { authorisedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(paymentConsents.id, id),
        eq(paymentConsents.status, 'AwaitingAuthorisation'),
        sql`${paymentConsents.expiresAt} > now()`,
      ),
    )
    .returning({ id: paymentConsents.id });
  return changed.length > 0;
}

/**
 * The consents a customer decided (authorised, paid with, or refused), newest first, with the
 * payee's account: what Connected apps shows under each application, by the payee's name.
 */
export async function listDecidedPaymentConsents(db: Queryable, userId: string, limit = 20) {
  return db
    .select({
      clientId: paymentConsents.clientId,
      status: paymentConsents.status,
      amountCents: paymentConsents.amountCents,
      reference: paymentConsents.reference,
      payeeAccountId: paymentConsents.payeeAccountId,
      createdAt: paymentConsents.createdAt,
      authorisedAt: paymentConsents.authorisedAt,
      consumedAt: paymentConsents.consumedAt,
    })
    .from(paymentConsents)
    .where(
      and(
        eq(paymentConsents.userId, userId),
        inArray(paymentConsents.status, ['Authorised', 'Consumed', 'Rejected']),
      ),
    )
    .orderBy(desc(paymentConsents.createdAt))
    .limit(limit);
}

/** Locks the consent until the transaction ends; answers whether it is still Authorised. */
export async function lockConsentIfAuthorised(tx: Queryable, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: paymentConsents.status })
    .from(paymentConsents)
    .where(eq(paymentConsents.id, id))
    .for('update');
  return row?.status === 'Authorised';
}

/** Authorised → Consumed by the transfer that paid it. */
export async function markConsentConsumed(
  tx: Queryable,
  id: string,
  transferId: string,
): Promise<void> {
  await tx
    .update(paymentConsents)
    .set({ status: 'Consumed', consumedAt: sql`now()`, transferId })
    .where(eq(paymentConsents.id, id));
}
