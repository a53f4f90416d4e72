import type { JsonWebKey } from 'node:crypto';
import { MAX_MFA_DEVICES } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent, panelViewerIs, type AuditEvent } from '../../audit';
import {
  findUserByUid,
  insertMfaDevice,
  listMfaDevicesOf,
  setMfaDevicePublicKey,
} from '../../directory';
import type { SecurityNotices } from '../../messaging';
import { PHONE_DEVICE } from '../challenge/methods/phone-push/phone-push.device';
import type { ChallengeService } from '../challenge/challenge.service';
import type { PasswordService } from '../credentials/password.service';
import type { RiskService } from '../risk/risk.service';

/** The challenge engine's purpose of the activation code; the reference is the owner's id. */
const ACTIVATION_PURPOSE = 'phone-activation';

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
  risk: Pick<RiskService, 'evaluate'>;
  /** Sends the code to the owner's e-mail address and checks it (ADR 0026). */
  challenges: ChallengeService;
  notices: SecurityNotices;
}): MobileActivationService {
  const { db } = deps;
  return {
    async start({ username, password, ip }) {
      // The guessing rules of the browser's sign-in apply here too: the minute's lock alone would
      // let a guesser try about 5 passwords a minute for ever (ASVS 2.2.1). No browser reports
      // anything, so only the failed-sign-in counts decide; an unknown username goes on to the
      // password check, which refuses it like a wrong password.
      const risk = await deps.risk.evaluate({
        username,
        riskPayload: null,
        ip,
        consumeOverride: false,
      });
      if (risk.known && risk.result.level !== 'LOW') {
        throw new DomainError('phone_sign_in_risk', { message: risk.result.recommendedAction });
      }
      const check = await deps.passwords.checkPassword(username, password, { ip });
      if (!check.ok) {
        throw check.reason === 'locked'
          ? new DomainError('phone_locked_out')
          : new DomainError('phone_wrong_credentials');
      }
      // The password is right: a watching panel may hear of the code sent to its owner.
      panelViewerIs(check.user.id);
      await deps.challenges.start({
        subjectId: check.user.id,
        purpose: ACTIVATION_PURPOSE,
        reference: check.user.id,
        context: {},
        target: { channel: 'email', address: check.user.email },
        request: { ip, userAgent: null },
      });
    },

    async complete({ username, code, publicKey, ip }) {
      const user = await findUserByUid(db, username);
      // The newest activation asked for this owner: its code, and no other, activates.
      const asked = user ? await deps.challenges.latest(ACTIVATION_PURPOSE, user.id) : null;
      const outcome = asked
        ? await deps.challenges.answer(asked.id, { kind: 'code', code }, { ip, userAgent: null })
        : null;
      if (!user || outcome?.status !== 'answered') {
        throw new DomainError('phone_activation_code_invalid');
      }
      const devices = await listMfaDevicesOf(db, user.id);
      // Activating the app again (a new phone, a cleared browser) rebinds the existing push
      // device to the new key: the old phone can no longer approve anything.
      const phone = devices.find((device) => device.type === PHONE_DEVICE.type);
      const key = JSON.stringify(publicKey);
      if (phone) {
        // A new key is a new phone holding the device: audited as an addition, marked rebound.
        const rebound: AuditEvent = {
          type: 'device.added',
          userId: user.id,
          ip,
          details: {
            deviceId: phone.id,
            deviceType: phone.type,
            via: 'app-activation',
            rebound: true,
          },
        };
        await db.transaction(async (tx) => {
          await setMfaDevicePublicKey(tx, phone.id, key);
          await insertAuditEvent(tx, rebound);
        });
        await deps.notices.tell(rebound);
        return {
          deviceId: phone.id,
          deviceName: phone.name,
          username: user.uid,
          firstName: user.firstName,
        };
      }
      if (devices.length >= MAX_MFA_DEVICES) {
        throw new DomainError('phone_device_limit');
      }
      const { device: added, change } = await db.transaction(async (tx) => {
        const device = await insertMfaDevice(tx, {
          userId: user.id,
          type: PHONE_DEVICE.type,
          name: PHONE_DEVICE.name,
          publicKey: key,
        });
        const event: AuditEvent = {
          type: 'device.added',
          userId: user.id,
          ip,
          details: { deviceId: device.id, deviceType: device.type, via: 'app-activation' },
        };
        await insertAuditEvent(tx, event);
        return { device, change: event };
      });
      await deps.notices.tell(change);
      return {
        deviceId: added.id,
        deviceName: added.name,
        username: user.uid,
        firstName: user.firstName,
      };
    },
  };
}
