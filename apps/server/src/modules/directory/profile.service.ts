import { randomBytes } from 'node:crypto';
import {
  CONTACT_CHANGE_RECOVERY_HOLD_MS,
  CONTACT_UNDO_PAGE,
  MAX_MFA_DEVICES,
  OTP_PATTERN,
  messages,
  type AuthnPreference,
  formatPhoneNumber,
  type ContactKind,
  type PasswordOwner,
} from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { uniqueViolationOf } from '../../db/unique-violation';
import { DomainError } from '../../domain-error';
import { insertAuditEvent, type AuditEvent } from '../audit';
import type { OtpService, Principal, RecentAuthentication } from '../identity';
import { maskEmail } from './contact-mask.rules';
import type { MessagingService, SecurityNotices } from '../messaging';
import {
  confirmContactChange,
  emailBelongsToAnother,
  findPendingContactChange,
  insertPendingContactChange,
  type ContactChangeRow,
} from './contact-change.store';
import {
  DEVICE_TYPE_OF_TARGET,
  contactReplacementWindows,
  deviceInUseAt,
  sameDeviceTarget,
  storedTarget,
  type CustomerProfile,
  type TargetKind,
} from './directory.rules';
import { lockUserById } from './directory-entry.store';
import {
  deleteMfaDevices,
  findUserById,
  insertMfaDevice,
  listMfaDevicesOf,
  setMfaDeviceUseWindow,
  setUserPassword,
  type CheckedPasswordHash,
  updateUser,
  type MfaDeviceRow,
} from './directory.store';

/** A new address or number waiting for its code: where the code went (masked). */
export interface PendingContact {
  kind: ContactKind;
  target: string;
}

export type ProfileSaveOutcome =
  | { kind: 'saved'; limitExceeded: boolean }
  | { kind: 'emailTaken' }
  | { kind: 'pending'; pending: PendingContact[] };

export type ContactConfirmOutcome =
  { kind: 'saved'; limitExceeded: boolean } | { kind: 'emailTaken' } | { kind: 'codeRefused' };

/**
 * The customer's own profile (document 2 §2, §4, §5, §7), as the orchestration's profile-update,
 * sign-in-method and device-uniqueness policies change and read it. Each write and its audit
 * event commit together; the person is told of a security change once it has committed.
 */
export interface ProfileService {
  /**
   * Saves the details. A new e-mail address or mobile number is not used yet: it waits, pending,
   * for the code sent to it (issue 12 §2), and the old one stays the sign-in device and recovery
   * address until then. A blanked mobile is a removal and is made at once. Changing either needs
   * a step-up made for it (spent by the save; a fresh sign-in alone is not enough).
   */
  save(
    user: Principal,
    details: CustomerProfile,
    context: { ip: string; browser: string },
  ): Promise<ProfileSaveOutcome>;
  /**
   * The code sent to a new address or number: when right, it is the contact detail at once,
   * and a sign-in device 24 hours later while an older device signs in (the replaced one stays
   * until then). The previous one is told, with a single-use "This wasn't me" link.
   */
  confirmContact(
    user: Principal,
    input: { kind: ContactKind; otp: string },
    ip: string,
  ): Promise<ContactConfirmOutcome>;
  /**
   * Password or Device (document 2 §7): with Password, the new hash is stored with the
   * preference in one transaction. False when the user is gone.
   */
  setSignInMethod(
    user: Principal,
    change: { preference: AuthnPreference; passwordHash: CheckedPasswordHash | null },
    ip: string,
  ): Promise<boolean>;
  /** Is this address or number already one of the user's devices (document 1 §4.4)? */
  hasDevice(userId: string, kind: TargetKind, target: string): Promise<boolean>;
  /** Whose a new password is (issue 14 §5: it must not contain these); null when gone. */
  passwordOwner(userId: string): Promise<PasswordOwner | null>;
}

export interface ProfileDeps {
  db: Database;
  messaging: MessagingService;
  otp: OtpService;
  notices: SecurityNotices;
  recentAuth: Pick<RecentAuthentication, 'spendStepUp' | 'stepUpRefusal'>;
  /** Where the site is reached (PUBLIC_URL and BASE_PATH), for the undo link. */
  siteUrl: string;
  clock?: () => Date;
}

/** Which contact details a save changes, against the stored ones (either may be null). */
function contactChangesOf(
  current: { email: string; mobile: string | null },
  details: CustomerProfile,
): { email: boolean; mobile: boolean } {
  const oldMobile = current.mobile === null || current.mobile.trim() === '' ? null : current.mobile;
  return {
    email: !sameDeviceTarget('email', current.email, details.email),
    mobile:
      oldMobile === null
        ? details.mobile !== null
        : details.mobile === null || !sameDeviceTarget('phone', oldMobile, details.mobile),
  };
}

/** A device change made inside the save: audited there, told to the person once it commits. */
interface DeviceChange {
  event: AuditEvent;
  /** A removed e-mail device's address: its owner may not be the one who changed it. */
  removedAddress?: string;
}

async function recordChange(tx: Queryable, changes: DeviceChange[], change: DeviceChange) {
  await insertAuditEvent(tx, change.event);
  changes.push(change);
}

const DEVICE_NAMES: Record<TargetKind, string> = { email: 'Email', phone: 'SMS' };

/**
 * Replaces the device of one kind whose target was `oldTarget` with one for `newTarget`.
 * Answers false when the new device could not be added because the user is at the limit.
 * With `at` (a confirmed change), while an older device signs in, the new one is held and the
 * old one kept until the hold ends (`contactReplacementWindows`); devices whose time is over
 * are removed.
 */
async function replaceDevice(
  tx: Queryable,
  userId: string,
  kind: TargetKind,
  oldTarget: string | null,
  newTarget: string | null,
  ip: string,
  changes: DeviceChange[],
  at?: Date,
): Promise<boolean> {
  const type = DEVICE_TYPE_OF_TARGET[kind];
  let devices = await listMfaDevicesOf(tx, userId);
  if (at) {
    const over = devices.filter((device) => device.inUseUntil !== null && device.inUseUntil <= at);
    await deleteMfaDevices(
      tx,
      over.map((device) => device.id),
    );
    devices = devices.filter((device) => !over.includes(device));
  }
  const old =
    oldTarget === null
      ? []
      : devices.filter(
          (device) => device.type === type && sameDeviceTarget(kind, device.target, oldTarget),
        );
  const remaining = devices.filter((device) => !old.includes(device));
  // A blanked mobile removes its device, but never the user's last way to confirm it is them.
  if (newTarget === null) {
    if (old.length > 0 && remaining.length > 0) await removeDevices(tx, old, ip, changes);
    return true;
  }
  const alreadyPaired = remaining.some(
    (device) => device.type === type && sameDeviceTarget(kind, device.target, newTarget),
  );
  const windows = contactReplacementWindows(
    at ?? new Date(),
    at !== undefined && !alreadyPaired && devices.some((device) => deviceInUseAt(device, at)),
    CONTACT_CHANGE_RECOVERY_HOLD_MS,
  );
  // Only a device that signs in now is kept for the hold: one still held itself never was a way in.
  const kept = windows.replaced
    ? old.filter((device) => device.inUseUntil === null && deviceInUseAt(device, at ?? new Date()))
    : [];
  await removeDevices(
    tx,
    old.filter((device) => !kept.includes(device)),
    ip,
    changes,
  );
  // The replaced device signs in until the new one does: the owner is never without a way in.
  if (windows.replaced) {
    await setMfaDeviceUseWindow(
      tx,
      kept.map((device) => device.id),
      windows.replaced,
    );
  }
  if (alreadyPaired) return true;
  if (remaining.length >= MAX_MFA_DEVICES) return false;
  const added = await insertMfaDevice(tx, {
    userId,
    type,
    name: DEVICE_NAMES[kind],
    target: storedTarget(kind, newTarget),
    ...windows.added,
  });
  await recordChange(tx, changes, {
    event: {
      type: 'device.added',
      userId,
      ip,
      details: {
        deviceId: added.id,
        deviceType: type,
        via: 'profile-update',
        ...(windows.added.inUseFrom ? { inUseFrom: windows.added.inUseFrom.toISOString() } : {}),
      },
    },
  });
  return true;
}

async function removeDevices(
  tx: Queryable,
  devices: MfaDeviceRow[],
  ip: string,
  changes: DeviceChange[],
): Promise<void> {
  await deleteMfaDevices(
    tx,
    devices.map((device) => device.id),
  );
  for (const device of devices) {
    await recordChange(tx, changes, {
      event: {
        type: 'device.removed',
        userId: device.userId,
        ip,
        details: { deviceId: device.id, deviceType: device.type, via: 'profile-update' },
      },
      ...(device.type === 'Email' && device.target ? { removedAddress: device.target } : {}),
    });
  }
}

/** The one-time codes that confirm a new address or number are of this purpose. */
const CONTACT_CODE_PURPOSE = 'contact-change';
const CONTACT_WORDS: Record<ContactKind, string> = {
  email: 'email address',
  mobile: 'mobile number',
};

type SaveResult =
  | { kind: 'saved'; limitExceeded: boolean }
  | { kind: 'emailTaken' }
  | { kind: 'stepUpRequired' }
  | { kind: 'pending'; pending: ContactChangeRow[] };

export function createProfileService(deps: ProfileDeps): ProfileService {
  const clock = deps.clock ?? (() => new Date());

  async function saveInTransaction(
    user: Principal,
    details: CustomerProfile,
    context: { ip: string; browser: string },
    changes: DeviceChange[],
  ): Promise<SaveResult> {
    const before = await findUserById(deps.db, user.userId);
    if (!before) throw new DomainError('sign_in_required');
    const asked = contactChangesOf(before, details);

    return deps.db.transaction(async (tx): Promise<SaveResult> => {
      // The user's row, locked: two saves of one profile run one after the other.
      const current = await lockUserById(tx, user.userId);
      if (!current) throw new DomainError('sign_in_required');
      const changed = contactChangesOf(current, details);
      // Stored contact details moved since the step-up check: the customer saves again.
      if ((changed.email && !asked.email) || (changed.mobile && !asked.mobile)) {
        throw new DomainError('profile_changed_meanwhile');
      }
      if (changed.email && (await emailBelongsToAnother(tx, details.email, user.userId))) {
        return { kind: 'emailTaken' };
      }
      // A new address or number is a new way in: a step-up made for this change is spent by
      // it, in its transaction (a save refused above keeps it). A fresh token is not enough.
      if ((changed.email || changed.mobile) && !(await deps.recentAuth.spendStepUp(tx, user))) {
        return { kind: 'stepUpRequired' };
      }
      const mobileRemoved = changed.mobile && details.mobile === null;
      await updateUser(tx, user.userId, {
        ...details,
        // The stored address and number stay until the new ones are confirmed.
        email: changed.email ? current.email : details.email,
        mobile: changed.mobile && !mobileRemoved ? current.mobile : details.mobile,
      });
      if (mobileRemoved) {
        await replaceDevice(tx, user.userId, 'phone', current.mobile, null, context.ip, changes);
      }
      const pending: ContactChangeRow[] = [];
      const ask = async (kind: ContactKind, previousValue: string | null, newValue: string) => {
        const row = await insertPendingContactChange(tx, {
          userId: user.userId,
          kind,
          previousValue,
          newValue,
          browser: context.browser,
        });
        await insertAuditEvent(tx, {
          type: 'contact.change_requested',
          userId: user.userId,
          ip: context.ip,
          details: { kind, changeId: row.id },
        });
        pending.push(row);
      };
      if (changed.email) await ask('email', current.email, details.email);
      if (changed.mobile && details.mobile !== null)
        await ask('mobile', current.mobile, details.mobile);
      if (pending.length > 0) return { kind: 'pending', pending };
      return { kind: 'saved', limitExceeded: false };
    });
  }

  /** The code to the new address or number: only whoever holds it can confirm the change. */
  async function sendContactCode(change: ContactChangeRow): Promise<PendingContact> {
    const kind = change.kind as ContactKind;
    const code = await deps.otp.issue({
      userId: change.userId,
      purpose: CONTACT_CODE_PURPOSE,
      reference: change.id,
    });
    const body = messages.profile.contactCodeBody(CONTACT_WORDS[kind], code);
    await deps.messaging.send(
      kind === 'email'
        ? {
            channel: 'email',
            to: change.newValue,
            subject: messages.profile.contactCodeSubject,
            body,
            code,
            userId: change.userId,
          }
        : { channel: 'sms', to: change.newValue, body, code, userId: change.userId },
    );
    return {
      kind,
      // The number the customer just typed, formatted, for them to confirm (issue 14 §6).
      target: kind === 'email' ? maskEmail(change.newValue) : formatPhoneNumber(change.newValue),
    };
  }

  async function tell(changes: DeviceChange[]) {
    for (const change of changes) {
      await deps.notices.tell(change.event, { alsoTo: change.removedAddress });
    }
  }

  return {
    async save(user, details, context) {
      let outcome: SaveResult;
      const changes: DeviceChange[] = [];
      try {
        outcome = await saveInTransaction(user, details, context, changes);
      } catch (error) {
        // Two customers racing for one address on PostgreSQL: the loser rolled back whole.
        if (uniqueViolationOf(error)?.constraint !== 'users_email_unique') throw error;
        outcome = { kind: 'emailTaken' };
      }
      if (outcome.kind === 'emailTaken') return outcome;
      if (outcome.kind === 'stepUpRequired') throw await deps.recentAuth.stepUpRefusal(user.userId);
      await tell(changes);
      if (outcome.kind === 'pending') {
        const pending: PendingContact[] = [];
        for (const change of outcome.pending) pending.push(await sendContactCode(change));
        return { kind: 'pending', pending };
      }
      return outcome;
    },

    async confirmContact(user, input, ip) {
      const pending = await findPendingContactChange(deps.db, user.userId, input.kind);
      if (!pending) throw new DomainError('no_pending_contact_change');
      if (!OTP_PATTERN.test(input.otp)) return { kind: 'codeRefused' };
      const verdict = await deps.otp.verify({
        purpose: CONTACT_CODE_PURPOSE,
        reference: pending.id,
        code: input.otp,
        ip,
      });
      if (verdict.result !== 'ok') return { kind: 'codeRefused' };

      const changes: DeviceChange[] = [];
      const at = clock();
      // The undo link's token: 32 random bytes, stored only as its hash (contact-change.store).
      const undoToken = randomBytes(32).toString('base64url');
      const undo = {
        token: undoToken,
        expiresAt: new Date(at.getTime() + CONTACT_CHANGE_RECOVERY_HOLD_MS),
      };
      const outcome = await deps.db.transaction(async (tx) => {
        const current = await lockUserById(tx, user.userId);
        if (!current || !(await confirmContactChange(tx, pending.id, at, undo))) {
          throw new DomainError('no_pending_contact_change');
        }
        const previous = input.kind === 'email' ? current.email : current.mobile;
        if (input.kind === 'email') {
          if (await emailBelongsToAnother(tx, pending.newValue, user.userId)) {
            return { kind: 'emailTaken' as const };
          }
          await updateUser(tx, user.userId, { email: pending.newValue });
        } else {
          await updateUser(tx, user.userId, { mobile: pending.newValue });
        }
        const kind: TargetKind = input.kind === 'email' ? 'email' : 'phone';
        const added = await replaceDevice(
          tx,
          user.userId,
          kind,
          previous,
          pending.newValue,
          ip,
          changes,
          at,
        );
        const held = changes.find((change) => change.event.type === 'device.added')?.event.details;
        await insertAuditEvent(tx, {
          type: 'contact.changed',
          userId: user.userId,
          ip,
          details: {
            kind: input.kind,
            changeId: pending.id,
            ...(held?.inUseFrom ? { inUseFrom: held.inUseFrom } : {}),
          },
        });
        return { kind: 'saved' as const, limitExceeded: !added, previous };
      });
      if (outcome.kind === 'emailTaken') return outcome;
      await tell(changes);
      if (outcome.previous) {
        await deps.notices.tellPreviousContact({
          userId: user.userId,
          kind: input.kind,
          previousValue: outcome.previous,
          newValue: pending.newValue,
          at,
          browser: pending.browser,
          undoUrl: `${deps.siteUrl}${CONTACT_UNDO_PAGE}#${undoToken}`,
        });
      }
      return { kind: 'saved', limitExceeded: outcome.limitExceeded };
    },

    async setSignInMethod(user, change, ip) {
      const passwordChange: AuditEvent = {
        type: 'password.changed',
        userId: user.userId,
        ip,
        details: { via: 'sign-in-method' },
      };
      const changed = await deps.db.transaction(async (tx) => {
        if (!(await updateUser(tx, user.userId, { authnPreference: change.preference }))) {
          return false;
        }
        if (change.passwordHash !== null) {
          await setUserPassword(tx, user.userId, change.passwordHash);
          await insertAuditEvent(tx, passwordChange);
        }
        return true;
      });
      if (changed && change.passwordHash !== null) await deps.notices.tell(passwordChange);
      return changed;
    },

    async passwordOwner(userId) {
      const user = await findUserById(deps.db, userId);
      if (!user) return null;
      const { uid: username, firstName, lastName, email } = user;
      return { username, firstName, lastName, email };
    },

    async hasDevice(userId, kind, target) {
      const devices = await listMfaDevicesOf(deps.db, userId);
      return devices.some(
        (device) =>
          device.type === DEVICE_TYPE_OF_TARGET[kind] &&
          sameDeviceTarget(kind, device.target, target),
      );
    },
  };
}
