import type { AuditEvent } from './audit-log';

/**
 * Who is told of each audit event once its statement has written it (or, for a
 * panel-only event no panel watches, once its step has: the event happened, only its row is
 * left out). The metrics (audit-metrics.ts) count sign-ins, risk levels, transfers and CIBA
 * decisions here, from the facts the log already records, not from a second path. With no
 * listener (metrics off) a write costs one size check. An event written inside a transaction
 * that later fails (an error, rare) has been told all the same.
 */
export type AuditEventListener = (event: Pick<AuditEvent, 'type' | 'details'>) => void;

const listeners = new Set<AuditEventListener>();

/** Tells `listener` of every audit event recorded in this process; answers how to stop. */
export function onAuditEventsRecorded(listener: AuditEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the audit writes once their statement has succeeded (audit.store.ts). */
export function auditEventsRecorded(events: readonly AuditEvent[]): void {
  if (listeners.size === 0) return;
  for (const event of events) for (const listener of listeners) listener(event);
}
