import { type AuthnPreference, type ContactKind, type PasswordOwner } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { uniqueViolationOf } from '../../db/unique-violation';
import { DomainError } from '../../domain-error';
import { insertAuditEvent, type AuditEvent } from '../audit';
import type { ChallengeService, Principal, RecentAuthentication } from '../identity';
import type { SecurityNotices } from '../messaging';
import {
  createContactChanges,
  type ContactConfirmOutcome,
  type PendingContact,
} from './contact-change.service';
import {
  emailBelongsToAnother,
  insertPendingContactChange,
  type ContactChangeRow,
} from './contact-change.store';
import { DEVICE_OF_TARGET, replaceDevice, tellChanges, type DeviceChange } from './contact-devices';
import { sameDeviceTarget, type CustomerProfile, type TargetKind } from './directory.rules';
import { lockUserById } from './directory-entry.store';
import {
  findUserById,
  listMfaDevicesOf,
  setUserPassword,
  type CheckedPasswordHash,
  updateUser,
} from './directory.store';

export type { ContactConfirmOutcome, PendingContact } from './contact-change.service';

export type ProfileSaveOutcome =
  | { kind: 'saved'; limitExceeded: boolean }
  | { kind: 'emailTaken' }
  | { kind: 'pending'; pending: PendingContact[] };

/**
 * The customer's own profile (document 2 §2, §4, §5, §7), as the orchestration's profile-update,
 * sign-in-method and device-uniqueness policies change and read it. Each write and its audit
 * event commit together; the person is told of a security change once it has committed.
 */
export interface ProfileService {
  /**
   * Saves the details. A new e-mail address or mobile number is not used yet: it waits, pending,
   * for the code sent to it, and the old one stays the sign-in device and recovery
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
  /** Whose a new password is (it must not contain these); null when gone. */
  passwordOwner(userId: string): Promise<PasswordOwner | null>;
}

export interface ProfileDeps {
  db: Database;
  /** Proves a new address or number is the customer's (contact-change.service.ts). */
  challenges: ChallengeService;
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

type SaveResult =
  | { kind: 'saved'; limitExceeded: boolean }
  | { kind: 'emailTaken' }
  | { kind: 'stepUpRequired' }
  | { kind: 'pending'; pending: ContactChangeRow[] };

export function createProfileService(deps: ProfileDeps): ProfileService {
  const clock = deps.clock ?? (() => new Date());
  const contactChanges = createContactChanges({ ...deps, clock });

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
      await tellChanges(deps.notices, changes);
      if (outcome.kind === 'pending') {
        const pending: PendingContact[] = [];
        for (const change of outcome.pending) {
          pending.push(await contactChanges.sendCode(change, context.ip));
        }
        return { kind: 'pending', pending };
      }
      return outcome;
    },

    confirmContact: (user, input, ip) => contactChanges.confirm(user, input, ip),

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
          device.type === DEVICE_OF_TARGET[kind].type &&
          sameDeviceTarget(kind, device.target, target),
      );
    },
  };
}
