import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { oauthClientConsents } from '../../../db/schema';

/** A customer's remembered consent to one application. */
export interface ClientConsentRow {
  clientId: string;
  scopes: string[];
  createdAt: Date;
}

const scopesOf = (value: string) => value.split(' ').filter(Boolean);

export async function findClientConsent(
  db: Queryable,
  userId: string,
  clientId: string,
): Promise<ClientConsentRow | null> {
  const [row] = await db
    .select()
    .from(oauthClientConsents)
    .where(and(eq(oauthClientConsents.userId, userId), eq(oauthClientConsents.clientId, clientId)));
  return row
    ? { clientId: row.clientId, scopes: scopesOf(row.scopes), createdAt: row.createdAt }
    : null;
}

export async function listClientConsents(
  db: Queryable,
  userId: string,
): Promise<ClientConsentRow[]> {
  const rows = await db
    .select()
    .from(oauthClientConsents)
    .where(eq(oauthClientConsents.userId, userId))
    .orderBy(asc(oauthClientConsents.createdAt), asc(oauthClientConsents.clientId));
  return rows.map((row) => ({
    clientId: row.clientId,
    scopes: scopesOf(row.scopes),
    createdAt: row.createdAt,
  }));
}

/** Records the scopes the customer has now agreed to (the whole list, replacing the last). */
export async function saveClientConsent(
  db: Queryable,
  userId: string,
  clientId: string,
  scopes: readonly string[],
): Promise<void> {
  await db
    .insert(oauthClientConsents)
    .values({ userId, clientId, scopes: scopes.join(' ') })
    .onConflictDoUpdate({
      target: [oauthClientConsents.userId, oauthClientConsents.clientId],
      set: { scopes: scopes.join(' '), updatedAt: sql`now()` },
    });
}

/** Forgets the consent; answers whether there was one. */
export async function deleteClientConsent(
  db: Queryable,
  userId: string,
  clientId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(oauthClientConsents)
    .where(and(eq(oauthClientConsents.userId, userId), eq(oauthClientConsents.clientId, clientId)))
    .returning({ clientId: oauthClientConsents.clientId });
  return deleted.length > 0;
}
