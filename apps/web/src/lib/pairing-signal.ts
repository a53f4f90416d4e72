import { useSyncExternalStore } from 'react';
import type { FlowResponse } from '@anybank/contracts';

/**
 * Adding a device from a page (the profile page) without that page knowing the login modal:
 * the page starts the pairing flow and hands its first answer over with `requestPairing`; the
 * app's modal host (`usePairingRequest`) shows the login modal's pairing tabs for it, and calls
 * `finishPairing` when the modal closes, which tells `onPairingDone` listeners (refresh a list).
 */

type Listener = () => void;

let current: FlowResponse | null = null;
const requestListeners = new Set<Listener>();
const doneListeners = new Set<Listener>();

function subscribe(listener: Listener): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function setCurrent(flow: FlowResponse | null) {
  current = flow;
  for (const listener of [...requestListeners]) listener();
}

/** Opens the pairing tabs for this pairing flow (its start answer). */
export function requestPairing(flow: FlowResponse): void {
  setCurrent(flow);
}

/** The pairing flow to show, or null; re-renders when a pairing is asked for or ends. */
export function usePairingRequest(): FlowResponse | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** The pairing modal closed (done, cancelled or dismissed): listeners may refresh. */
export function finishPairing(): void {
  setCurrent(null);
  for (const listener of [...doneListeners]) listener();
}

/** Calls `listener` each time a pairing ends; returns the unsubscribe. */
export function onPairingDone(listener: Listener): () => void {
  doneListeners.add(listener);
  return () => doneListeners.delete(listener);
}
