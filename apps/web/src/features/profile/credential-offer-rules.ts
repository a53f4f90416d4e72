import {
  CREDENTIAL_TYPE_NAMES,
  credentialOfferResponseSchema,
  type CredentialOfferResponse,
  type IssuedCredential,
} from '@anybank/contracts';

/**
 * What the bank's answers mean to the Digital Wallet section's verifiable credentials
 * (ADR 0027). DOM-free, for the unit tests; credentials-api.ts makes the calls.
 */

/** `site`: this site's address; only a link to its own phone app is shown, never elsewhere. */
export function offerOf(body: unknown, site: string): CredentialOfferResponse | null {
  const parsed = credentialOfferResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const { phoneLink, credentialOfferUri } = parsed.data;
  if (!phoneLink.startsWith(`${site}/mobile#`)) return null;
  if (!credentialOfferUri.startsWith('openid-credential-offer://')) return null;
  return parsed.data;
}

export type CredentialStatus = 'active' | 'revoked' | 'expired';

export function statusOf(credential: IssuedCredential, now: Date): CredentialStatus {
  if (credential.revokedAt !== null) return 'revoked';
  return new Date(credential.expiresAt).getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Newest first, and the types in the order the bank lists them. */
export function sortedCredentials(credentials: readonly IssuedCredential[]): IssuedCredential[] {
  return [...credentials].sort(
    (a, b) =>
      b.issuedAt.localeCompare(a.issuedAt) ||
      CREDENTIAL_TYPE_NAMES.indexOf(a.credentialType) -
        CREDENTIAL_TYPE_NAMES.indexOf(b.credentialType),
  );
}

/** Whether the list has a credential it did not have before: the phone took the offer. */
export function hasNewCredential(
  before: readonly IssuedCredential[],
  now: readonly IssuedCredential[],
): boolean {
  const known = new Set(before.map((credential) => credential.id));
  return now.some((credential) => !known.has(credential.id));
}
