import { outboxResponseSchema } from '@anybank/contracts';
import type { OutboxResponse } from '@anybank/contracts';
import { getJson } from '../../lib/api';

export const OUTBOX_LIMIT = 50;

/** The newest outbox messages, for one recipient or (empty `to`) for everyone. */
export function fetchOutbox(to: string, signal: AbortSignal): Promise<OutboxResponse> {
  const query = new URLSearchParams({ limit: String(OUTBOX_LIMIT) });
  if (to) query.set('to', to);
  return getJson(`/api/dev/outbox?${query.toString()}`, outboxResponseSchema, { signal });
}
