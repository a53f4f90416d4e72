import type { OutboxMessage, PushDecision, PushRequest } from '@anybank/contracts';

/**
 * Answering push messages from the outbox page with this browser's phone key. The outbox says
 * which device a push went to (`to`), its title (`subject`) and when (`createdAt`), but not the
 * request's id; the device's signed listing has the ids of its pending requests. A message is
 * paired with the pending request of the same title sent closest to it (the server stores the
 * request, then the message, a few milliseconds apart), each request with one message at most.
 */

/** Further apart than this, a message and a request are not the same push. */
export const PUSH_MATCH_TOLERANCE_MS = 10_000;

function sameDevice(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The push messages to `deviceId` paired with its pending requests: message id → request. */
export function matchPushRequests(
  messages: readonly OutboxMessage[],
  requests: readonly PushRequest[],
  deviceId: string,
): Map<string, PushRequest> {
  const candidates: { message: string; request: PushRequest; distance: number }[] = [];
  for (const message of messages) {
    if (message.channel !== 'push' || !sameDevice(message.to, deviceId)) continue;
    const sentAt = Date.parse(message.createdAt);
    if (Number.isNaN(sentAt)) continue;
    for (const request of requests) {
      if (request.context.title !== message.subject) continue;
      const distance = Math.abs(Date.parse(request.createdAt) - sentAt);
      if (distance <= PUSH_MATCH_TOLERANCE_MS) {
        candidates.push({ message: message.id, request, distance });
      }
    }
  }
  // Closest pairs first; ties keep the server's order (oldest request first).
  candidates.sort((a, b) => a.distance - b.distance);
  const matches = new Map<string, PushRequest>();
  const taken = new Set<string>();
  for (const { message, request } of candidates) {
    if (matches.has(message) || taken.has(request.id)) continue;
    matches.set(message, request);
    taken.add(request.id);
  }
  return matches;
}

/** What a push message's card offers. */
export type PushCardState =
  /** This browser holds no key for the device the push went to. */
  | { kind: 'no-key' }
  /** The server refused this browser's key for the device: activate again. */
  | { kind: 'not-activated' }
  /** Not known yet whether the request still waits (no listing since the message arrived). */
  | { kind: 'checking' }
  | { kind: 'pending'; request: PushRequest }
  /** Answered here: the decision that was sent. */
  | { kind: 'decided'; decision: PushDecision }
  /** No longer waiting: answered elsewhere, or expired. */
  | { kind: 'settled' };

export interface PushListing {
  status: 'loading' | 'ready' | 'not-activated' | 'failed';
  /** When the listing in `matches` was asked for (this browser's clock); null before. */
  checkedAt: number | null;
  matches: ReadonlyMap<string, PushRequest>;
}

export interface PushCardContext {
  /** The device of the phone key this browser holds; null: none. */
  phoneDeviceId: string | null;
  listing: PushListing;
  /** When each message first appeared on this page (this browser's clock). */
  firstSeenAt: ReadonlyMap<string, number>;
  /** Decisions sent from this page, by message id. */
  decisions: ReadonlyMap<string, PushDecision>;
}

export function pushCardState(message: OutboxMessage, context: PushCardContext): PushCardState {
  const { phoneDeviceId, listing } = context;
  if (phoneDeviceId === null || !sameDevice(message.to, phoneDeviceId)) return { kind: 'no-key' };
  const decision = context.decisions.get(message.id);
  if (decision) return { kind: 'decided', decision };
  if (listing.status === 'not-activated') return { kind: 'not-activated' };
  const request = listing.matches.get(message.id);
  if (request) return { kind: 'pending', request };
  // Only a listing asked for after the message was seen can tell that it waits no more.
  const seenAt = context.firstSeenAt.get(message.id);
  const listedSince =
    listing.checkedAt !== null && seenAt !== undefined && listing.checkedAt >= seenAt;
  return listing.status === 'ready' && listedSince ? { kind: 'settled' } : { kind: 'checking' };
}
