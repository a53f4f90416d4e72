import {
  CREDENTIAL_CLAIMS,
  credentialAddressSchema,
  credentialClaimLabels,
  verifiableCredentialMessages as text,
  verificationLevelLabels,
  type CredentialType,
} from '@anybank/contracts';

/**
 * A credential's claims as the phone lists them (ADR 0027): labelled, in the order the type
 * names them, each value in words (a yes or no, an address on one line). Pure.
 */

export interface ShownClaim {
  name: string;
  label: string;
  value: string;
}

/** One claim's value in words. */
export function claimValue(name: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (name === 'verification_level' && typeof value === 'string') {
    return (verificationLevelLabels as Record<string, string>)[value] ?? value;
  }
  if (name === 'address') {
    const address = credentialAddressSchema.safeParse(value);
    if (address.success) {
      const { street_address, postal_code, locality, country } = address.data;
      const town = [postal_code, locality].filter(Boolean).join(' ');
      return [street_address, town, country].filter(Boolean).join(', ');
    }
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** The claims to list: the type's own first, in its order, then any other, by name. */
export function shownClaims(
  credentialType: CredentialType,
  claims: Record<string, unknown>,
): ShownClaim[] {
  const known: readonly string[] = CREDENTIAL_CLAIMS[credentialType];
  const names = [
    ...known.filter((name) => name in claims),
    ...Object.keys(claims)
      .filter((name) => !known.includes(name))
      .sort(),
  ];
  return names.map((name) => ({
    name,
    label: credentialClaimLabels[name] ?? name,
    value: claimValue(name, claims[name]),
  }));
}
