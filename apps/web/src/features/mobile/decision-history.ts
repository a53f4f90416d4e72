import type { PushDecision, PushRequest } from '@anybank/contracts';
import { orderedDetails } from './push-details';

/**
 * The phone's record of the answers given on it ("a history of past decisions").
 * The server lists a device's *pending* requests only (GET …/push-requests answers nothing once
 * a request is decided or expired), so the phone keeps its own record, in this browser's
 * storage (use-decision-history.ts), as a real app keeps its notification history on the
 * device. DOM-free: parsing and adding are pure.
 */

export interface PastDecision {
  requestId: string;
  /** 'signin', 'transfer', 'helpdesk', … as the request said. */
  kind: string;
  title: string;
  /** The request's details in the phone's order (amount and accounts, or browser and place). */
  details: [string, string][];
  decision: PushDecision;
  /** When it was answered (ISO 8601). */
  decidedAt: string;
}

/** The newest decisions kept; older ones drop off. */
export const HISTORY_LIMIT = 20;

const NO_DECISIONS: readonly PastDecision[] = [];

function isPastDecision(value: unknown): value is PastDecision {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.requestId === 'string' &&
    typeof entry.kind === 'string' &&
    typeof entry.title === 'string' &&
    (entry.decision === 'approve' || entry.decision === 'deny') &&
    typeof entry.decidedAt === 'string' &&
    Array.isArray(entry.details) &&
    entry.details.every(
      (pair) =>
        Array.isArray(pair) &&
        pair.length === 2 &&
        typeof pair[0] === 'string' &&
        typeof pair[1] === 'string',
    )
  );
}

/** The stored list, newest first; anything unreadable in it is left out. */
export function parseHistory(raw: string | null): readonly PastDecision[] {
  if (raw === null) return NO_DECISIONS;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isPastDecision) : NO_DECISIONS;
  } catch {
    return NO_DECISIONS;
  }
}

/** The decision taken on `request` now, as the history keeps it. */
export function decisionOn(request: PushRequest, decision: PushDecision, at: Date): PastDecision {
  return {
    requestId: request.id,
    kind: request.kind,
    title: request.context.title,
    // The time it was sent is not kept: the entry says when it was answered.
    details: orderedDetails(request.context.details).filter(([label]) => label !== 'Time'),
    decision,
    decidedAt: at.toISOString(),
  };
}

/** The history with `entry` first (once per request), at most HISTORY_LIMIT long. */
export function withDecision(
  history: readonly PastDecision[],
  entry: PastDecision,
): PastDecision[] {
  const others = history.filter((past) => past.requestId !== entry.requestId);
  return [entry, ...others].slice(0, HISTORY_LIMIT);
}
