import {
  INSPECTOR_EVENTS_PATH,
  INSPECTOR_PATH,
  XSRF_HEADER,
  inspectorEntrySchema,
  type InspectorEntry,
} from '@anybank/contracts';
import { apiFetch, apiUrl } from '../../lib/api';
import { sessionStore } from '../../lib/session-storage';

/** This tab's "Behind the scenes" flag (issue 15 §1): kept across pages and sign-ins. */
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

/**
 * Listens to the panel's events (server-sent events: the browser reconnects by itself and
 * resumes after the last entry). `onLost` is called when the server refuses the stream: the
 * panel cookie is gone (a restarted browser), and a new panel must be opened.
 */
export function listenToPanel(handlers: {
  onEntry: (entry: InspectorEntry) => void;
  onOpen: () => void;
  onLost: () => void;
}): () => void {
  const source = new EventSource(apiUrl(INSPECTOR_EVENTS_PATH));
  // A page being left closes its stream too: that is not a lost panel, and opening one from a
  // page on its way out would only race the next page.
  let leaving = false;
  const leave = () => {
    leaving = true;
  };
  const back = () => {
    leaving = false;
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pageshow', back);
  source.addEventListener('open', handlers.onOpen);
  source.addEventListener('entry', (event) => {
    const parsed = inspectorEntrySchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
    if (parsed.success) handlers.onEntry(parsed.data);
  });
  source.addEventListener('error', () => {
    // CLOSED: the server answered with something other than a stream (409: no panel cookie);
    // otherwise the browser is already reconnecting on its own.
    if (source.readyState === EventSource.CLOSED && !leaving) handlers.onLost();
  });
  return () => {
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('beforeunload', leave);
    window.removeEventListener('pageshow', back);
    source.close();
  };
}
