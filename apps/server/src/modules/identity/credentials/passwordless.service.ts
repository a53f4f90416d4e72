import { messages, type PasswordlessStatus } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent, type AuditEvent } from '../../audit';
import {
  findUserById,
  listMfaDevicesOf,
  lockUserById,
  removeUserPassword,
  renameMfaDeviceOf,
  type MfaDeviceRow,
} from '../../directory';
import type { SecurityNotices } from '../../messaging';
import { cleanPasskeyName } from '../factors/passkey/passkey-name.rules';
import type { Principal } from '../oauth/access-token';
import type { RecentAuthentication } from '../oauth/recent-authentication';
import { PASSKEY_DEVICE_TYPES } from './passkey-only.rules';

export interface PasswordlessService {
  /** Whether the customer has a password, and how many passkeys (the page shows the section). */
  status(principal: Principal): Promise<PasswordlessStatus>;
  /**
   * "Sign in without a password": the password goes, the preference becomes
   * 'Device' — a passkey-only account (passkey-only.rules.ts). Refused without a passkey (the
   * customer could not sign in) or without a password; needs a recent sign-in or step-up.
   * A password comes back through the sign-in method switch to Password (document 2 §7).
   */
  removePassword(principal: Principal, ip: string): Promise<void>;
  /** A passkey's new name; only the customer's own passkeys. */
  renamePasskey(principal: Principal, deviceId: string, name: string): Promise<string>;
}

const passkeysOf = (devices: readonly MfaDeviceRow[]) =>
  devices.filter((device) => PASSKEY_DEVICE_TYPES.includes(device.type) && device.credentialId);

export function createPasswordlessService(deps: {
  db: Database;
  recentAuth: Pick<RecentAuthentication, 'requireRecentAuthentication'>;
  notices: Pick<SecurityNotices, 'tell'>;
}): PasswordlessService {
  const { db } = deps;
  return {
    async status(principal) {
      const [user, devices] = await Promise.all([
        findUserById(db, principal.userId),
        listMfaDevicesOf(db, principal.userId),
      ]);
      if (!user) throw new DomainError('sign_in_required');
      return { hasPassword: user.passwordHash !== null, passkeys: passkeysOf(devices).length };
    },

    async removePassword(principal, ip) {
      const user = await findUserById(db, principal.userId);
      if (!user) throw new DomainError('sign_in_required');
      if (user.passwordHash === null) throw new DomainError('passwordless_no_password');
      // Checked before the step-up is asked for: no confirming it is you for a refusal.
      if (passkeysOf(await listMfaDevicesOf(db, user.id)).length === 0) {
        throw new DomainError('passwordless_needs_passkey');
      }
      await deps.recentAuth.requireRecentAuthentication(principal);
      const removal = await db.transaction(async (tx): Promise<AuditEvent> => {
        // The user row is locked: a passkey removed meanwhile is seen here, not after.
        await lockUserById(tx, user.id);
        const passkeys = passkeysOf(await listMfaDevicesOf(tx, user.id)).length;
        if (passkeys === 0) throw new DomainError('passwordless_needs_passkey');
        await removeUserPassword(tx, user.id);
        const event: AuditEvent = {
          type: 'password.removed',
          userId: user.id,
          ip,
          details: { passkeys },
        };
        await insertAuditEvent(tx, event);
        return event;
      });
      await deps.notices.tell(removal);
    },

    async renamePasskey(principal, deviceId, name) {
      const nickname = cleanPasskeyName(name);
      if (nickname === null) {
        throw new DomainError('invalid_input', {
          details: [{ field: 'name', message: messages.passkeyNames.nameRequired }],
        });
      }
      // A name is the customer's own label: no step-up, no audit event (nothing is secured by it).
      if (
        !(await renameMfaDeviceOf(db, principal.userId, deviceId, PASSKEY_DEVICE_TYPES, nickname))
      ) {
        throw new DomainError('passkey_not_found');
      }
      return nickname;
    },
  };
}
