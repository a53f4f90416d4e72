import { SignJWT, importJWK } from 'jose';
import { WALLET_CARD_JWT_TYPE, type WalletCardClaims } from '@anybank/contracts';
import type { SigningKeyRing } from '../identity';

export interface WalletCardSigner {
  /** The card as a compact JWT, signed with the bank's published key. */
  sign(claims: WalletCardClaims): Promise<string>;
}

/**
 * Signs AnyBank customer cards with the bank's current token key (ES256, generated and kept in
 * the database), whose public half oidc-provider publishes at the JWKS address: anyone holding
 * a card can check it came from the bank without asking the bank. The `kid` names that key; the
 * `typ` header keeps cards apart from the bank's other JWTs. After a key rotation the old key
 * leaves the JWKS once the tokens it signed have expired (README "Secrets and keys").
 */
export function createWalletCardSigner(
  signingKeys: Pick<SigningKeyRing, 'signingKey'>,
): WalletCardSigner {
  const imported = new Map<string, ReturnType<typeof importJWK>>();
  return {
    async sign(claims) {
      const jwk = signingKeys.signingKey();
      let key = imported.get(jwk.kid);
      if (!key) {
        key = importJWK(jwk, 'ES256');
        imported.set(jwk.kid, key);
      }
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ: WALLET_CARD_JWT_TYPE })
        .sign(await key);
    },
  };
}
