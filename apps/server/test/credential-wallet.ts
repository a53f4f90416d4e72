import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import {
  CREDENTIAL_PROOF_JWT_TYPE,
  CREDENTIAL_TYPES,
  OAUTH_PATHS,
  WALLET_CLIENT_ID,
  outboxResponseSchema,
  vcPaths,
  type CredentialOfferResponse,
  type CredentialType,
} from '@anybank/contracts';
import { apiClient } from './banking-server';

/**
 * A wallet that speaks OpenID4VCI by hand (fetch and jose), for API tests that need to send what
 * a library would refuse to: another key's proof, a used nonce, a wrong transaction code. The
 * conformance test drives the same endpoints with `@openid4vc/openid4vci` instead.
 */

export const PRE_AUTHORIZED_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

export interface HolderKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function newHolderKey(): Promise<HolderKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { privateKey, publicJwk: await exportJWK(publicKey) };
}

/** The customer presses "Add to my phone's wallet"; the offer and the code sent to `codeTo`. */
export async function offerFor(
  origin: string,
  token: string,
  codeTo: string,
  type: CredentialType = 'verified_customer',
): Promise<{ offer: CredentialOfferResponse; preAuthorizedCode: string; txCode: string }> {
  const response = await apiClient(origin, token)(vcPaths.offers, {
    method: 'POST',
    body: { credentialType: type },
  });
  if (response.status !== 201) throw new Error(`offer refused: ${response.status}`);
  const offer = (await response.json()) as CredentialOfferResponse;
  const offerJson = JSON.parse(
    new URL(offer.credentialOfferUri).searchParams.get('credential_offer') ?? '{}',
  ) as { grants: Record<string, { 'pre-authorized_code': string }> };
  const preAuthorizedCode = offerJson.grants[PRE_AUTHORIZED_CODE_GRANT]?.['pre-authorized_code'];
  const outbox = await fetch(
    new URL(`/api/dev/outbox?to=${encodeURIComponent(codeTo)}&limit=1`, origin),
  );
  const [message] = outboxResponseSchema.parse(await outbox.json()).messages;
  if (!preAuthorizedCode || !message?.code) throw new Error('no pre-authorized code or tx code');
  return { offer, preAuthorizedCode, txCode: message.code };
}

/** The token request of the pre-authorized code grant; answers the raw response. */
export function redeemCode(origin: string, preAuthorizedCode: string, txCode?: string) {
  const form = new URLSearchParams({
    grant_type: PRE_AUTHORIZED_CODE_GRANT,
    client_id: WALLET_CLIENT_ID,
    'pre-authorized_code': preAuthorizedCode,
    ...(txCode === undefined ? {} : { tx_code: txCode }),
  });
  return fetch(new URL(OAUTH_PATHS.token, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}

export async function freshNonce(origin: string): Promise<string> {
  const response = await fetch(new URL(vcPaths.nonce, origin), { method: 'POST' });
  const body = (await response.json()) as { c_nonce?: string };
  if (!body.c_nonce) throw new Error(`no c_nonce: ${response.status}`);
  return body.c_nonce;
}

/** A `jwt` proof: signed by `signWith`, naming `holder`'s public key (another key's on purpose). */
export function proofJwt(
  origin: string,
  nonce: string,
  holder: HolderKey,
  signWith: CryptoKey = holder.privateKey,
): Promise<string> {
  return new SignJWT({ aud: origin, nonce })
    .setProtectedHeader({ alg: 'ES256', typ: CREDENTIAL_PROOF_JWT_TYPE, jwk: holder.publicJwk })
    .setIssuedAt()
    .sign(signWith);
}

export function requestCredential(
  origin: string,
  accessToken: string,
  proof: string,
  type: CredentialType = 'verified_customer',
) {
  return fetch(new URL(vcPaths.credential, origin), {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      credential_configuration_id: CREDENTIAL_TYPES[type].configurationId,
      proofs: { jwt: [proof] },
    }),
  });
}

/** The whole issuance, as the phone does it: an SD-JWT VC bound to `holder`. */
export async function issueCredential(
  origin: string,
  token: string,
  codeTo: string,
  holder: HolderKey,
  type: CredentialType = 'verified_customer',
): Promise<string> {
  const { preAuthorizedCode, txCode } = await offerFor(origin, token, codeTo, type);
  const tokenResponse = await redeemCode(origin, preAuthorizedCode, txCode);
  const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
  const proof = await proofJwt(origin, await freshNonce(origin), holder);
  const response = await requestCredential(origin, accessToken, proof, type);
  const body = (await response.json()) as { credentials?: { credential: string }[] };
  const credential = body.credentials?.[0]?.credential;
  if (!credential) throw new Error(`no credential: ${response.status} ${JSON.stringify(body)}`);
  return credential;
}
