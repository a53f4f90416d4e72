import { and, asc, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { CredentialType } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { credentialOffers, issuedCredentials, usedCredentialNonces } from '../../db/schema';

export type IssuedCredentialRow = typeof issuedCredentials.$inferSelect;

/**
 * A new credential's row at `statusIndex`, or null when that entry is taken (the caller draws
 * another): the unique index decides, so two issuances never share an entry.
 */
export async function insertIssuedCredential(
  db: Queryable,
  row: {
    userId: string;
    credentialType: CredentialType;
    statusIndex: number;
    holderKeyThumbprint: string;
    issuedAt: Date;
    expiresAt: Date;
  },
): Promise<IssuedCredentialRow | null> {
  const [inserted] = await db
    .insert(issuedCredentials)
    .values(row)
    .onConflictDoNothing({ target: issuedCredentials.statusIndex })
    .returning();
  return inserted ?? null;
}

/** The customer's credentials, newest first. */
export function listCredentialsOf(db: Queryable, userId: string): Promise<IssuedCredentialRow[]> {
  return db
    .select()
    .from(issuedCredentials)
    .where(eq(issuedCredentials.userId, userId))
    .orderBy(desc(issuedCredentials.issuedAt));
}

/** Revokes the customer's own credential; null when it is not theirs or was already revoked. */
export async function revokeCredentialOf(
  db: Queryable,
  input: { userId: string; credentialId: string; reason: string; now: Date },
): Promise<IssuedCredentialRow | null> {
  const [row] = await db
    .update(issuedCredentials)
    .set({ revokedAt: input.now, revokedReason: input.reason })
    .where(
      and(
        eq(issuedCredentials.id, input.credentialId),
        eq(issuedCredentials.userId, input.userId),
        isNull(issuedCredentials.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Revokes every unrevoked credential of the customer (a lost phone); answers those revoked. */
export function revokeEveryCredentialOf(
  db: Queryable,
  input: { userId: string; reason: string; now: Date },
): Promise<IssuedCredentialRow[]> {
  return db
    .update(issuedCredentials)
    .set({ revokedAt: input.now, revokedReason: input.reason })
    .where(and(eq(issuedCredentials.userId, input.userId), isNull(issuedCredentials.revokedAt)))
    .returning();
}

/**
 * The status list's set entries: revoked credentials, and those whose customer was deleted
 * (their `user_id` went null with the account).
 */
export async function revokedStatusIndexes(db: Queryable): Promise<number[]> {
  const rows = await db
    .select({ statusIndex: issuedCredentials.statusIndex })
    .from(issuedCredentials)
    .where(or(isNotNull(issuedCredentials.revokedAt), isNull(issuedCredentials.userId)))
    .orderBy(asc(issuedCredentials.statusIndex));
  return rows.map((row) => row.statusIndex);
}

/**
 * Records a proof's nonce as used by its key: false when that key used it already (a replayed
 * proof). Nonces older than `forgetBefore` can no longer pass oidc-provider's own window check
 * and are dropped.
 */
export async function useCredentialNonce(
  db: Queryable,
  input: { nonce: string; holderKeyThumbprint: string; forgetBefore: Date },
): Promise<boolean> {
  await db.delete(usedCredentialNonces).where(lt(usedCredentialNonces.usedAt, input.forgetBefore));
  const inserted = await db
    .insert(usedCredentialNonces)
    .values({ nonce: input.nonce, holderKeyThumbprint: input.holderKeyThumbprint })
    .onConflictDoNothing({
      target: [usedCredentialNonces.nonce, usedCredentialNonces.holderKeyThumbprint],
    })
    .returning({ nonce: usedCredentialNonces.nonce });
  return inserted.length === 1;
}

/** Records an offer by its grant, with the panel watching it; drops offers long expired. */
export async function insertCredentialOffer(
  db: Queryable,
  row: {
    grantId: string;
    userId: string;
    credentialType: CredentialType;
    inspectorId: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db.delete(credentialOffers).where(lt(credentialOffers.expiresAt, row.now));
  await db.insert(credentialOffers).values({
    grantId: row.grantId,
    userId: row.userId,
    credentialType: row.credentialType,
    inspectorId: row.inspectorId,
    expiresAt: row.expiresAt,
  });
}

/** The panel that watched the offer behind this grant being made, or null. */
export async function panelOfOffer(db: Queryable, grantId: string): Promise<string | null> {
  const [row] = await db
    .select({ inspectorId: credentialOffers.inspectorId })
    .from(credentialOffers)
    .where(eq(credentialOffers.grantId, grantId))
    .limit(1);
  return row?.inspectorId ?? null;
}
