import { createHash } from 'node:crypto';
import { EVENT_EXPLANATIONS, pageRoute, type InspectorEntry } from '@anybank/contracts';
import type { AuditEventType } from '../audit/audit.rules';

/**
 * "Behind the scenes" (ADR 0021): which browser a panel is, and what it is shown. The panel's
 * cookie holds a random token; the audit log only ever holds its hash (the inspector id), so
 * reading the log never gives anyone a panel's cookie.
 */

export const INSPECTOR_COOKIE = 'anybank_inspect';
/** 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The inspector id of a panel cookie, or null for anything that is not one. */
export function inspectorIdOf(token: string | undefined): string | null {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  return createHash('sha256').update(token).digest('base64url').slice(0, 32);
}

/**
 * Whether a request is a browser loading a page (Fetch Metadata: `Sec-Fetch-Mode: navigate`,
 * sent by every current browser): such a browser is watched from then on (ADR 0021). An API
 * client, a script or a benchmark sends no such header, and is never given a panel.
 */
export function isBrowserNavigation(headers: Record<string, string | string[] | undefined>) {
  return headers['sec-fetch-mode'] === 'navigate';
}

/**
 * Keys whose values never reach a panel, wherever they sit in the details: what would let
 * someone sign in or use a token. Compared without regard to case, with `_` and `-` ignored.
 */
const SECRET_KEYS = new Set([
  'password',
  'newpassword',
  'currentpassword',
  'code',
  'otp',
  'secret',
  'clientsecret',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'signature',
  'assertion',
  'ticket',
  'cookie',
]);
export const REDACTED = '[redacted]';

const isSecretKey = (key: string) => SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ''));
/** A compact JWS (header.payload.signature): shown without its signature. */
const JWS = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/;

/** The details with every secret replaced (see SECRET_KEYS) and token signatures cut off. */
export function redactDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactDetails);
  if (typeof value === 'string') {
    return JWS.test(value) ? `${value.slice(0, value.lastIndexOf('.'))}.${REDACTED}` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSecretKey(key) ? REDACTED : redactDetails(inner),
    ]),
  );
}

export interface StoredEvent {
  id: number;
  type: string;
  details: unknown;
  createdAt: Date;
}

/** The outbox page showing one message (the link of a `message.sent` entry). */
function outboxLinkOf(details: Record<string, unknown>): string | null {
  const { outboxRecipient: recipient, messageId } = details;
  if (typeof recipient !== 'string' || typeof messageId !== 'string') return null;
  return `${pageRoute('outbox').paths[0]}?${new URLSearchParams({ to: recipient, message: messageId })}`;
}

/** What the panel shows of one audit event. */
export function entryOf(event: StoredEvent): InspectorEntry {
  const details = (redactDetails(event.details) ?? {}) as Record<string, unknown>;
  const explained = EVENT_EXPLANATIONS[event.type as AuditEventType];
  return {
    id: event.id,
    type: event.type,
    at: event.createdAt.toISOString(),
    title: explained?.title ?? event.type,
    explanation: explained?.explain(details) ?? event.type,
    details,
    outboxLink: event.type === 'message.sent' ? outboxLinkOf(details) : null,
  };
}
