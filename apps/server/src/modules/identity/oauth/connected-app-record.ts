import type { Queryable } from '../../../db/database';
import { mergedConsent } from './client-scopes.rules';
import { findClientConsent, saveClientConsent } from './connected-apps.store';

/**
 * Connected apps remembers that the customer let this application act with these scopes, in
 * the caller's transaction, added to what they had already agreed to (mergedConsent). Published
 * for pay by bank, whose consent screen authorises an application to pay (ADR 0023).
 */
export async function rememberConnectedApp(
  tx: Queryable,
  userId: string,
  clientId: string,
  scopes: readonly string[],
): Promise<void> {
  const earlier = await findClientConsent(tx, userId, clientId);
  await saveClientConsent(tx, userId, clientId, mergedConsent(earlier?.scopes ?? [], scopes));
}
