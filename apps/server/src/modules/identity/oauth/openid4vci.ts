import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import {
  errors,
  type Provider,
  type KoaContextWithOIDC,
  type OpenID4VCICredentialConfiguration,
  type OpenID4VCIEnabledConfiguration,
  type OpenID4VCIMetadata,
} from 'oidc-provider';
import { WALLET_CLIENT_ID } from '@anybank/contracts';
import type { ServerSecrets } from '../keys/keys.service';

/**
 * The bank's credential issuer (ADR 0027) as oidc-provider's experimental OpenID4VCI feature:
 * the provider serves the issuer metadata, the nonce endpoint, the pre-authorized code grant
 * (with its transaction code) and the credential endpoint, and checks each `jwt` proof (its
 * signature by the key it names, `typ`, audience, `iat`, and that its `c_nonce` came from the
 * nonce endpoint within the last minutes). The credential itself is the issuer module's: this
 * file hands it the account and the proven key.
 */

/** oidc-provider's acknowledgement of the experimental feature's version it was built against. */
const OPENID4VCI_ACK = 'experimental-01';

/** Why the issuer module did not issue: the proof's nonce was used before, or no such customer. */
export type IssuanceRefusal = 'nonce_replayed' | 'unknown_account';

/** What the issuer module gives the provider (modules/verifiable-credentials). */
export interface CredentialIssuancePort {
  /** The credential configurations the bank issues (OpenID4VCI §12.2.4), by id. */
  configurations: Readonly<Record<string, OpenID4VCICredentialConfiguration>>;
  /** Further issuer metadata (`display`). */
  metadata: OpenID4VCIMetadata;
  issue(input: {
    accountId: string;
    /** The grant of the offer's pre-authorized code: which offer this issuance redeems. */
    grantId: string;
    configurationId: string;
    /** The public key the wallet proved it holds: the credential is bound to it (`cnf`). */
    holderJwk: JWK;
    /** The proof's `c_nonce`, which may be used once. */
    nonce: string;
    ip: string;
  }): Promise<{ credential: string } | { refused: IssuanceRefusal }>;
}

/**
 * The `c_nonce` secret, the same on every instance: derived from the server's signing secret
 * (ADR 0017), so there is nothing more to configure and nothing in the repository.
 */
export function credentialNonceSecret(secrets: Pick<ServerSecrets, 'signingSecret'>): Buffer {
  return createHmac('sha256', secrets.signingSecret).update('openid4vci c_nonce').digest();
}

/** The wallet's access token is good for the credential endpoint only, for 5 minutes. */
export const CREDENTIAL_ACCESS_TOKEN_TTL_SECONDS = 300;

/**
 * The resource a wallet's token is for, and its audience: the Credential Issuer Identifier (the
 * site), as OpenID4VCI 1.0 §5.1.2 has wallets name it in RFC 8707's `resource` parameter.
 */
export function credentialResourceOf(site: string): string {
  return site;
}

/** Only the public members of the proof's key: nothing else goes into a credential's `cnf`. */
function publicPartOfProofKey(jwk: JWK): JWK {
  const { kty, crv, x, y, n, e } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined),
  ) as JWK;
}

export function openid4vciFeature(
  port: CredentialIssuancePort,
  nonceSecret: Buffer,
): OpenID4VCIEnabledConfiguration {
  return {
    enabled: true,
    ack: OPENID4VCI_ACK,
    preAuthorizedCodeGrant: true,
    nonceSecret,
    metadata: port.metadata,
    credentialConfigurationsSupported: port.configurations,
    credentialEndpointExpectedAudience: (ctx) => credentialResourceOf(ctx.oidc.issuer),
    // Every configuration asks for one `jwt` proof; batch issuance is off, so `proofs.jwt`
    // holds exactly one, already verified by the provider.
    issueCredential: async (ctx: KoaContextWithOIDC, { credentialConfigurationId, proofs }) => {
      const proof = proofs && 'jwt' in proofs ? proofs.jwt?.[0] : undefined;
      const accountId = ctx.oidc.accessToken?.accountId;
      const grantId = ctx.oidc.accessToken?.grantId;
      if (!proof || !accountId || !grantId) {
        throw new errors.InvalidProof('a jwt proof is required');
      }
      const { jwk } = decodeProtectedHeader(proof);
      const { nonce } = decodeJwt(proof);
      if (!jwk || typeof nonce !== 'string') {
        throw new errors.InvalidProof('the proof must carry its key as jwk and a nonce');
      }
      const issued = await port.issue({
        accountId,
        grantId,
        configurationId: credentialConfigurationId,
        holderJwk: publicPartOfProofKey(jwk),
        nonce,
        ip: ctx.ip,
      });
      if ('refused' in issued) {
        if (issued.refused === 'nonce_replayed') {
          throw new errors.InvalidNonce('this c_nonce was already used; get a new one');
        }
        throw new errors.InvalidToken('the customer of this token is gone');
      }
      return { credentials: [{ credential: issued.credential }] };
    },
  };
}

/**
 * A credential offer's pre-authorized code (OpenID4VCI §4.1.1): a grant for the wallet's client
 * on the customer's account, for the credential issuer and this configuration's scope, and a
 * code the wallet exchanges once, with the transaction code, within `ttlSeconds`.
 */
export async function mintPreAuthorizedCode(
  provider: Provider,
  input: {
    accountId: string;
    scope: string;
    txCode: string;
    ttlSeconds: number;
    site: string;
  },
): Promise<{ code: string; grantId: string }> {
  const resource = credentialResourceOf(input.site);
  const grant = new provider.Grant({ accountId: input.accountId, clientId: WALLET_CLIENT_ID });
  grant.addResourceScope(resource, input.scope);
  // The grant lives as long as any grant (`ttl.Grant`); the code bounds when it can be used.
  const grantId = await grant.save();
  const code = new provider.PreAuthorizedCode({
    accountId: input.accountId,
    clientId: WALLET_CLIENT_ID,
    grantId,
    resource,
    scope: input.scope,
    txCode: input.txCode,
    expiresIn: input.ttlSeconds,
  });
  return { code: await code.save(), grantId };
}
