import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which "Behind the scenes" panel, if any, is watching the request being served (ADR 0021).
 * The HTTP layer enters it for a request that carries an open panel's cookie (demo tools on,
 * inspector.routes.ts `watchBrowsers`); everything the request causes, down to the audit store, reads it
 * here instead of being handed it through every service. Work started from that request (a
 * push sent, the bank's own CIBA calls made with `inject`) keeps it too.
 */
const watchingPanel = new AsyncLocalStorage<{ inspectorId: string; viewerId: string | null }>();

/** Runs `work` (and all it starts) as caused by the browser whose panel is `inspectorId`. */
export function runWatchedBy<T>(inspectorId: string, work: () => T): T {
  return watchingPanel.run({ inspectorId, viewerId: null }, work);
}

/** The panel watching the current request, or null: nobody watches (the usual case). */
export function currentInspectorId(): string | null {
  return watchingPanel.getStore()?.inspectorId ?? null;
}

/**
 * The watched browser has shown, in this request, that it is this customer: it presented their
 * access token, or its sign-in flow has passed their first factor (or was started with their
 * token: a step-up, a pairing). Nothing happens while no panel watches.
 */
export function panelViewerIs(userId: string): void {
  const watched = watchingPanel.getStore();
  if (watched) watched.viewerId = userId;
}

/**
 * The customer the watched browser has shown itself to be in this request, or null. A panel
 * narrates the messages sent to this customer only: never a stranger's address, nor (by a
 * message that appears or not) whether a username someone typed exists.
 */
export function currentPanelViewer(): string | null {
  return watchingPanel.getStore()?.viewerId ?? null;
}

/**
 * Open panels' streams on this instance, woken when one of their events is about to be written
 * here (they read it a moment later, once it has committed); each also reads on a slow timer
 * for events written by other instances.
 */
const streams = new Map<string, Set<() => void>>();

export function onPanelEvent(inspectorId: string, wake: () => void): () => void {
  const woken = streams.get(inspectorId) ?? new Set();
  woken.add(wake);
  streams.set(inspectorId, woken);
  return () => {
    woken.delete(wake);
    if (woken.size === 0) streams.delete(inspectorId);
  };
}

export function panelEventWritten(inspectorId: string): void {
  for (const wake of streams.get(inspectorId) ?? []) wake();
}
