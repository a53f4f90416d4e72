import { publicJwkOf } from '../../lib/phone-keyring';
import type { NewHolderKey } from './openid4vci-client';

/**
 * The wallet's holder keys (ADR 0027): one ES256 key pair per credential, made by WebCrypto with
 * a non-extractable private key and kept as the CryptoKey itself in IndexedDB (structured
 * clone keeps a CryptoKey, and its private half can sign but never be read out). A browser has
 * no secure element: this is the closest a simulator gets to a device-bound key.
 */

const DB_NAME = 'anybank-wallet-keys';
const STORE = 'keys';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

async function transact<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
    });
  } finally {
    db.close();
  }
}

export function deleteHolderKey(keyId: string): Promise<void> {
  return transact<undefined>('readwrite', (store) => store.delete(keyId)).then(() => undefined);
}

/** A fresh key pair, stored under a random id before it is used. */
export async function newHolderKey(): Promise<NewHolderKey> {
  const subtle = window.crypto.subtle;
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ]);
  const keyId = window.crypto.randomUUID();
  await transact('readwrite', (store) => store.put(pair.privateKey, keyId));
  const publicJwk = publicJwkOf(await subtle.exportKey('jwk', pair.publicKey));
  return {
    keyId,
    publicJwk: { ...publicJwk },
    privateKey: pair.privateKey,
    discard: () => deleteHolderKey(keyId),
  };
}

/** The private key of a credential, or null when this browser no longer holds it. */
export async function holderPrivateKey(keyId: string): Promise<CryptoKey | null> {
  const key = await transact<CryptoKey | undefined>('readonly', (store) => store.get(keyId));
  return key ?? null;
}
