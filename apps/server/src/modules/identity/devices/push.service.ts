import type { JsonWebKey } from 'node:crypto';
import { deliveryMessages } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { currentInspectorId, insertAuditEvent } from '../../audit';
import { findMfaDevice } from '../../directory';
import type { MessagingService } from '../../messaging';
import {
  PUSH_TTL_MS,
  decisionMessage,
  isFreshTimestamp,
  listingMessage,
  pushStatusAt,
  verifyDeviceSignature,
  type PushDecision,
  type PushStatus,
} from './push.rules';
import {
  decidePushRequest,
  findPushRequest,
  insertPushRequest,
  listPendingPushRequests,
  type PushRequestRow,
} from './push.store';

export interface PushContext {
  /** What the person approves, in words: 'Sign in to AnyBank', 'Transfer $1,500.00 …'. */
  title: string;
  details: Record<string, string>;
  /** For a transfer: the backchannel (CIBA) request the decision completes. */
  cibaRequestId?: string;
}

export type DecideResult = 'decided' | 'not_found' | 'refused' | 'already_decided';

export interface PushService {
  send(input: {
    /** Chosen by the caller when it must record the id before the request exists. */
    id?: string;
    userId: string;
    deviceId: string;
    kind: 'signin' | 'transfer' | 'helpdesk';
    context: PushContext;
  }): Promise<PushRequestRow>;
  statusOf(id: string): Promise<PushStatus | null>;
  /** A decision counts only with the signature of the device the request was sent to. */
  decide(input: {
    requestId: string;
    deviceId: string;
    decision: PushDecision;
    signature: string;
  }): Promise<DecideResult>;
  /** The device's pending requests; the device proves itself by signing the moment. */
  listForDevice(input: {
    deviceId: string;
    timestampMs: number;
    signature: string;
  }): Promise<PushRequestRow[] | null>;
}

function devicePublicKey(device: { publicKey: string | null } | null): JsonWebKey | null {
  if (!device?.publicKey) return null;
  try {
    return JSON.parse(device.publicKey) as JsonWebKey;
  } catch {
    return null;
  }
}

export function createPushService(deps: {
  db: Database;
  messaging: MessagingService;
  clock?: () => Date;
  /** Called after a decision is recorded (a transfer's approval completes its CIBA request). */
  onDecided?: (request: PushRequestRow, approved: boolean) => Promise<void>;
}): PushService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  return {
    async send({ id, userId, deviceId, kind, context: unbranded }) {
      const now = clock();
      // The phone shows the title as kept here: with the bank's current name (ADR 0020).
      const context = { ...unbranded, title: await deps.messaging.branded(unbranded.title) };
      const request = await insertPushRequest(db, {
        ...(id ? { id } : {}),
        userId,
        deviceId,
        kind,
        context,
        expiresAt: new Date(now.getTime() + PUSH_TTL_MS),
        // The phone decides from another browser; its answer shows in this panel (ADR 0021).
        inspectorId: currentInspectorId(),
      });
      const lines = Object.entries(context.details).map(([label, value]) => `${label}: ${value}`);
      await deps.messaging.send({
        channel: 'push',
        to: deviceId,
        subject: context.title,
        body: [context.title, ...lines, deliveryMessages.pushFooter].join('\n'),
        payload: { pushRequestId: request.id, kind, context },
        userId,
      });
      return request;
    },

    async statusOf(id) {
      const row = await findPushRequest(db, id);
      return row ? pushStatusAt(row, clock()) : null;
    },

    async decide({ requestId, deviceId, decision, signature }) {
      const row = await findPushRequest(db, requestId);
      if (!row) return 'not_found';
      const key = devicePublicKey(
        row.deviceId === deviceId ? await findMfaDevice(db, deviceId) : null,
      );
      if (!key || !verifyDeviceSignature(key, decisionMessage(requestId, decision), signature))
        return 'refused';
      const status = decision === 'approve' ? 'approved' : 'denied';
      if (!(await decidePushRequest(db, requestId, status, clock()))) return 'already_decided';
      await insertAuditEvent(db, {
        type: 'push.decided',
        userId: row.userId,
        details: { requestId, kind: row.kind, decision: status },
        inspectorId: row.inspectorId,
      });
      await deps.onDecided?.(row, status === 'approved');
      return 'decided';
    },

    async listForDevice({ deviceId, timestampMs, signature }) {
      const now = clock();
      const key = devicePublicKey(await findMfaDevice(db, deviceId));
      if (
        !key ||
        !isFreshTimestamp(timestampMs, now) ||
        !verifyDeviceSignature(key, listingMessage(deviceId, timestampMs), signature)
      ) {
        return null;
      }
      return listPendingPushRequests(db, deviceId, now);
    },
  };
}
