import { useMemo, useState } from 'react';
import type { OutboxMessage, PushDecision } from '@anybank/contracts';
import { PHONE_CANNOT_SIGN_MESSAGE, decidePushRequest } from '../../lib/phone-api';
import type { PhoneAnswer } from '../../lib/phone-api';
import { usePhone } from '../../lib/phone-key';
import { usePushRequests } from '../../lib/use-push-requests';
import { matchPushRequests, pushCardState } from './push-answers';
import type { PushCardState, PushListing } from './push-answers';

const NO_MESSAGES: readonly OutboxMessage[] = [];
const NOT_SEEN: ReadonlyMap<string, number> = new Map();

export interface PushAnswers {
  stateOf(message: OutboxMessage): PushCardState;
  isBusy(message: OutboxMessage): boolean;
  failureOf(message: OutboxMessage): string | null;
  decide(message: OutboxMessage, decision: PushDecision): void;
}

/**
 * Approve and Deny for the outbox's push messages, with this browser's phone key. The device's
 * requests are listed (signed, every 2 s) only while the page shows a push to that device.
 */
export function usePushAnswers(
  messages: readonly OutboxMessage[] = NO_MESSAGES,
  firstSeenAt: ReadonlyMap<string, number> = NOT_SEEN,
): PushAnswers {
  const phone = usePhone();
  const phoneDeviceId = phone?.deviceId ?? null;
  const showsPushToPhone =
    phoneDeviceId !== null &&
    messages.some(
      (message) =>
        message.channel === 'push' && message.to.toLowerCase() === phoneDeviceId.toLowerCase(),
    );
  const requests = usePushRequests(showsPushToPhone ? phoneDeviceId : null);
  const [decisions, setDecisions] = useState<ReadonlyMap<string, PushDecision>>(() => new Map());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(() => new Map());

  const listing = useMemo<PushListing>(
    () => ({
      status: requests.status,
      checkedAt: requests.status === 'ready' ? requests.checkedAt : null,
      matches:
        requests.status === 'ready' && phoneDeviceId !== null
          ? matchPushRequests(messages, requests.requests, phoneDeviceId)
          : new Map(),
    }),
    [requests, messages, phoneDeviceId],
  );

  const stateOf = (message: OutboxMessage) =>
    pushCardState(message, { phoneDeviceId, listing, firstSeenAt, decisions });

  const decide = async (message: OutboxMessage, decision: PushDecision) => {
    const state = stateOf(message);
    if (state.kind !== 'pending' || phoneDeviceId === null) return;
    setBusy((before) => new Set(before).add(message.id));
    setFailures((before) => withoutKey(before, message.id));
    let answer: PhoneAnswer<null>;
    try {
      answer = await decidePushRequest(phoneDeviceId, state.request.id, decision);
    } catch (error) {
      console.error('Could not sign the decision', error);
      answer = { ok: false, status: 0, message: PHONE_CANNOT_SIGN_MESSAGE };
    }
    setBusy((before) => {
      const after = new Set(before);
      after.delete(message.id);
      return after;
    });
    if (answer.ok) {
      setDecisions((before) => new Map(before).set(message.id, decision));
    } else {
      setFailures((before) => new Map(before).set(message.id, answer.message));
    }
  };

  return {
    stateOf,
    isBusy: (message) => busy.has(message.id),
    failureOf: (message) => failures.get(message.id) ?? null,
    decide: (message, decision) => void decide(message, decision),
  };
}

function withoutKey<Value>(
  map: ReadonlyMap<string, Value>,
  key: string,
): ReadonlyMap<string, Value> {
  if (!map.has(key)) return map;
  const after = new Map(map);
  after.delete(key);
  return after;
}
