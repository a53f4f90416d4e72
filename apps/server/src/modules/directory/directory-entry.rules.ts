import {
  DEFAULT_CIBA_THRESHOLD_DOLLARS,
  DEFAULT_DENY_THRESHOLD_DOLLARS,
  DIRECTORY_BASE_DN,
  DIRECTORY_MODIFICATION_TYPES,
  DIRECTORY_PEOPLE_OU,
  checkThresholds,
  directoryAttributeNames,
  isAccountTier,
  userDn,
  type AccountTier,
  type DirectoryEntry,
  type DirectoryPatchRequest,
  type DirectoryPutRequest,
} from '@anybank/contracts';
import { fullAddress, type CustomerProfile } from './directory.rules';

/**
 * Pure rules of the directory entry API (document 2 §3 "User directory entry", §5 "Admin
 * thresholds", §7 `/directory/v1/uid={uid},ou=People,{base DN}`): which DN names whom, how an
 * entry is written, and what a PUT or PATCH makes of the attributes the demo admin may change.
 */

/** What the admin may change on the customer's own entry; null thresholds mean the default. */
export interface AdminAttributes {
  cibaThreshold: number | null;
  denyThreshold: number | null;
  accountTier: AccountTier;
}
export type AdminAttribute = keyof AdminAttributes;

/** The admin attributes of a stored row (the tier column is text, checked by the table). */
export function adminAttributesOf(row: {
  cibaThreshold: number | null;
  denyThreshold: number | null;
  accountTier: string;
}): AdminAttributes {
  return {
    cibaThreshold: row.cibaThreshold,
    denyThreshold: row.denyThreshold,
    accountTier: isAccountTier(row.accountTier) ? row.accountTier : 'personal',
  };
}

export interface FieldProblem {
  field: string;
  message: string;
}

// Attribute types and the base DN compare without regard to case, as in LDAP; the uid value is
// matched case-insensitively too (usernames are stored in lowercase).
const USER_DN_PATTERN = new RegExp(
  `^uid=([^,=+"\\\\<>;]+),ou=${DIRECTORY_PEOPLE_OU},${DIRECTORY_BASE_DN.replaceAll('.', '\\.')}$`,
  'i',
);

/** The uid a DN names, when it is a People entry of this directory; null otherwise. */
export function uidOfDn(dn: string): string | null {
  const normalised = dn
    .split(',')
    .map((part) => part.trim().replace(/\s*=\s*/, '='))
    .join(',');
  const match = USER_DN_PATTERN.exec(normalised);
  return match?.[1] ? match[1].trim().toLowerCase() : null;
}

export interface EntrySource extends CustomerProfile {
  cibaThreshold: number | null;
  denyThreshold: number | null;
  accountTier: string;
  uid: string;
  authnPreference: string;
  accountTransferAmountCents: number | null;
}

function optional(name: string, value: string | null): Record<string, string[]> {
  return value === null || value.trim() === '' ? {} : { [name]: [value] };
}

/**
 * The entry as the directory API writes it: `_dn`, then each attribute as a list of values;
 * unset attributes are left out. Thresholds are whole dollars; the pending transfer amount
 * is written in dollars with cents, as the transfer page sets it.
 */
export function directoryEntryOf(
  user: EntrySource,
  accountIds: readonly string[],
  productId: string,
): DirectoryEntry {
  const names = directoryAttributeNames(productId);
  return {
    _dn: userDn(user.uid),
    objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson', `${productId}User`],
    uid: [user.uid],
    cn: [`${user.firstName} ${user.lastName}`],
    givenName: [user.firstName],
    sn: [user.lastName],
    mail: [user.email],
    ...optional('mobile', user.mobile),
    ...optional('street', user.street),
    ...optional('l', user.city),
    ...optional('postalCode', user.postalCode),
    [names.authnPreferences]: [user.authnPreference],
    [names.accountTier]: [user.accountTier],
    ...(user.cibaThreshold === null ? {} : { [names.cibaThreshold]: [user.cibaThreshold] }),
    ...(user.denyThreshold === null ? {} : { [names.denyThreshold]: [user.denyThreshold] }),
    ...(user.accountTransferAmountCents === null
      ? {}
      : { [names.accountTransferAmount]: [(user.accountTransferAmountCents / 100).toFixed(2)] }),
    [names.accountIds]: { ids: [...accountIds] },
    fullAddress: [fullAddress(user)],
  };
}

/** A request's changes: each attribute with its new values ([] removes it: back to default). */
export type RequestedChanges = Partial<Record<AdminAttribute, readonly unknown[]>>;

export type ParsedRequest =
  { ok: true; changes: RequestedChanges } | { ok: false; problems: FieldProblem[] };

/** The writable attributes by their lowercased names (LDAP attribute names ignore case). */
function writableByName(productId: string): Map<string, AdminAttribute> {
  const names = directoryAttributeNames(productId);
  return new Map<string, AdminAttribute>([
    [names.cibaThreshold.toLowerCase(), 'cibaThreshold'],
    [names.denyThreshold.toLowerCase(), 'denyThreshold'],
    [names.accountTier.toLowerCase(), 'accountTier'],
  ]);
}

/** The attribute's name as the entry writes it, for the caller's messages. */
export function attributeNameOf(attribute: AdminAttribute, productId: string): string {
  return directoryAttributeNames(productId)[attribute];
}

const READ_ONLY = (name: string) =>
  `${name} cannot be changed here: the admin page changes only the thresholds and the account tier.`;

function valuesOf(value: DirectoryPutRequest[string] | undefined | null): readonly unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * PUT: the attributes in the body are replaced, the others kept; null removes one. `_dn` may
 * repeat the entry's own DN (renaming is not offered). Any other attribute is refused by name:
 * names, e-mail and mobile change through the profile policy, the password through the
 * sign-in method switch, and the transfer amount only while the bank runs a transfer.
 */
export function changesOfPut(
  body: DirectoryPutRequest,
  entryDn: string,
  productId: string,
): ParsedRequest {
  const writable = writableByName(productId);
  const changes: RequestedChanges = {};
  const problems: FieldProblem[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (name === '_dn') {
      if (typeof value !== 'string' || value.toLowerCase() !== entryDn.toLowerCase()) {
        problems.push({ field: name, message: 'Renaming or moving an entry is not supported.' });
      }
      continue;
    }
    const attribute = writable.get(name.toLowerCase());
    if (!attribute) problems.push({ field: name, message: READ_ONLY(name) });
    else changes[attribute] = valuesOf(value);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes };
}

/** PATCH: LDAP modify. `set` replaces an attribute's values; no values (or null) removes it. */
export function changesOfPatch(body: DirectoryPatchRequest, productId: string): ParsedRequest {
  const writable = writableByName(productId);
  const changes: RequestedChanges = {};
  const problems: FieldProblem[] = [];
  for (const modification of body.modifications) {
    const name = modification.attributeName;
    const attribute = writable.get(name.toLowerCase());
    if (!attribute) {
      problems.push({ field: name, message: READ_ONLY(name) });
    } else if (
      !(DIRECTORY_MODIFICATION_TYPES as readonly string[]).includes(modification.modificationType)
    ) {
      problems.push({
        field: name,
        message: `modificationType must be one of: ${DIRECTORY_MODIFICATION_TYPES.join(', ')}.`,
      });
    } else {
      changes[attribute] = modification.values ?? [];
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes };
}

export type AppliedChanges =
  | { ok: true; next: AdminAttributes; changed: AdminAttribute[] }
  | { ok: false; problems: FieldProblem[] };

/**
 * The entry's admin attributes after the changes, checked as a whole: the thresholds that
 * result (an unchanged or removed one counts at its stored value or default) must satisfy
 * document 2 §5, so a PATCH of the CIBA threshold alone cannot climb over the deny threshold.
 */
export function applyChanges(
  current: AdminAttributes,
  changes: RequestedChanges,
  productId: string,
): AppliedChanges {
  const problems: FieldProblem[] = [];
  const single = (attribute: AdminAttribute, values: readonly unknown[]): unknown => {
    if (values.length > 1) {
      problems.push({
        field: attributeNameOf(attribute, productId),
        message: `${attributeNameOf(attribute, productId)} takes a single value.`,
      });
    }
    return values[0];
  };

  let accountTier = current.accountTier;
  if (changes.accountTier) {
    const values = changes.accountTier;
    const tier = values.length === 0 ? 'personal' : single('accountTier', values);
    if (isAccountTier(tier)) accountTier = tier;
    else if (values.length <= 1) {
      problems.push({
        field: attributeNameOf('accountTier', productId),
        message: 'The account tier is personal or premier.',
      });
    }
  }

  // A removed threshold is back to its default; one not in the request keeps its value.
  const requested = (attribute: 'cibaThreshold' | 'denyThreshold') => {
    const values = changes[attribute];
    if (values === undefined) return { given: false as const, value: current[attribute] };
    if (values.length === 0) return { given: true as const, value: null };
    return { given: true as const, value: single(attribute, values) };
  };
  const ciba = requested('cibaThreshold');
  const deny = requested('denyThreshold');
  let cibaThreshold = current.cibaThreshold;
  let denyThreshold = current.denyThreshold;
  if (ciba.given || deny.given) {
    const checked = checkThresholds({
      ciba: ciba.value ?? DEFAULT_CIBA_THRESHOLD_DOLLARS,
      deny: deny.value ?? DEFAULT_DENY_THRESHOLD_DOLLARS,
    });
    if (checked.ok) {
      cibaThreshold = ciba.value === null ? null : checked.ciba;
      denyThreshold = deny.value === null ? null : checked.deny;
    } else {
      for (const problem of checked.problems) {
        const attribute = problem.field === 'ciba' ? 'cibaThreshold' : 'denyThreshold';
        problems.push({ field: attributeNameOf(attribute, productId), message: problem.message });
      }
    }
  }

  if (problems.length > 0) return { ok: false, problems };
  const next: AdminAttributes = { cibaThreshold, denyThreshold, accountTier };
  const changed = (Object.keys(next) as AdminAttribute[]).filter(
    (attribute) => next[attribute] !== current[attribute],
  );
  return { ok: true, next, changed };
}
