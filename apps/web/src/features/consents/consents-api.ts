import { CONSENTS_API_PATH, consentSchema, consentSearchResponseSchema } from '@anybank/contracts';
import type {
  CommunicationConsentData,
  Consent,
  ConsentDefinitionId,
  CreateConsentRequest,
  SessionItem,
  ShareBalancesConsentData,
  UpdateConsentRequest,
} from '@anybank/contracts';
import { apiErrorOf } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { sessionStore } from '../../lib/session-storage';

/**
 * The customer's consents (document 2 §3, §4, §7; server: modules/consents): read one
 * definition's consent, and save it — updated when its id is in the session, else created and
 * its id kept there (`commConsentId`, `acctsConsentId`).
 */

interface ConsentDataOf {
  communication: CommunicationConsentData;
  'share-account-balances': ShareBalancesConsentData;
}

/** The session item that keeps each definition's consent id. */
export const CONSENT_ID_ITEM: Record<ConsentDefinitionId, SessionItem> = {
  communication: 'commConsentId',
  'share-account-balances': 'acctsConsentId',
};

/** The caller's consent of a definition (`GET …/consents?definition=`), or null if none. */
export async function fetchConsent(
  definition: ConsentDefinitionId,
  signal?: AbortSignal,
): Promise<Consent | null> {
  const query = new URLSearchParams({ definition });
  const response = await authorizedFetch(`${CONSENTS_API_PATH}?${query.toString()}`, { signal });
  if (!response.ok) {
    throw await apiErrorOf(response, 'GET consents');
  }
  const found = consentSearchResponseSchema.parse(await response.json());
  return found._embedded.consents.find((consent) => consent.definition.id === definition) ?? null;
}

async function sendConsent(path: string, method: 'POST' | 'PATCH', body: unknown) {
  return authorizedFetch(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function consentOf(response: Response, what: string): Promise<Consent> {
  if (!response.ok) throw await apiErrorOf(response, what);
  return consentSchema.parse(await response.json());
}

/**
 * Saves a definition's data: PATCH `…/consents/{id}` with the session's id, else POST and keep
 * the id it answers. An id the server no longer knows (404) is replaced the same way. Throws
 * when the save fails; the server works out the status (accepted or revoked) from the data.
 */
export async function saveConsent<D extends ConsentDefinitionId>(
  definition: D,
  data: ConsentDataOf[D],
): Promise<Consent> {
  const item = CONSENT_ID_ITEM[definition];
  const consentId = sessionStore.get(item);
  if (consentId) {
    const update: UpdateConsentRequest = { data };
    const response = await sendConsent(
      `${CONSENTS_API_PATH}/${encodeURIComponent(consentId)}`,
      'PATCH',
      update,
    );
    if (response.status !== 404) return consentOf(response, 'PATCH consent');
  }
  const create: CreateConsentRequest = { definition, data };
  const created = await consentOf(
    await sendConsent(CONSENTS_API_PATH, 'POST', create),
    'POST consent',
  );
  sessionStore.set(item, created.id);
  return created;
}
