import { INSPECTOR_EVENTS_PATH, journeySchema, type Journey } from '@anybank/contracts';
import { apiUrl } from '../../lib/api';

// Apart from panel-api.ts, which the footer's switch uses on every page: the entries' schema
// (and zod) load with the panel only (ADR 0024).

/**
 * Listens to the panel's journeys (server-sent events: the browser reconnects by itself; the
 * server sends a journey again, whole, each time it grows). `onLost` is called when the server
 * refuses the stream: the panel cookie is gone (a restarted browser), and a new panel must be
 * opened.
 */
export function listenToPanel(handlers: {
  onJourney: (journey: Journey) => void;
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
  source.addEventListener('journey', (event) => {
    const parsed = journeySchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
    if (parsed.success) handlers.onJourney(parsed.data);
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
