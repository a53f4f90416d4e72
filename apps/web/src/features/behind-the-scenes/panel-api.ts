import { INSPECTOR_PATH, XSRF_HEADER } from '@anybank/contracts';
import { apiFetch } from '../../lib/api';
import { sessionStore } from '../../lib/session-storage';

/** This tab's "Behind the scenes" flag (ADR 0021): kept across pages and sign-ins. */
export const PANEL_ITEM = '{product}BehindTheScenes';

/**
 * Opens this browser's panel: the server keeps the HttpOnly panel cookie the browser was given
 * at its first page, with what it recorded (or gives it one, if it has none).
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

/**
 * Closes the panel in this tab. The browser stays watched (ADR 0021: from its first page, while
 * demo tools are on), so that opening it again replays what happened meanwhile.
 */
export function closePanel(): void {
  sessionStore.remove(PANEL_ITEM);
}
