import {
  KEY_BINDING_JWT_TYPE,
  PRESENTATION_CLAIMS,
  PRESENTATION_PURPOSES,
  REQUEST_OBJECT_JWT_TYPE,
  SD_JWT_VC_TYPE,
  walletPresentationMessages as text,
  type PresentationPurpose,
  type TrustedVerifier,
} from '@anybank/contracts';
import { decodeJws, es256Sign, es256Verifies, keyFor, type JsonObject } from './es256';
import { keyBindingClaims, parseSdJwt, presentedPart } from './sd-jwt';

/**
 * A verifier's OpenID4VP 1.0 request as the wallet opens and answers it (ADR 0027): the request
 * object must be signed by a verifier the bank's wallet knows (`GET /api/wallet/verifiers`),
 * its DCQL query names the claims it wants, and the answer discloses exactly those, with a
 * key-binding JWT for this verifier and this request's nonce. DOM-free: WebCrypto is passed in.
 */

export interface PresentationRequest {
  verifier: Pick<TrustedVerifier, 'clientId' | 'name'>;
  responseUri: string;
  nonce: string;
  state: string;
  /** The DCQL credential query's id: the key of the answer in `vp_token`. */
  queryId: string;
  vctValues: string[];
  /** The top-level claims it asks for, in its order. */
  claims: string[];
}

export type OpenedRequest =
  { kind: 'opened'; request: PresentationRequest } | { kind: 'refused'; message: string };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The one dc+sd-jwt credential query of a DCQL query, with top-level claim paths only. */
export function credentialQueryOf(
  dcql: unknown,
): Pick<PresentationRequest, 'queryId' | 'vctValues' | 'claims'> | null {
  const queries = isObject(dcql) ? dcql.credentials : undefined;
  if (!Array.isArray(queries) || queries.length !== 1 || !isObject(queries[0])) return null;
  const { id, format, meta, claims } = queries[0];
  const vctValues = isObject(meta) ? meta.vct_values : undefined;
  if (!isText(id) || format !== SD_JWT_VC_TYPE || !Array.isArray(vctValues)) return null;
  if (!Array.isArray(claims) || claims.length === 0) return null;
  const names = claims.map((claim: unknown) => {
    const path = isObject(claim) ? claim.path : undefined;
    return Array.isArray(path) && path.length === 1 && isText(path[0]) ? path[0] : null;
  });
  if (names.some((name) => name === null) || !vctValues.every(isText)) return null;
  return { queryId: id, vctValues: vctValues as string[], claims: names as string[] };
}

/** Verifies and reads a request object fetched from the link's `request_uri`. */
export async function openRequestObject(
  jwt: string,
  clientId: string,
  verifiers: readonly TrustedVerifier[],
  options: { subtle: SubtleCrypto; now: Date },
): Promise<OpenedRequest> {
  const refused = (message: string): OpenedRequest => ({ kind: 'refused', message });
  const verifier = verifiers.find((candidate) => candidate.clientId === clientId);
  const jws = decodeJws(jwt.trim());
  if (verifier === undefined || jws === null) return refused(text.unknownVerifier);
  const key = keyFor(verifier.jwks.keys, jws.header.kid);
  if (
    jws.header.typ !== REQUEST_OBJECT_JWT_TYPE ||
    key === null ||
    !(await es256Verifies(options.subtle, jws, key)) ||
    jws.payload.client_id !== clientId
  ) {
    return refused(text.unknownVerifier);
  }
  const { payload } = jws;
  const query = credentialQueryOf(payload.dcql_query);
  if (
    payload.response_type !== 'vp_token' ||
    payload.response_mode !== 'direct_post' ||
    !isText(payload.response_uri) ||
    !isText(payload.nonce) ||
    !isText(payload.state) ||
    (typeof payload.exp === 'number' && payload.exp * 1000 <= options.now.getTime()) ||
    query === null
  ) {
    return refused(text.requestFailed);
  }
  return {
    kind: 'opened',
    request: {
      verifier: { clientId, name: verifier.name },
      responseUri: payload.response_uri,
      nonce: payload.nonce,
      state: payload.state,
      ...query,
    },
  };
}

/** The purpose whose claims are exactly those asked for, or null. */
export function purposeOf(claims: readonly string[]): PresentationPurpose | null {
  const asked = [...claims].sort().join(' ');
  return (
    PRESENTATION_PURPOSES.find(
      (purpose) => [...PRESENTATION_CLAIMS[purpose]].sort().join(' ') === asked,
    ) ?? null
  );
}

/** Whether a credential can answer: its type is asked for and it discloses every claim. */
export function canAnswer(request: PresentationRequest, credential: string): boolean {
  const sdJwt = parseSdJwt(credential);
  if (sdJwt === null || !request.vctValues.includes(String(sdJwt.jws.payload.vct))) return false;
  const names = sdJwt.disclosures.map((disclosure) => disclosure.name);
  return request.claims.every((claim) => names.includes(claim));
}

/** The presentation: the issuer JWT, only the asked claims' disclosures, a key-binding JWT. */
export async function buildPresentation(
  request: PresentationRequest,
  credential: string,
  options: { subtle: SubtleCrypto; privateKey: CryptoKey; now: Date },
): Promise<string> {
  const sdJwt = parseSdJwt(credential);
  if (sdJwt === null) throw new Error('Not an SD-JWT');
  const presented = presentedPart(sdJwt, request.claims);
  const claims = await keyBindingClaims(options.subtle, presented, {
    audience: request.verifier.clientId,
    nonce: request.nonce,
    now: options.now,
  });
  const kbJwt = await es256Sign(
    options.subtle,
    options.privateKey,
    { typ: KEY_BINDING_JWT_TYPE },
    claims,
  );
  return `${presented}${kbJwt}`;
}

/** The `direct_post` body: the presentation under its query id, or the holder's refusal. */
export function responseForm(request: PresentationRequest, presentation: string | null) {
  return presentation === null
    ? new URLSearchParams({ error: 'access_denied', state: request.state })
    : new URLSearchParams({
        vp_token: JSON.stringify({ [request.queryId]: [presentation] }),
        state: request.state,
      });
}

/** What the wallet says of the verifier's answer to its post. */
export function verifierAnswer(
  request: PresentationRequest,
  shared: boolean,
  status: number,
  body: unknown,
): { ok: boolean; message: string } {
  const name = request.verifier.name;
  if (status >= 200 && status < 300) {
    return { ok: true, message: shared ? text.shared(name) : text.declinedSent(name) };
  }
  const message = isObject(body) && isText(body.message) ? body.message : null;
  return { ok: false, message: message ? text.refusedBy(name, message) : text.sendFailed };
}
