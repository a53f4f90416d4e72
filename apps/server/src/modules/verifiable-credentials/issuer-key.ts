import { importJWK, type CryptoKey, type JWK } from 'jose';
import type { Database } from '../../db/database';
import { loadClientKeyPair } from '../identity';

/** The name the issuer key is kept under (beside the shop's client key, ADR 0023). */
const ISSUER_KEY_NAME = 'credential-issuer';

export interface IssuerKey {
  /** The public half with its `kid`, as `/.well-known/jwt-vc-issuer` publishes it. */
  publicJwk(): Promise<JWK & { kid: string }>;
  privateKey(): Promise<{ kid: string; key: CryptoKey }>;
}

/**
 * The key credentials and the status list are signed with (ADR 0027): ES256, made on first start
 * and kept sealed in the database like the server's other keys (ADR 0017), read once. Not the
 * token key: a credential lives a year, a rotated token key leaves the JWKS within hours.
 */
export function createIssuerKey(db: Database, keyEncryptionKey: string | null): IssuerKey {
  let loaded: ReturnType<typeof load> | undefined;
  async function load() {
    const pair = await loadClientKeyPair(db, keyEncryptionKey, ISSUER_KEY_NAME);
    const key = (await importJWK(pair.privateJwk, 'ES256')) as CryptoKey;
    return { kid: pair.publicJwk.kid, key, publicJwk: pair.publicJwk };
  }
  const once = () => (loaded ??= load());
  return {
    async publicJwk() {
      return { ...(await once()).publicJwk };
    },
    async privateKey() {
      const { kid, key } = await once();
      return { kid, key };
    },
  };
}
