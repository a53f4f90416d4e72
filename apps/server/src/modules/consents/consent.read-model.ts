import { shareBalancesConsentDataSchema } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { CONSENT_AUDIENCE } from './consent.rules';
import { latestConsentsOf, listConsentsOf } from './consent.store';

/**
 * The consents module's read models, published through index.ts: what other modules may know
 * of a customer's consents, as answers (which accounts are shared, which channels may be used)
 * rather than the consents' rows.
 */

/** A communication consent as the directory's marketing lookup reads it: its state and choices. */
export interface CommunicationConsentView {
  status: string;
  data: unknown;
}

/**
 * The newest communication consent of each of these customers (document 2 §3 "Marketing
 * lookup result"), by their id; a customer without one is absent.
 */
export async function communicationConsentsOf(
  db: Queryable,
  subjects: readonly string[],
): Promise<ReadonlyMap<string, CommunicationConsentView>> {
  const rows = await latestConsentsOf(db, subjects, 'communication');
  return new Map(
    [...rows].map(([subject, row]) => [subject, { status: row.status, data: row.data }]),
  );
}

/**
 * The ids of the accounts a customer shares with the wealth advisor: those their newest
 * balance-sharing consent names, when it is accepted and given to the advisor; none otherwise
 * (no consent, a revoked one, or data that does not read as a share).
 */
export async function accountsSharedWithAdvisor(db: Queryable, subject: string): Promise<string[]> {
  const definition = 'share-account-balances';
  const [consent] = await listConsentsOf(db, subject, definition);
  if (consent?.status !== 'accepted' || consent.audience !== CONSENT_AUDIENCE[definition]) {
    return [];
  }
  const data = shareBalancesConsentDataSchema.safeParse(consent.data);
  return data.success ? data.data['share-balance'] : [];
}
