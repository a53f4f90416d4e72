import { createHash } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import {
  CREDENTIAL_TYPES,
  KEY_BINDING_JWT_TYPE,
  KEY_BINDING_MAX_AGE_SECONDS,
  RETAIL_SHOP_CLIENT_ID,
  SD_JWT_VC_TYPE,
  type ApiErrorCode,
  type PresentationPurpose,
} from '@anybank/contracts';
import {
  KEY_BINDING_SKEW_SECONDS,
  claimsAgainstQuery,
  disclosedClaimNames,
  isUnexpired,
  keyBindingAge,
  type StepOutcome,
} from './wallet-check.rules';

/**
 * Where the shop learns the issuer's keys and a credential's status (ADR 0027): the bank's
 * `GET /.well-known/jwt-vc-issuer` and its status list URL, over HTTP (issuer-source.ts); a
 * test gives its own.
 */
export interface IssuerSource {
  /** The SD-JWT VC issuer metadata: who the issuer is and the keys it signs credentials with. */
  issuerMetadata(): Promise<{ issuer: string; jwks: { keys: JWK[] } }>;
  /** The status list token (`statuslist+jwt`) at a URI the credential names. */
  statusList(uri: string): Promise<string>;
}

/** The bank could not be reached for its keys or its status list: nothing was decided. */
export class IssuerUnavailable extends Error {}

const ALGORITHMS = ['ES256'];
const VCT = CREDENTIAL_TYPES.verified_customer.vct;

/** SHA-256 as the SD-JWT library asks for it (the one `_sd_alg` the bank uses). */
function hasher(data: string | ArrayBuffer, alg: string): Uint8Array {
  if (alg !== 'sha-256') throw new Error(`unsupported _sd_alg ${alg}`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

/** Whether `data.sig` is an ES256 JWS by one of `keys` (the header's kid picks it). */
async function signedBy(keys: readonly JWK[], data: string, sig: string): Promise<boolean> {
  try {
    const { kid } = decodeProtectedHeader(`${data}.${sig}`);
    const jwk = keys.find((key) => key.kid === kid) ?? (keys.length === 1 ? keys[0] : undefined);
    if (!jwk) return false;
    await compactVerify(`${data}.${sig}`, await importJWK(jwk, 'ES256'), {
      algorithms: ALGORITHMS,
    });
    return true;
  } catch {
    return false;
  }
}

const errorCodeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the library's refusal of the whole presentation is, in the shop's codes. */
function codeOfLibraryError(error: unknown): ApiErrorCode {
  const code = errorCodeOf(error);
  if (code === 'STATUS_INVALID') return 'wallet_check_revoked';
  if (code.startsWith('KEY_BINDING')) return 'wallet_check_key_binding_invalid';
  if (code === 'JWT_EXPIRED') return 'wallet_check_credential_expired';
  if (code === 'INVALID_VCT') return 'wallet_check_wrong_credential';
  if (code === 'INVALID_ISSUER') return 'wallet_check_wrong_issuer';
  return 'wallet_check_bad_signature';
}

/**
 * The checks of one presentation (ADR 0027), each named, stopping at the first that fails.
 * The library (@sd-jwt/sd-jwt-vc) verifies the signatures, digests and key binding; the shop's
 * own comparisons name which of them failed; the library's end-to-end verification then runs
 * once without and once with the status list, so a revocation is told apart from the rest.
 */
export async function verifyPresentation(input: {
  presentation: string | null;
  purpose: PresentationPurpose;
  nonce: string;
  bankIssuer: string;
  source: IssuerSource;
  now: Date;
}): Promise<{ outcomes: StepOutcome[]; claims: Record<string, unknown> }> {
  const { purpose, nonce, bankIssuer, source, now } = input;
  const outcomes: StepOutcome[] = [];
  let claims: Record<string, unknown> = {};
  const done = () => ({ outcomes, claims });
  /** Notes a check; answers whether it passed. */
  const check = (
    step: StepOutcome['step'],
    passed: boolean,
    detail?: string,
    code?: ApiErrorCode,
  ) => {
    outcomes.push({ step, passed, ...(detail ? { detail } : {}), ...(code ? { code } : {}) });
    return passed;
  };

  let keys: JWK[];
  try {
    const metadata = await source.issuerMetadata();
    if (metadata.issuer !== bankIssuer) throw new Error(`the metadata names ${metadata.issuer}`);
    keys = metadata.jwks.keys;
  } catch (error) {
    throw new IssuerUnavailable(`the issuer's keys could not be read: ${messageOf(error)}`);
  }
  const verifier = (data: string, sig: string) => signedBy(keys, data, sig);
  // The key-binding JWT is signed by the key the credential binds (`cnf.jwk`), RFC 9901 §4.3.
  const kbVerifier = (data: string, sig: string, bound: { cnf?: { jwk?: unknown } }) => {
    const jwk = bound.cnf?.jwk as JWK | undefined;
    return jwk ? signedBy([jwk], data, sig) : false;
  };
  const sdJwt = new SDJwtVcInstance({
    hasher,
    verifier,
    statusVerifier: verifier,
    kbVerifier,
    statusListFetcher: async (uri) => {
      if (!uri.startsWith(`${bankIssuer}/`))
        throw new Error(`the status list ${uri} is not AnyBank’s`);
      try {
        return await source.statusList(uri);
      } catch (error) {
        throw new IssuerUnavailable(`the status list could not be read: ${messageOf(error)}`);
      }
    },
  });

  const presentation = input.presentation ?? '';
  const decoded = await sdJwt.decode(presentation).catch(() => null);
  const payload = decoded?.jwt?.payload;
  const kb = decoded?.kbJwt;
  if (
    !check(
      'presentation',
      Boolean(payload && kb?.payload),
      payload ? 'no key-binding JWT' : undefined,
    )
  )
    return done();
  if (!payload || !kb?.payload || !decoded.jwt) return done();

  if (!check('issuer', payload.iss === bankIssuer, `iss ${String(payload.iss)}`)) return done();
  const typed = decoded.jwt.header?.typ === SD_JWT_VC_TYPE;
  const signed = await decoded.jwt
    .verify(verifier, { allowedIssuerAlgorithms: ALGORITHMS, skipJwtClaimValidation: true })
    .then(() => true)
    .catch(() => false);
  if (!check('signature', typed && signed, typed ? undefined : 'typ is not dc+sd-jwt'))
    return done();
  if (!check('type', payload.vct === VCT, `vct ${String(payload.vct)}`)) return done();
  if (!check('validity', isUnexpired(payload.exp, now))) return done();

  try {
    claims = await decoded.getClaims(hasher);
  } catch (error) {
    check('disclosures', false, messageOf(error));
    return done();
  }
  check('disclosures', true);
  const disclosed = disclosedClaimNames(claims);
  const { notAsked, missing } = claimsAgainstQuery(purpose, disclosed);
  if (!check('onlyAsked', notAsked.length === 0, `shared: ${disclosed.join(', ') || 'nothing'}`))
    return done();
  if (
    !check(
      'allAsked',
      missing.length === 0,
      missing.length ? `not shared: ${missing.join(', ')}` : undefined,
    )
  )
    return done();

  const kbClaims = kb.payload as Record<string, unknown>;
  if (!check('audience', kbClaims.aud === RETAIL_SHOP_CLIENT_ID, `aud ${String(kbClaims.aud)}`))
    return done();
  if (!check('nonce', kbClaims.nonce === nonce)) return done();
  const age = keyBindingAge(kbClaims.iat, now);
  if (!check('freshness', age === 'fresh', age === 'fresh' ? undefined : `its iat is ${age}`))
    return done();

  const options = {
    currentDate: Math.floor(now.getTime() / 1000),
    skewSeconds: KEY_BINDING_SKEW_SECONDS,
    keyBindingNonce: nonce,
    expectedKeyBindingAudience: RETAIL_SHOP_CLIENT_ID,
    keyBindingMaxAgeSeconds: KEY_BINDING_MAX_AGE_SECONDS,
    expectedIssuer: bankIssuer,
    expectedVct: VCT,
    allowedIssuerAlgorithms: ALGORITHMS,
    allowedKeyBindingAlgorithms: ALGORITHMS,
  };
  const sdHash = Buffer.from(
    hasher(presentation.slice(0, presentation.lastIndexOf('~') + 1), 'sha-256'),
  ).toString('base64url');
  const kbSigned = await kb
    .verifyKB({ verifier: kbVerifier, payload, nonce, options })
    .then(() => true)
    .catch(() => false);
  const kbTyped = kb.header?.typ === KEY_BINDING_JWT_TYPE;
  if (!check('keyBinding', kbTyped && kbSigned && kbClaims.sd_hash === sdHash)) return done();

  try {
    await sdJwt.verify(presentation, { ...options, disableStatusVerification: true });
    check('library', true);
  } catch (error) {
    check('library', false, messageOf(error), codeOfLibraryError(error));
    return done();
  }
  const status = (payload.status as { status_list?: { uri?: unknown; idx?: unknown } } | undefined)
    ?.status_list;
  try {
    if (typeof status?.uri !== 'string') throw new Error('the credential names no status list');
    await sdJwt.verify(presentation, options);
    check('status', true, `entry ${String(status.idx)} of ${status.uri}`);
  } catch (error) {
    if (error instanceof IssuerUnavailable) throw error;
    const revoked = errorCodeOf(error) === 'STATUS_INVALID';
    check(
      'status',
      false,
      messageOf(error),
      revoked ? 'wallet_check_revoked' : 'wallet_check_status_unverified',
    );
    return done();
  }
  if (purpose === 'age') check('overEighteen', claims.age_over_18 === true);
  return done();
}
