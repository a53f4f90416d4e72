import type { ContactKind } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import type { SessionsService } from '../identity';
import { maskEmail, maskPhone } from './contact-mask.rules';
import {
  emailBelongsToAnother,
  lockChangeByUndoToken,
  markContactChangeUndone,
  supersedePendingChanges,
} from './contact-change.store';
import { sameDeviceTarget, storedTarget, type TargetKind } from './directory.rules';
import { DEVICE_OF_TARGET } from './contact-devices';
import { lockUserById } from './directory-entry.store';
import {
  deleteMfaDevices,
  insertMfaDevice,
  listMfaDevicesOf,
  setMfaDeviceUseWindow,
  updateUser,
} from './directory.store';

export interface ContactUndoService {
  /**
   * "This wasn't me" (the link sent to the previous address or number when a change is
   * confirmed): puts the previous one back as the contact detail and sign-in device, removes
   * the new one, drops any change still waiting for its code, and ends every session of the
   * account, in one transaction with its audit event. The link works once, until it expires;
   * otherwise 410 `contact_undo_link_invalid`, and nothing changes.
   */
  undo(token: string, ip: string): Promise<{ kind: ContactKind; restored: string }>;
}

export function createContactUndoService(deps: {
  db: Database;
  sessions: Pick<SessionsService, 'endAllBut' | 'forgetEveryRememberedBrowser'>;
  clock?: () => Date;
}): ContactUndoService {
  const clock = deps.clock ?? (() => new Date());
  return {
    async undo(token, ip) {
      const at = clock();
      return deps.db.transaction(async (tx) => {
        const change = await lockChangeByUndoToken(tx, token);
        if (!change?.previousValue || !change.undoExpiresAt || change.undoExpiresAt <= at) {
          throw new DomainError('contact_undo_link_invalid');
        }
        const user = await lockUserById(tx, change.userId);
        if (!user) throw new DomainError('contact_undo_link_invalid');
        const kind = change.kind as ContactKind;
        const previous = change.previousValue;
        const targetKind: TargetKind = kind === 'email' ? 'email' : 'phone';
        const { type } = DEVICE_OF_TARGET[targetKind];

        // The contact detail: back to the previous one (an address someone else took since
        // stays theirs; the device below still brings the previous one back as a way in).
        if (kind === 'mobile') await updateUser(tx, user.id, { mobile: previous });
        else if (!(await emailBelongsToAnother(tx, previous, user.id))) {
          await updateUser(tx, user.id, { email: previous });
        }

        // The devices: the new one goes, the previous one signs in again with no end.
        const devices = (await listMfaDevicesOf(tx, user.id)).filter(
          (device) => device.type === type,
        );
        const added = devices.filter((device) =>
          sameDeviceTarget(targetKind, device.target, change.newValue),
        );
        const replaced = devices.filter((device) =>
          sameDeviceTarget(targetKind, device.target, previous),
        );
        await deleteMfaDevices(
          tx,
          added.map((device) => device.id),
        );
        if (replaced.length > 0) {
          await setMfaDeviceUseWindow(
            tx,
            replaced.map((device) => device.id),
            { inUseFrom: null, inUseUntil: null },
          );
        } else {
          await insertMfaDevice(tx, {
            userId: user.id,
            type,
            name: type,
            target: storedTarget(targetKind, previous),
          });
        }

        await markContactChangeUndone(tx, change.id, at);
        await supersedePendingChanges(tx, user.id);
        // Whoever changed it may be signed in anywhere: every session ends, this browser's too.
        await deps.sessions.endAllBut(tx, user.id, null, ip, 'contact-change-undone');
        // …and no browser they made remembered skips the second factor afterwards.
        await deps.sessions.forgetEveryRememberedBrowser(
          tx,
          { userId: user.id, ip, at },
          'contact-change-undone',
        );
        await insertAuditEvent(tx, {
          type: 'contact.change_undone',
          userId: user.id,
          ip,
          details: { kind, changeId: change.id, removedDevices: added.length },
        });
        return { kind, restored: kind === 'email' ? maskEmail(previous) : maskPhone(previous) };
      });
    },
  };
}
