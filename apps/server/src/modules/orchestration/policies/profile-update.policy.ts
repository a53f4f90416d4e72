import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONTACT_KINDS,
  EMAIL_PATTERN,
  OTP_PATTERN,
  type ContactKind,
  HOSTNAME_PATTERN,
  MAX_MFA_DEVICES,
  PERSON_NAME_PATTERN,
  PHONE_PATTERN,
  PROFILE_FIELD_MAX_LENGTH,
  ZIP_MAX_LENGTH,
  messages,
  orchestrationMessages,
} from '@anybank/contracts';
import type { Database, Queryable } from '../../../db/database';
import { mfaDevices, users } from '../../../db/schema';
import type { RecentAuthentication } from '../../identity/oauth/recent-authentication';
import type { OtpService } from '../../identity/credentials/otp.service';
import type { MessagingService } from '../../messaging/messaging.service';
import { maskEmail, maskPhone } from '../../identity/flow/device-display.rules';
import {
  confirmContactChange,
  emailBelongsToAnother,
  findPendingContactChange,
  insertPendingContactChange,
  type ContactChangeRow,
} from '../../directory/contact-change.store';
import { HttpError } from '../../../http/errors';
import { insertAuditEvent, type AuditEvent } from '../../audit/audit.store';
import { toE164 } from '../../messaging/messaging.rules';
import type { SecurityNotices } from '../../messaging/security-notice.service';
import { findUserById, listMfaDevicesOf, type MfaDeviceRow } from '../../directory/directory.store';
import { DEVICE_TYPE_OF_TARGET, sameDeviceTarget, type TargetKind } from '../orchestration.rules';
import { definePolicy, fieldErrors, userOf, type FieldError, type PolicyUser } from '../policy';

/**
 * Profile update (document 2 §2, §4, §5, §7): the signed-in customer saves their personal
 * details. The body is the widget's: `rawData` holds directory attributes as lists (null when
 * blank), `deleteSmsMfa`/`deleteEmailMfa` name the old mobile and e-mail whose devices a changed
 * mobile or e-mail replaces. Acts on a user: their own access token is in the body.
 */

/** The placeholder the widget sends for a blank mobile (document 2 §3, §7). */
export const BLANK_MOBILE_PLACEHOLDER = '0000000000';

export const profileUpdateMessages = {
  streetTooLong: `A street has at most ${PROFILE_FIELD_MAX_LENGTH} characters.`,
  cityTooLong: `A city has at most ${PROFILE_FIELD_MAX_LENGTH} characters.`,
  zipTooLong: `A ZIP code has at most ${ZIP_MAX_LENGTH} characters.`,
  emailRequired: 'Please enter your email address.',
  emailTaken: 'This email address already belongs to another online account.',
} as const;

/** One directory attribute as the widget sends it: a list of values, or null when blank. */
const attribute = z
  .union([z.array(z.string().max(1024)).max(4), z.string().max(1024), z.null()])
  .optional();

const rawDataSchema = z.object({
  givenName: attribute,
  sn: attribute,
  cn: attribute,
  mail: attribute,
  mobile: attribute,
  street: attribute,
  l: attribute,
  postalCode: attribute,
});

export const profileUpdateRequestSchema = z.object({
  hostname: z.string().trim().regex(HOSTNAME_PATTERN, 'hostname must be a host name').optional(),
  accessToken: z.string({ error: 'accessToken is required.' }).min(1).max(8192),
  rawData: rawDataSchema,
  deleteSmsMfa: z.string().trim().max(64).optional(),
  deleteEmailMfa: z.string().trim().max(256).optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** The second step of a contact change: the code sent to the new address or number. */
export const contactConfirmationSchema = z.object({
  hostname: z.string().trim().regex(HOSTNAME_PATTERN, 'hostname must be a host name').optional(),
  accessToken: z.string({ error: 'accessToken is required.' }).min(1).max(8192),
  step: z.literal('confirmContact'),
  kind: z.enum(CONTACT_KINDS),
  otp: z.string().trim().max(16),
});
export type ContactConfirmationRequest = z.input<typeof contactConfirmationSchema>;

/** A new address or number waiting for its code: where the code went (masked). */
export interface PendingContact {
  kind: ContactKind;
  target: string;
}

export type ProfileUpdateResponse =
  | { success: true }
  | { success: true; additionalProperties: { code: 'limitExceeded' } }
  | {
      success: true;
      additionalProperties: { code: 'verificationRequired'; pending: PendingContact[] };
    };

/** The first value of an attribute, trimmed; '' when blank. */
function valueOf(value: z.output<typeof attribute>): string {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').trim();
}

export interface ProfileDetails {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164, or null when blank. */
  mobile: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
}

/** Document 2 §5, field by field: the details, or every field's complaint. */
export function checkProfile(
  rawData: z.output<typeof rawDataSchema>,
): { ok: true; details: ProfileDetails } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = (field: string, value: string, required: string) => {
    if (value === '') errors.push({ field, message: required });
    else if (value.length > PROFILE_FIELD_MAX_LENGTH || !PERSON_NAME_PATTERN.test(value))
      errors.push({ field, message: orchestrationMessages.nameFormat });
  };
  const optional = (field: string, value: string, max: number, message: string) => {
    if (value.length > max) errors.push({ field, message });
    return value === '' ? null : value;
  };

  const firstName = valueOf(rawData.givenName);
  const lastName = valueOf(rawData.sn);
  const email = valueOf(rawData.mail);
  let mobile = valueOf(rawData.mobile);
  if (mobile === BLANK_MOBILE_PLACEHOLDER) mobile = '';
  name('givenName', firstName, orchestrationMessages.firstNameRequired);
  name('sn', lastName, orchestrationMessages.lastNameRequired);
  if (email === '') errors.push({ field: 'mail', message: profileUpdateMessages.emailRequired });
  else if (!EMAIL_PATTERN.test(email))
    errors.push({ field: 'mail', message: messages.validation.emailInvalid });
  else if (email.length > PROFILE_FIELD_MAX_LENGTH)
    errors.push({ field: 'mail', message: orchestrationMessages.emailTooLong });
  if (mobile !== '' && !PHONE_PATTERN.test(mobile))
    errors.push({ field: 'mobile', message: messages.validation.phoneFormat });
  const street = optional(
    'street',
    valueOf(rawData.street),
    PROFILE_FIELD_MAX_LENGTH,
    profileUpdateMessages.streetTooLong,
  );
  const city = optional(
    'l',
    valueOf(rawData.l),
    PROFILE_FIELD_MAX_LENGTH,
    profileUpdateMessages.cityTooLong,
  );
  const postalCode = optional(
    'postalCode',
    valueOf(rawData.postalCode),
    ZIP_MAX_LENGTH,
    profileUpdateMessages.zipTooLong,
  );
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    details: {
      firstName,
      lastName,
      email,
      mobile: mobile === '' ? null : toE164(mobile),
      street,
      city,
      postalCode,
    },
  };
}

/** A unique violation (23505) from either driver, and the constraint it names. */
function uniqueConstraintOf(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

type Outcome = { kind: 'saved'; limitExceeded: boolean } | { kind: 'emailTaken' };

/** Which contact details a save changes, against the stored ones (either may be null). */
function contactChangesOf(
  current: { email: string; mobile: string | null },
  details: ProfileDetails,
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
 */
async function replaceDevice(
  tx: Queryable,
  userId: string,
  kind: TargetKind,
  oldTarget: string | null,
  newTarget: string | null,
  ip: string,
  changes: DeviceChange[],
): Promise<boolean> {
  const type = DEVICE_TYPE_OF_TARGET[kind];
  const devices = await listMfaDevicesOf(tx, userId);
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
  if (old.length > 0) await removeDevices(tx, old, ip, changes);
  if (alreadyPaired) return true;
  if (remaining.length >= MAX_MFA_DEVICES) return false;
  const [added] = await tx
    .insert(mfaDevices)
    .values({
      userId,
      type,
      name: DEVICE_NAMES[kind],
      target: kind === 'email' ? newTarget.toLowerCase() : toE164(newTarget),
    })
    .returning({ id: mfaDevices.id });
  await recordChange(tx, changes, {
    event: {
      type: 'device.added',
      userId,
      ip,
      details: { deviceId: added?.id, deviceType: type, via: 'profile-update' },
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
  await tx.delete(mfaDevices).where(
    inArray(
      mfaDevices.id,
      devices.map((device) => device.id),
    ),
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

export interface ProfileUpdateDeps {
  db: Database;
  messaging: MessagingService;
  otp: OtpService;
  notices: SecurityNotices;
  recentAuth: Pick<RecentAuthentication, 'requireRecentAuthentication'>;
  clock?: () => Date;
}

/**
 * Saves the profile. A new e-mail address or mobile number is not used yet: it waits, pending,
 * for the code sent to it (issue 12 §2), and the old one stays the sign-in device and recovery
 * address until then. A blanked mobile is a removal and is made at once. Changing either needs
 * a recent sign-in or step-up.
 */
export function createProfileUpdatePolicy(deps: ProfileUpdateDeps) {
  const clock = deps.clock ?? (() => new Date());

  async function save(
    user: PolicyUser,
    details: ProfileDetails,
    context: { ip: string; browser: string },
    changes: DeviceChange[],
  ): Promise<Outcome | { kind: 'pending'; pending: ContactChangeRow[] }> {
    // The step-up is asked for before the transaction: it may read the database itself.
    const before = await findUserById(deps.db, user.userId);
    if (!before) throw new HttpError(401, 'Sign in to use this service.');
    const asked = contactChangesOf(before, details);
    if (asked.email || asked.mobile) await deps.recentAuth.requireRecentAuthentication(user);

    return deps.db.transaction(async (tx) => {
      // The user's row, locked: two saves of one profile run one after the other.
      const [current] = await tx
        .select()
        .from(users)
        .where(eq(users.id, user.userId))
        .for('update')
        .limit(1);
      if (!current) throw new HttpError(401, 'Sign in to use this service.');
      const changed = contactChangesOf(current, details);
      // Stored contact details moved since the step-up check: the customer saves again.
      if ((changed.email && !asked.email) || (changed.mobile && !asked.mobile)) {
        throw new HttpError(409, 'Your details changed meanwhile. Please reload and try again.');
      }
      if (changed.email && (await emailBelongsToAnother(tx, details.email, user.userId))) {
        return { kind: 'emailTaken' as const };
      }
      const mobileRemoved = changed.mobile && details.mobile === null;
      await tx
        .update(users)
        .set({
          ...details,
          // The stored address and number stay until the new ones are confirmed.
          email: changed.email ? current.email : details.email,
          mobile: changed.mobile && !mobileRemoved ? current.mobile : details.mobile,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.userId));
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
      if (pending.length > 0) return { kind: 'pending' as const, pending };
      return { kind: 'saved' as const, limitExceeded: false };
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
          }
        : { channel: 'sms', to: change.newValue, body, code },
    );
    return {
      kind,
      target: kind === 'email' ? maskEmail(change.newValue) : maskPhone(change.newValue),
    };
  }

  /** The code was right: the new address or number replaces the old one, device and all. */
  async function confirm(
    user: PolicyUser,
    input: z.output<typeof contactConfirmationSchema>,
    ip: string,
  ): Promise<ProfileUpdateResponse> {
    const codeRefused = () =>
      fieldErrors([{ field: 'otp', message: messages.profile.contactCodeWrong }]);
    const pending = await findPendingContactChange(deps.db, user.userId, input.kind);
    if (!pending) throw new HttpError(409, messages.profile.noPendingContactChange);
    if (!OTP_PATTERN.test(input.otp)) throw codeRefused();
    const verdict = await deps.otp.verify({
      purpose: CONTACT_CODE_PURPOSE,
      reference: pending.id,
      code: input.otp,
      ip,
    });
    if (verdict.result !== 'ok') throw codeRefused();

    const changes: DeviceChange[] = [];
    const at = clock();
    const outcome = await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(users)
        .where(eq(users.id, user.userId))
        .for('update')
        .limit(1);
      if (!current || !(await confirmContactChange(tx, pending.id, at))) {
        throw new HttpError(409, messages.profile.noPendingContactChange);
      }
      const previous = input.kind === 'email' ? current.email : current.mobile;
      if (input.kind === 'email') {
        if (await emailBelongsToAnother(tx, pending.newValue, user.userId)) {
          return { kind: 'emailTaken' as const };
        }
        await tx
          .update(users)
          .set({ email: pending.newValue, updatedAt: new Date() })
          .where(eq(users.id, user.userId));
      } else {
        await tx
          .update(users)
          .set({ mobile: pending.newValue, updatedAt: new Date() })
          .where(eq(users.id, user.userId));
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
      );
      await insertAuditEvent(tx, {
        type: 'contact.changed',
        userId: user.userId,
        ip,
        details: { kind: input.kind, changeId: pending.id },
      });
      return { kind: 'saved' as const, limitExceeded: !added, previous };
    });
    if (outcome.kind === 'emailTaken') {
      throw fieldErrors([{ field: 'mail', message: profileUpdateMessages.emailTaken }]);
    }
    for (const change of changes) {
      await deps.notices.tell(change.event, { alsoTo: change.removedAddress });
    }
    if (outcome.previous) {
      await deps.notices.tellPreviousContact({
        userId: user.userId,
        kind: input.kind,
        previousValue: outcome.previous,
        newValue: pending.newValue,
        at,
        browser: pending.browser,
      });
    }
    return outcome.limitExceeded
      ? { success: true, additionalProperties: { code: 'limitExceeded' } }
      : { success: true };
  }

  return definePolicy({
    name: 'PROFILE_UPDATE',
    access: 'user',
    input: z.union([contactConfirmationSchema, profileUpdateRequestSchema]),
    async run(input, context): Promise<ProfileUpdateResponse> {
      const user = userOf(context);
      if ('step' in input) return confirm(user, input, context.ip);
      const checked = checkProfile(input.rawData);
      if (!checked.ok) throw fieldErrors(checked.errors);
      let outcome: Awaited<ReturnType<typeof save>>;
      const changes: DeviceChange[] = [];
      try {
        outcome = await save(user, checked.details, context, changes);
      } catch (error) {
        // Two customers racing for one address on PostgreSQL: the loser rolled back whole.
        if (uniqueConstraintOf(error) !== 'users_email_unique') throw error;
        outcome = { kind: 'emailTaken' };
      }
      if (outcome.kind === 'emailTaken') {
        throw fieldErrors([{ field: 'mail', message: profileUpdateMessages.emailTaken }]);
      }
      for (const change of changes) {
        await deps.notices.tell(change.event, { alsoTo: change.removedAddress });
      }
      if (outcome.kind === 'pending') {
        const pending: PendingContact[] = [];
        for (const change of outcome.pending) pending.push(await sendContactCode(change));
        return {
          success: true,
          additionalProperties: { code: 'verificationRequired', pending },
        };
      }
      return outcome.limitExceeded
        ? { success: true, additionalProperties: { code: 'limitExceeded' } }
        : { success: true };
    },
  });
}
