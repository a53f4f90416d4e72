import { SignJWT, importJWK } from 'jose';
import { WALLET_CARD_JWT_TYPE, type WalletCardClaims } from '@anybank/contracts';
import { deriveSigningJwk } from '../identity/oauth/oidc.keys';

export interface WalletCardSigner {
  /** The card as a compact JWT, signed with the bank's published key. */
  sign(claims: WalletCardClaims): Promise<string>;
}

/**
 * Signs AnyBank customer cards with the bank's token key (ES256, from SIGNING_SECRET), whose
 * public half oidc-provider publishes at the JWKS address: anyone holding a card can check it
 * came from the bank without asking the bank, and no second key needs publishing or rotating.
 * The `kid` names that key; the `typ` header keeps cards apart from the bank's other JWTs.
 */
export function createWalletCardSigner(signingSecret: string): WalletCardSigner {
  const jwk = deriveSigningJwk(signingSecret);
  const keyPromise = importJWK(jwk, 'ES256');
  return {
    async sign(claims) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ: WALLET_CARD_JWT_TYPE })
        .sign(await keyPromise);
    },
  };
}
