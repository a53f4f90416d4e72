import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CREDENTIAL_CLAIMS,
  CREDENTIAL_TYPES,
  KEY_BINDING_MAX_AGE_SECONDS,
  PHONE_PRESENTATION_PARAM,
  PRESENTATION_CLAIMS,
  PRESENTATION_QUERY_ID,
  RETAIL_SHOP_CLIENT_ID,
  SD_JWT_VC_TYPE,
  SELF_ISSUED_AUDIENCE,
  type ApiErrorCode,
  type PresentationPurpose,
  type VerifierCheck,
} from '@anybank/contracts';

/**
 * The shop as an OpenID4VP 1.0 verifier (ADR 0027), its pure part: what it asks a wallet for
 * (the request object's claims and its DCQL query), the checks it makes of the answer and
 * the decision they lead to.
 */

/** The DCQL query of a purpose: one verified-customer credential, only the claims it needs. */
export function dcqlQueryOf(purpose: PresentationPurpose) {
  return {
    credentials: [
      {
        id: PRESENTATION_QUERY_ID,
        format: SD_JWT_VC_TYPE,
        meta: { vct_values: [CREDENTIAL_TYPES.verified_customer.vct] },
        claims: PRESENTATION_CLAIMS[purpose].map((claim) => ({ path: [claim] })),
      },
    ],
  };
}

/** The signed request object's claims (OpenID4VP 1.0 §5, RFC 9101), `direct_post` mode. */
export function requestObjectClaims(request: {
  purpose: PresentationPurpose;
  nonce: string;
  state: string;
  responseUri: string;
  now: Date;
  expiresAt: Date;
}) {
  return {
    client_id: RETAIL_SHOP_CLIENT_ID,
    response_type: 'vp_token',
    response_mode: 'direct_post',
    response_uri: request.responseUri,
    nonce: request.nonce,
    state: request.state,
    aud: SELF_ISSUED_AUDIENCE,
    iat: Math.floor(request.now.getTime() / 1000),
    exp: Math.floor(request.expiresAt.getTime() / 1000),
    dcql_query: dcqlQueryOf(request.purpose),
  };
}

/** What any OpenID4VP wallet scans, and the same request as a link opening `/mobile`. */
export function walletRequestLinks(siteUrl: string, requestObjectUrl: string) {
  const requestUri = `openid4vp://?${new URLSearchParams({
    client_id: RETAIL_SHOP_CLIENT_ID,
    request_uri: requestObjectUrl,
  }).toString()}`;
  const phoneLink = `${siteUrl}/mobile#${PHONE_PRESENTATION_PARAM}=${encodeURIComponent(requestUri)}`;
  return { requestUri, phoneLink };
}

/** The checks the shop makes of a presentation, in the order it makes them, and each refusal. */
export const VERIFIER_STEPS = {
  presentation: {
    name: 'The answer holds one presentation of the credential asked for, with its key-binding proof',
    code: 'wallet_check_malformed',
  },
  issuer: { name: 'The credential names AnyBank as its issuer', code: 'wallet_check_wrong_issuer' },
  signature: {
    name: 'AnyBank’s signature on the credential is valid',
    code: 'wallet_check_bad_signature',
  },
  type: {
    name: 'It is an AnyBank verified customer credential',
    code: 'wallet_check_wrong_credential',
  },
  validity: { name: 'The credential has not expired', code: 'wallet_check_credential_expired' },
  disclosures: {
    name: 'Each shared claim matches a digest AnyBank signed',
    code: 'wallet_check_bad_disclosure',
  },
  onlyAsked: {
    name: 'Only the claims asked for were shared',
    code: 'wallet_check_not_requested_claim',
  },
  allAsked: { name: 'Every claim asked for was shared', code: 'wallet_check_missing_claim' },
  audience: {
    name: 'The wallet’s proof is addressed to this shop',
    code: 'wallet_check_wrong_audience',
  },
  nonce: { name: 'The wallet’s proof answers this request', code: 'wallet_check_nonce_mismatch' },
  freshness: {
    name: 'The wallet’s proof was made in the last 5 minutes',
    code: 'wallet_check_stale_proof',
  },
  keyBinding: {
    name: 'The wallet’s proof is signed by the key the credential is bound to',
    code: 'wallet_check_key_binding_invalid',
  },
  library: {
    name: 'The whole presentation verifies with @sd-jwt/sd-jwt-vc',
    code: 'wallet_check_bad_signature',
  },
  status: {
    name: 'AnyBank has not revoked the credential (its status list)',
    code: 'wallet_check_revoked',
  },
  overEighteen: {
    name: 'The credential says the customer is 18 or over',
    code: 'wallet_check_not_over_18',
  },
} as const satisfies Record<string, { name: string; code: ApiErrorCode }>;
export type VerifierStep = keyof typeof VERIFIER_STEPS;

/** One check's outcome; `code` replaces the step's own refusal when the failure is another's. */
export interface StepOutcome {
  step: VerifierStep;
  passed: boolean;
  detail?: string;
  code?: ApiErrorCode;
}

export type WalletCheckDecision =
  | { status: 'verified'; checks: VerifierCheck[] }
  | { status: 'refused'; code: ApiErrorCode; checks: VerifierCheck[] };

/**
 * The decision table: verified when every check was made and passed (the age purpose needs the
 * over-18 check too), else refused with the first failed check's code.
 */
export function decide(
  purpose: PresentationPurpose,
  outcomes: readonly StepOutcome[],
): WalletCheckDecision {
  const checks = outcomes.map(({ step, passed, detail }) => ({
    name: VERIFIER_STEPS[step].name,
    passed,
    ...(detail ? { detail } : {}),
  }));
  const failed = outcomes.find((outcome) => !outcome.passed);
  if (failed)
    return { status: 'refused', code: failed.code ?? VERIFIER_STEPS[failed.step].code, checks };
  const required = (Object.keys(VERIFIER_STEPS) as VerifierStep[]).filter(
    (step) => step !== 'overEighteen' || purpose === 'age',
  );
  const made = new Set(outcomes.map((outcome) => outcome.step));
  const missing = required.find((step) => !made.has(step));
  if (missing) return { status: 'refused', code: VERIFIER_STEPS[missing].code, checks };
  return { status: 'verified', checks };
}

/** The JWT and SD-JWT VC claims that are about the credential, not the customer. */
const REGISTERED_CLAIMS = new Set([
  'iss',
  'sub',
  'aud',
  'iat',
  'nbf',
  'exp',
  'jti',
  'vct',
  'vct#integrity',
  'cnf',
  'status',
  '_sd_alg',
]);

/** The customer's claims a presentation shows (every name but the registered ones). */
export function disclosedClaimNames(claims: Record<string, unknown>): string[] {
  return Object.keys(claims)
    .filter((name) => !REGISTERED_CLAIMS.has(name))
    .sort();
}

/** The shown claims the purpose did not ask for, and the asked ones not shown. */
export function claimsAgainstQuery(purpose: PresentationPurpose, disclosed: readonly string[]) {
  const asked: readonly string[] = PRESENTATION_CLAIMS[purpose];
  return {
    notAsked: disclosed.filter((name) => !asked.includes(name)),
    missing: asked.filter((name) => !disclosed.includes(name)),
  };
}

/** The credential's claims the wallet kept back (for the audit: what the shop never saw). */
export function withheldClaimNames(disclosed: readonly string[]): string[] {
  return CREDENTIAL_CLAIMS.verified_customer.filter((name) => !disclosed.includes(name));
}

/** The claims a verified result keeps: the ones asked for, as disclosed, nothing else. */
export function keptClaims(purpose: PresentationPurpose, claims: Record<string, unknown>) {
  return Object.fromEntries(
    PRESENTATION_CLAIMS[purpose]
      .filter((name) => Object.hasOwn(claims, name))
      .map((name) => [name, claims[name]]),
  );
}

/** How far into the future a key-binding JWT's `iat` may be (clocks differ a little). */
export const KEY_BINDING_SKEW_SECONDS = 30;

/** Whether a key-binding JWT's `iat` is of just now: not older than 5 minutes, not ahead. */
export function keyBindingAge(iat: unknown, now: Date): 'fresh' | 'stale' | 'future' {
  const seconds = now.getTime() / 1000;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return 'stale';
  if (iat > seconds + KEY_BINDING_SKEW_SECONDS) return 'future';
  return iat < seconds - KEY_BINDING_MAX_AGE_SECONDS ? 'stale' : 'fresh';
}

/** A credential's `exp` is in the future (a credential without one is refused). */
export function isUnexpired(exp: unknown, now: Date): boolean {
  return typeof exp === 'number' && exp * 1000 > now.getTime();
}

/** Two secrets compared in constant time, as digests so that lengths do not matter. */
export function sameSecret(given: string | undefined, kept: string): boolean {
  if (!given || !kept) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(kept));
}

/** The digest of the starting browser's cookie, as the check keeps it. */
export function browserHashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A pending check past its expiry reads as expired; every other status is as stored. */
export function effectiveStatus<S extends string>(
  stored: S,
  expiresAt: Date,
  now: Date,
): S | 'expired' {
  return stored === 'pending' && expiresAt.getTime() <= now.getTime() ? 'expired' : stored;
}
