import {
  CONTACT_UNDO_PATH,
  XSRF_HEADER,
  contactUndoResponseSchema,
  type ContactUndoResponse,
} from '@anybank/contracts';
import { apiFetch } from '../../lib/api';

export type ContactUndoOutcome =
  { kind: 'undone'; result: ContactUndoResponse } | { kind: 'invalid' } | { kind: 'failed' };

/** The link's token, from the page's fragment (kept out of server logs and Referer headers). */
export function undoTokenOf(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** Posts the link's token: the change is undone, or the link is no longer good. */
export async function undoContactChange(token: string): Promise<ContactUndoOutcome> {
  const response = await apiFetch(CONTACT_UNDO_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify({ token }),
  });
  if (response.ok) {
    return { kind: 'undone', result: contactUndoResponseSchema.parse(await response.json()) };
  }
  return response.status === 410 ? { kind: 'invalid' } : { kind: 'failed' };
}
