import {
  CREDENTIAL_TTL_SECONDS,
  CREDENTIAL_TYPES,
  type CredentialAddress,
  type CredentialType,
} from '@anybank/contracts';

/**
 * What each credential type says about its holder (ADR 0027), from what the bank holds. A claim
 * the bank does not hold (no date of birth, no address) is left out rather than made up, so a
 * verifier asking for it learns the wallet cannot answer.
 */

/** What the bank holds of the customer, as the directory and the accounts have it. */
export interface HolderFacts {
  firstName: string;
  lastName: string;
  /** ISO `YYYY-MM-DD`, or null when the bank has none. */
  birthDate: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  /** The country the bank serves (its customers' addresses carry none of their own). */
  country: string;
  identityVerified: boolean;
  /** The last four digits of the customer's checking account, or null without one. */
  checkingSuffix: string | null;
  bankName: string;
}

/** Whole years from `birthDate` to `today` (UTC), as a birthday counts them. */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return beforeBirthday ? age - 1 : age;
}

function addressOf(facts: HolderFacts): CredentialAddress | undefined {
  if (!facts.street && !facts.city && !facts.postalCode) return undefined;
  return {
    ...(facts.street ? { street_address: facts.street } : {}),
    ...(facts.city ? { locality: facts.city } : {}),
    ...(facts.postalCode ? { postal_code: facts.postalCode } : {}),
    country: facts.country,
  };
}

/** The selectively disclosable claims of a credential of `type` for this holder, today. */
export function credentialClaims(
  type: CredentialType,
  facts: HolderFacts,
  today: Date,
): Record<string, unknown> {
  if (type === 'account_holder') {
    return {
      bank_name: facts.bankName,
      ...(facts.checkingSuffix ? { account_number: `•••• ${facts.checkingSuffix}` } : {}),
      holder_name: `${facts.firstName} ${facts.lastName}`,
    };
  }
  const address = addressOf(facts);
  return {
    given_name: facts.firstName,
    family_name: facts.lastName,
    ...(facts.birthDate
      ? { birthdate: facts.birthDate, age_over_18: ageOn(facts.birthDate, today) >= 18 }
      : {}),
    ...(address ? { address } : {}),
    verification_level: facts.identityVerified ? 'identity_verified' : 'account_opening',
  };
}

/** The claims every verifier may read (not disclosable): who issued what, until when, bound to whom. */
export function credentialEnvelope(input: {
  type: CredentialType;
  issuer: string;
  holderJwk: Record<string, unknown>;
  status: { idx: number; uri: string };
  now: Date;
}) {
  const iat = Math.floor(input.now.getTime() / 1000);
  return {
    iss: input.issuer,
    vct: CREDENTIAL_TYPES[input.type].vct,
    iat,
    exp: iat + CREDENTIAL_TTL_SECONDS,
    cnf: { jwk: input.holderJwk },
    status: { status_list: { idx: input.status.idx, uri: input.status.uri } },
  };
}
