import type { Database } from '../../../db/database';
import {
  generateSigningJwk,
  publicPartOf,
  type PublicSigningJwk,
  type SigningJwk,
} from '../oauth/oidc.keys';
import { createKeySeal } from './key-seal';
import { insertSecretsIfAbsent } from './keys.store';

/** A client's key pair: the private JWK stays with the client, the public one is registered. */
export interface ClientKeyPair {
  privateJwk: SigningJwk;
  publicJwk: PublicSigningJwk;
}

/**
 * The key pair of an OAuth client that runs beside the bank (the pay-by-bank shop, ADR 0023):
 * made on first start and kept like the server's secrets (`server_secrets`, sealed with
 * KEY_ENCRYPTION_KEY when set, bound to its row's name); instances starting together each offer
 * one and all end with the first one stored. Only its public half is registered with the bank.
 */
export async function loadClientKeyPair(
  db: Database,
  keyEncryptionKey: string | null,
  clientId: string,
): Promise<ClientKeyPair> {
  const seal = createKeySeal(keyEncryptionKey);
  const name = `client-key:${clientId}`;
  const offered = JSON.stringify(await generateSigningJwk());
  const stored = await insertSecretsIfAbsent(db, [
    { name, value: seal.seal(offered, `secret:${name}`) },
  ]);
  const value = stored.get(name);
  if (value === undefined) throw new Error(`the key of ${clientId} was not stored`);
  const privateJwk = JSON.parse(seal.open(value, `secret:${name}`)) as SigningJwk;
  return { privateJwk, publicJwk: publicPartOf(privateJwk) };
}
