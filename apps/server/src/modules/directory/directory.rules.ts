import {
  BANK_ORGANISATIONS,
  BLANK_PLACEHOLDER,
  toE164,
  type AccountKind,
} from '@anybank/contracts';

/**
 * Pure rules of the directory: how an entry's derived attributes are formed.
 */

/**
 * A person's profile as the directory keeps it (document 1 §3.8, document 2 §3): the one
 * shape that the profile update saves, pickup hands over, SCIM and the entry API show.
 */
export interface CustomerProfile {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164, or null when blank. */
  mobile: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
}

/** Document 1 §3.8: fullAddress = "street, city, postalCode", leaving out what is missing. */
export function fullAddress(
  entry: Pick<CustomerProfile, 'street' | 'city' | 'postalCode'>,
): string {
  return [entry.street, entry.city, entry.postalCode]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

/** Document 2 §3: an account's label by its position in the owner's list. */
export function accountKindAt(position: number): AccountKind {
  if (position === 0) return 'checking';
  if (position === 1) return 'savings';
  return 'rewards-visa';
}

/**
 * An attribute as a partner is shown it: trimmed, and null when blank or the stored
 * placeholder '0000000000' that stands for "none" (document 2 §3).
 */
export function shownValue(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed === BLANK_PLACEHOLDER ? null : trimmed;
}

/** The channels a device target can be compared on. */
export type TargetKind = 'email' | 'phone';

/** Is `stored` (a device's target) the same address or number as `candidate`? */
export function sameDeviceTarget(kind: TargetKind, stored: string | null, candidate: string) {
  if (stored === null) return false;
  if (kind === 'email') return stored.trim().toLowerCase() === candidate.trim().toLowerCase();
  return storedTarget('phone', stored) === storedTarget('phone', candidate);
}

/**
 * A device target as the directory stores it: an address in lower case, a number in E.164
 * (the contracts' one normaliser; a number it cannot read is kept as written, and compared so).
 */
export function storedTarget(kind: TargetKind, value: string): string {
  const trimmed = value.trim();
  return kind === 'email' ? trimmed.toLowerCase() : (toE164(trimmed) ?? trimmed);
}

/**
 * Usernames that name no person who may sign in, so nobody may register them: the organisations
 * the bank knows (contracts' organisations.ts, referred to by id, never by these names) and the
 * names a customer would take for the bank itself or its staff. Registration answers them as
 * taken, as it answers any username already in use, so the answer tells nobody which are
 * reserved; sign-in, recovery and the help desk find no one by them.
 */
const INTERNAL_USERNAMES: readonly string[] = [
  'anybank',
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'security',
  'helpdesk',
  'help-desk',
  'presenter',
  'demo-admin',
  'postmaster',
  'noreply',
  'no-reply',
];

const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  ...BANK_ORGANISATIONS.map((organisation) => organisation.uid),
  ...INTERNAL_USERNAMES,
]);

/** Whether a username is reserved (in any letter case; usernames are stored in lower case). */
export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.trim().toLowerCase());
}

/** When a device signs in: from `inUseFrom` (a held new contact), until `inUseUntil` (its predecessor). */
export interface DeviceUseWindow {
  inUseFrom: Date | null;
  inUseUntil: Date | null;
}

/** Whether a device may sign in (or confirm a step-up, or be a recovery channel) at `now`. */
export function deviceInUseAt(device: DeviceUseWindow, now: Date): boolean {
  if (device.inUseFrom !== null && device.inUseFrom.getTime() > now.getTime()) return false;
  return device.inUseUntil === null || device.inUseUntil.getTime() > now.getTime();
}

/**
 * A confirmed new address or number and the device it replaces: while an older way to sign in
 * is in use, the new one waits `holdMs` and the replaced one stays in use until then, so a
 * change made with a stolen token gives no way in before the old address (told at once) can
 * undo it. With nothing older in use the new one is in use at once: no one is locked out.
 */
export function contactReplacementWindows(
  at: Date,
  olderInUse: boolean,
  holdMs: number,
): { added: DeviceUseWindow; replaced: DeviceUseWindow | null } {
  if (!olderInUse) return { added: { inUseFrom: null, inUseUntil: null }, replaced: null };
  const until = new Date(at.getTime() + holdMs);
  return {
    added: { inUseFrom: until, inUseUntil: null },
    replaced: { inUseFrom: null, inUseUntil: until },
  };
}
