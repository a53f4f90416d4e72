import { INSPECTOR_PATH, XSRF_HEADER } from '@anybank/contracts';
import { apiFetch } from '../../lib/api';
import { sessionStore } from '../../lib/session-storage';

/** This tab's "Behind the scenes" flag (ADR 0021): kept across pages and sign-ins. */
export const PANEL_ITEM = '{product}BehindTheScenes';

/**
 * Opens this browser's panel: the server gives it its HttpOnly panel cookie (or keeps the one it
 * has, with what it recorded), and from then on records what this browser causes for it.
 */
export async function openPanel(): Promise<boolean> {
  const response = await apiFetch(INSPECTOR_PATH, {
    method: 'POST',
    headers: { [XSRF_HEADER]: '1' },
  });
  if (!response.ok) return false;
  sessionStore.set(PANEL_ITEM, 'open');
  return true;
}

/** Closes the panel: the cookie goes, and nothing more is recorded for this browser. */
export async function closePanel(): Promise<void> {
  sessionStore.remove(PANEL_ITEM);
  await apiFetch(INSPECTOR_PATH, { method: 'DELETE', headers: { [XSRF_HEADER]: '1' } });
}
