import type { JsonWebKey } from 'node:crypto';
import { MAX_MFA_DEVICES } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import { insertAuditEvent } from '../../audit/audit.store';
import {
  findUserByUid,
  insertMfaDevice,
  listMfaDevicesOf,
  setMfaDevicePublicKey,
} from '../../directory/directory.store';
import type { MessagingService } from '../../messaging/messaging.service';
import type { OtpService } from '../credentials/otp.service';
import type { PasswordService } from '../credentials/password.service';

const ACTIVATION_PURPOSE = 'mobile-activation';

export interface ActivatedPhone {
  deviceId: string;
  deviceName: string;
  username: string;
  firstName: string;
}

export interface MobileActivationService {
  /** Step 1: the owner's password; a code goes to their e-mail. */
  start(input: { username: string; password: string; ip: string }): Promise<void>;
  /** Step 2: the code, and the public key the phone made: the phone becomes their push device. */
  complete(input: {
    username: string;
    code: string;
    publicKey: JsonWebKey;
    ip: string;
  }): Promise<ActivatedPhone>;
}

/**
 * Activating the bank's app on a phone, as real bank apps do: the owner proves who they are
 * with their password and a code sent to their e-mail, and the phone's own key is bound to
 * their push ("iPhone") device — the seeded one, or a new one within the device limit.
 */
export function createMobileActivationService(deps: {
  db: Database;
  passwords: PasswordService;
  otp: OtpService;
  messaging: MessagingService;
}): MobileActivationService {
  const { db } = deps;
  return {
    async start({ username, password, ip }) {
      const check = await deps.passwords.checkPassword(username, password, { ip });
      if (!check.ok) {
        throw check.reason === 'locked'
          ? new HttpError(423, 'locked out due to too many attempts, try again in 1 minute')
          : new HttpError(401, 'The username or password you entered is incorrect.');
      }
      const code = await deps.otp.issue({
        userId: check.user.id,
        purpose: ACTIVATION_PURPOSE,
        reference: check.user.id,
      });
      await deps.messaging.send({
        channel: 'email',
        to: check.user.email,
        subject: 'Activate the AnyBank app',
        body: `Your code to activate the AnyBank app on a phone is ${code}. It expires in 5 minutes. If this was not you, change your password.`,
        code,
      });
    },

    async complete({ username, code, publicKey, ip }) {
      const user = await findUserByUid(db, username);
      const verdict = user
        ? await deps.otp.verify({ purpose: ACTIVATION_PURPOSE, reference: user.id, code, ip })
        : { result: 'not_found' as const };
      if (!user || verdict.result !== 'ok') {
        throw new HttpError(400, 'That code is not right or has expired. Please start again.');
      }
      const devices = await listMfaDevicesOf(db, user.id);
      // Activating the app again (a new phone, a cleared browser) rebinds the existing push
      // device to the new key: the old phone can no longer approve anything.
      const phone = devices.find((device) => device.type === 'iPhone');
      const key = JSON.stringify(publicKey);
      if (phone) {
        // A new key is a new phone holding the device: audited as an addition, marked rebound.
        await db.transaction(async (tx) => {
          await setMfaDevicePublicKey(tx, phone.id, key);
          await insertAuditEvent(tx, {
            type: 'device.added',
            userId: user.id,
            ip,
            details: {
              deviceId: phone.id,
              deviceType: phone.type,
              via: 'app-activation',
              rebound: true,
            },
          });
        });
        return {
          deviceId: phone.id,
          deviceName: phone.name,
          username: user.uid,
          firstName: user.firstName,
        };
      }
      if (devices.length >= MAX_MFA_DEVICES) {
        throw new HttpError(
          409,
          'MAXIMUM ALLOWED METHODS LIMIT: remove a sign-in method before adding this phone.',
        );
      }
      const added = await db.transaction(async (tx) => {
        const device = await insertMfaDevice(tx, {
          userId: user.id,
          type: 'iPhone',
          name: 'iPhone',
          publicKey: key,
        });
        await insertAuditEvent(tx, {
          type: 'device.added',
          userId: user.id,
          ip,
          details: { deviceId: device.id, deviceType: device.type, via: 'app-activation' },
        });
        return device;
      });
      return {
        deviceId: added.id,
        deviceName: added.name,
        username: user.uid,
        firstName: user.firstName,
      };
    },
  };
}
