import type { HelpDeskAction, HelpDeskSession } from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent, type AuditEvent } from '../audit';
import type { DirectoryService, UserRow } from '../directory';
import { PHONE_DEVICE, type SignInLockService } from '../identity';
import type { CredentialStatusService } from '../verifiable-credentials';
import type { SecurityNotices } from '../messaging';
import { deviceRemoval, settle, transition } from './helpdesk.rules';
import { lockSessionOfRep, saveState, stateOf } from './helpdesk.store';
import { REFUSALS, type HelpDeskCall, type HelpDeskSessions } from './helpdesk-session';

/** The bank's phone app: the device the wallet lives on. */
function isPhoneDevice(device: { type: string }): boolean {
  return device.type === PHONE_DEVICE.type;
}

/**
 * What the rep does for a verified customer (document 2 §2 "Customer service", §7): lift their
 * sign-in lock, or remove a device they lost. Each runs in one short transaction with the
 * session locked; the customer is told of a removed device once it has committed.
 */
export function createHelpDeskActions(deps: {
  db: Database;
  directory: Pick<DirectoryService, 'listDevicesOf' | 'removeDeviceOf'>;
  signInLocks: Pick<SignInLockService, 'unlock'>;
  notices: SecurityNotices;
  /** A removed phone takes the wallet's credentials with it: their status says revoked. */
  credentials?: Pick<CredentialStatusService, 'revokeEvery'> | undefined;
  sessions: HelpDeskSessions;
  clock: () => Date;
}) {
  const { db, directory, sessions, clock } = deps;

  /**
   * An action on the customer: the state machine says whether the customer is verified, the
   * action runs, the session is done. A refusal is recorded (committed) before it is thrown.
   */
  async function act(
    call: HelpDeskCall,
    sessionId: string,
    action: HelpDeskAction,
    perform: (
      tx: Queryable,
      customer: UserRow,
    ) => Promise<{ refused: DomainError } | { deviceName: string | null; change?: AuditEvent }>,
  ): Promise<HelpDeskSession> {
    const outcome = await db.transaction(async (tx) => {
      const row = await lockSessionOfRep(tx, sessionId, call.rep.userId);
      if (!row) return { refused: new DomainError('help_desk_no_such_session') };
      const customer = await sessions.customerOf(tx, row);
      const session = { id: row.id, customer };
      const now = clock();
      const before = stateOf(row);
      const next = transition(before, { type: 'ACTION_DONE', action }, now);
      if (!next.ok) {
        // What time did to the session is kept (a passed window ends it), and the attempt too.
        const after = settle(before, now);
        if (after !== before && (await saveState(tx, row, after))) {
          await sessions.recordStep(tx, call, session, before, after);
        }
        await sessions.audit(tx, call, session, 'refused', { action, reason: next.refusal });
        return { refused: REFUSALS[next.refusal]() };
      }
      const done = await perform(tx, customer);
      if ('refused' in done) {
        await sessions.audit(tx, call, session, 'refused', {
          action,
          reason: done.refused.message,
        });
        return done;
      }
      const saved = await saveState(tx, row, next.state, { actionDeviceName: done.deviceName });
      if (!saved) throw new Error(`help-desk session ${row.id} changed while locked`);
      await sessions.recordStep(tx, call, session, before, next.state, {
        deviceName: done.deviceName,
      });
      return { row: saved, customer, change: done.change };
    });
    if ('refused' in outcome) throw outcome.refused;
    if (outcome.change) await deps.notices.tell(outcome.change);
    return sessions.viewOf(outcome.row, outcome.customer);
  }

  return {
    unlock(call: HelpDeskCall, sessionId: string) {
      return act(call, sessionId, 'unlock', async (tx, customer) => {
        await deps.signInLocks.unlock(tx, customer.uid);
        await insertAuditEvent(tx, {
          type: 'signin.unlocked',
          userId: customer.id,
          ip: call.ip,
          details: { uid: customer.uid, by: call.rep.userId, helpDeskSessionId: sessionId },
        });
        return { deviceName: null };
      });
    },

    removeDevice(call: HelpDeskCall, sessionId: string, deviceId: string) {
      return act(call, sessionId, 'remove_device', async (tx, customer) => {
        const devices = await directory.listDevicesOf(customer.id, tx);
        const verdict = deviceRemoval(devices, deviceId);
        if (verdict === 'not_theirs') {
          return { refused: new DomainError('help_desk_no_such_device') };
        }
        if (verdict === 'last_device') {
          return { refused: new DomainError('help_desk_last_device') };
        }
        const device = devices.find((candidate) => candidate.id === deviceId);
        if (!(await directory.removeDeviceOf(tx, customer.id, deviceId))) {
          return { refused: new DomainError('help_desk_no_such_device') };
        }
        // The customer's own record of losing a factor; the help-desk step names the session.
        const change: AuditEvent = {
          type: 'device.removed',
          userId: customer.id,
          ip: call.ip,
          details: {
            deviceId,
            deviceType: device?.type ?? null,
            via: 'help-desk',
            by: call.rep.userId,
            helpDeskSessionId: sessionId,
          },
        };
        await insertAuditEvent(tx, change);
        // A lost phone: the credentials its wallet holds must stop working for every verifier.
        if (device && isPhoneDevice(device) && deps.credentials) {
          await deps.credentials.revokeEvery(tx, {
            userId: customer.id,
            reason: 'lost_phone',
            ip: call.ip,
          });
        }
        return { deviceName: device?.nickname ?? device?.name ?? null, change };
      });
    },
  };
}
