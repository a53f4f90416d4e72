import { BLANK_PLACEHOLDER, type AccountKind } from '@anybank/contracts';

/**
 * Pure rules of the directory: how an entry's derived attributes are formed.
 */

/** Document 1 §3.8: fullAddress = "street, city, postalCode", leaving out what is missing. */
export function fullAddress(entry: {
  street: string | null;
  city: string | null;
  postalCode: string | null;
}): string {
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
