import {
  CREDENTIAL_PROOF_JWT_TYPE,
  OAUTH_PATHS,
  WALLET_CLIENT_ID,
  credentialTypeOf,
  vcPaths,
  verifiableCredentialMessages as text,
} from '@anybank/contracts';
import { checkCredential, type CredentialVerdict } from './credential-check';
import { PRE_AUTHORIZED_GRANT, type CredentialOffer } from './credential-offer';
import { es256Sign, type JsonObject } from './es256';

/**
 * The wallet redeeming a credential offer (OpenID4VCI 1.0, pre-authorized code, ADR 0027):
 * the issuer's metadata, the token for the pre-authorized code and the transaction code, a
 * `c_nonce`, a proof JWT signed with a fresh device-bound key, the credential, and its check
 * against the issuer's published keys before the wallet keeps it. DOM-free: fetch, WebCrypto,
 * the clock and the key maker are passed in.
 */

export interface NewHolderKey {
  keyId: string;
  publicJwk: JsonObject;
  privateKey: CryptoKey;
  /** Forgets the key (the credential it was made for was not added). */
  discard: () => Promise<void>;
}

export interface IssuanceDeps {
  fetch: typeof fetch;
  subtle: SubtleCrypto;
  now: () => Date;
  newKey: () => Promise<NewHolderKey>;
  /** This wallet already sent this offer's code once: the issuer has consumed it. */
  triedBefore: boolean;
}

export type IssuanceOutcome =
  | {
      kind: 'issued';
      credential: string;
      keyId: string;
      verdict: Extract<CredentialVerdict, { kind: 'verified' }>;
    }
  | { kind: 'refused'; message: string; detail: string };

/** A refusal: `message` for the holder, `detail` for the developer's console. */
class Refused extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the wallet says of a refused token request. oidc-provider answers `invalid_grant`
 * ("grant request is invalid") alike for a wrong transaction code and a used or expired
 * offer; only a description that names the cause, or this wallet's own earlier try, tells.
 */
export function tokenRefusal(status: number, body: unknown, triedBefore: boolean): string {
  const error = isObject(body) ? body.error : undefined;
  if (status !== 400 || error !== 'invalid_grant') return text.issuanceFailed;
  if (triedBefore) return text.offerRefused;
  const description = isObject(body) ? String(body.error_description ?? '') : '';
  if (/tx_code/i.test(description)) return text.txCodeRefused;
  if (/expired|not found|already used|consumed/i.test(description)) return text.offerRefused;
  return text.offerOrCodeRefused;
}

async function call(
  deps: IssuanceDeps,
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await deps.fetch(url, { ...init, credentials: 'omit' });
  } catch (error) {
    throw new Refused(text.issuerUnreachable, `${url}: ${String(error)}`);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // No JSON: the status says enough.
  }
  return { status: response.status, body };
}

async function getObject(deps: IssuanceDeps, url: string): Promise<JsonObject> {
  const { status, body } = await call(deps, url, { headers: { Accept: 'application/json' } });
  if (status !== 200 || !isObject(body)) {
    throw new Refused(text.issuanceFailed, `${url} answered ${status}`);
  }
  return body;
}

const field = (object: JsonObject, name: string): string => {
  const value = object[name];
  if (typeof value !== 'string' || value === '') {
    throw new Refused(text.issuanceFailed, `no ${name} in the answer`);
  }
  return value;
};

export async function redeemOffer(
  offer: CredentialOffer,
  txCode: string | null,
  deps: IssuanceDeps,
): Promise<IssuanceOutcome> {
  const issuer = offer.credentialIssuer.replace(/\/$/, '');
  let key: NewHolderKey | null = null;
  try {
    const metadata = await getObject(deps, `${issuer}${vcPaths.issuerMetadata}`);
    const configurationId = offer.configurationIds.find((id) => credentialTypeOf(id) !== null);
    const supported = metadata.credential_configurations_supported;
    if (
      metadata.credential_issuer !== offer.credentialIssuer ||
      configurationId === undefined ||
      !isObject(supported) ||
      !(configurationId in supported)
    ) {
      throw new Refused(
        text.issuanceFailed,
        `the issuer's metadata does not offer ${configurationId}`,
      );
    }
    const servers = metadata.authorization_servers;
    const server = Array.isArray(servers) && typeof servers[0] === 'string' ? servers[0] : issuer;
    const discovery = await getObject(deps, `${server.replace(/\/$/, '')}${OAUTH_PATHS.discovery}`);

    const form = new URLSearchParams({
      grant_type: PRE_AUTHORIZED_GRANT,
      'pre-authorized_code': offer.preAuthorizedCode,
      client_id: WALLET_CLIENT_ID,
    });
    if (txCode !== null) form.set('tx_code', txCode);
    const token = await call(deps, field(discovery, 'token_endpoint'), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: form,
    });
    if (token.status !== 200 || !isObject(token.body)) {
      const refusal = tokenRefusal(token.status, token.body, deps.triedBefore);
      throw new Refused(refusal, `token ${token.status} ${JSON.stringify(token.body)}`);
    }
    const accessToken = field(token.body, 'access_token');

    const nonce = await call(deps, field(metadata, 'nonce_endpoint'), { method: 'POST' });
    if (nonce.status !== 200 || !isObject(nonce.body)) {
      throw new Refused(text.issuanceFailed, `nonce ${nonce.status}`);
    }
    const cNonce = field(nonce.body, 'c_nonce');

    key = await deps.newKey();
    const proof = await es256Sign(
      deps.subtle,
      key.privateKey,
      { typ: CREDENTIAL_PROOF_JWT_TYPE, jwk: key.publicJwk },
      { aud: offer.credentialIssuer, iat: Math.floor(deps.now().getTime() / 1000), nonce: cNonce },
    );
    const issued = await call(deps, field(metadata, 'credential_endpoint'), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${accessToken}`,
      },
      body: JSON.stringify({
        credential_configuration_id: configurationId,
        proofs: { jwt: [proof] },
      }),
    });
    const credentials = isObject(issued.body) ? issued.body.credentials : undefined;
    const first: unknown = Array.isArray(credentials) ? credentials[0] : undefined;
    if (issued.status !== 200 || !isObject(first)) {
      const answer = JSON.stringify(issued.body);
      throw new Refused(text.issuanceFailed, `credential ${issued.status} ${answer}`);
    }
    const credential = field(first, 'credential');

    const published = await getObject(deps, `${issuer}${vcPaths.issuerKeys}`);
    const jwks = published.jwks;
    const keys = isObject(jwks) && Array.isArray(jwks.keys) ? jwks.keys.filter(isObject) : [];
    const verdict = await checkCredential(credential, {
      subtle: deps.subtle,
      issuer: published.issuer === offer.credentialIssuer ? offer.credentialIssuer : '',
      keys,
      holderJwk: key.publicJwk,
      now: deps.now(),
    });
    if (verdict.kind !== 'verified') {
      throw new Refused(text.credentialNotVerified(verdict.reason), verdict.reason);
    }
    return { kind: 'issued', credential, keyId: key.keyId, verdict };
  } catch (error) {
    await key?.discard();
    if (error instanceof Refused) {
      return { kind: 'refused', message: error.message, detail: error.detail };
    }
    throw error;
  }
}
