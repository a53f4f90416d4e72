import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  EMAIL_PATTERN,
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
import { HttpError } from '../../../http/errors';
import { insertAuditEvent, type AuditEvent } from '../../audit/audit.store';
import { toE164 } from '../../messaging/messaging.rules';
import type { SecurityNotices } from '../../messaging/security-notice.service';
import { listMfaDevicesOf, type MfaDeviceRow } from '../../directory/directory.store';
import { DEVICE_TYPE_OF_TARGET, sameDeviceTarget, type TargetKind } from '../orchestration.rules';
import { definePolicy, fieldErrors, userOf, type FieldError } from '../policy';

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

export type ProfileUpdateResponse =
  { success: true } | { success: true; additionalProperties: { code: 'limitExceeded' } };

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

export function createProfileUpdatePolicy(deps: { db: Database; notices: SecurityNotices }) {
  async function save(
    userId: string,
    details: ProfileDetails,
    ip: string,
    changes: DeviceChange[],
  ): Promise<Outcome> {
    return deps.db.transaction(async (tx): Promise<Outcome> => {
      // The user's row, locked: two saves of one profile run one after the other.
      const [current] = await tx
        .select()
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
        .limit(1);
      if (!current) throw new HttpError(401, 'Sign in to use this service.');
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = ${details.email.toLowerCase()}`,
            sql`${users.id} <> ${userId}`,
          ),
        )
        .limit(1);
      if (other) return { kind: 'emailTaken' };

      await tx
        .update(users)
        .set({ ...details, updatedAt: new Date() })
        .where(eq(users.id, userId));

      // The database's old values decide which device is replaced: the widget's deleteSmsMfa
      // and deleteEmailMfa say the same thing, and a stale or forged one cannot remove another.
      let limitExceeded = false;
      const oldMobile =
        current.mobile === null || current.mobile.trim() === '' ? null : current.mobile;
      const mobileChanged =
        oldMobile === null
          ? details.mobile !== null
          : details.mobile === null || !sameDeviceTarget('phone', oldMobile, details.mobile);
      if (mobileChanged) {
        limitExceeded ||= !(await replaceDevice(
          tx,
          userId,
          'phone',
          oldMobile,
          details.mobile,
          ip,
          changes,
        ));
      }
      if (!sameDeviceTarget('email', current.email, details.email)) {
        limitExceeded ||= !(await replaceDevice(
          tx,
          userId,
          'email',
          current.email,
          details.email,
          ip,
          changes,
        ));
      }
      return { kind: 'saved', limitExceeded };
    });
  }

  return definePolicy({
    name: 'PROFILE_UPDATE',
    access: 'user',
    input: profileUpdateRequestSchema,
    async run(input, context): Promise<ProfileUpdateResponse> {
      const user = userOf(context);
      const checked = checkProfile(input.rawData);
      if (!checked.ok) throw fieldErrors(checked.errors);
      let outcome: Outcome;
      const changes: DeviceChange[] = [];
      try {
        outcome = await save(user.userId, checked.details, context.ip, changes);
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
      return outcome.limitExceeded
        ? { success: true, additionalProperties: { code: 'limitExceeded' } }
        : { success: true };
    },
  });
}
