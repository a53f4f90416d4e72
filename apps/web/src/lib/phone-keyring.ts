import { base64UrlEncode } from './oauth';

/**
 * The bank's phone app as this browser plays it (the `/mobile` simulator): the key pair the
 * app made when it was activated, and the push device the server bound its public half to.
 * After activation the phone proves itself only by signing (document 1 §4.3): a person who
 * merely knows a request id cannot answer it.
 *
 * The private key is kept in `localStorage` as a JWK. A real phone app keeps it in the
 * operating system's keystore (iOS Keychain / Secure Enclave, Android Keystore), where it can
 * be used but never read out; a browser demo has no such place that survives a reload.
 *
 * DOM-free: storage, WebCrypto and the other-tab signal are passed in, so the unit tests run
 * it in Node. `phone-key.ts` gives the app its one instance.
 */

/** The push device this phone answers for, as the activation returned it. */
export interface PhoneIdentity {
  deviceId: string;
  deviceName: string;
  username: string;
  firstName: string;
}

/** The public half as the server takes it: nothing but the curve point. */
export interface PublicPhoneJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

interface StoredPhone extends PhoneIdentity {
  privateKey: JsonWebKey;
}

export type PhoneStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A key pair made for an activation that is not confirmed yet. */
export interface NewPhoneKey {
  publicKey: PublicPhoneJwk;
  /** Keeps the key as this browser's phone, for the device the server bound it to. */
  save(identity: PhoneIdentity): void;
}

export interface PhoneKeyring {
  /** The activated phone, or null; the same object until the stored phone changes. */
  current(): PhoneIdentity | null;
  /** A fresh ECDSA P-256 key pair; nothing is stored until `save`. */
  create(): Promise<NewPhoneKey>;
  /**
   * base64url of the raw (r||s) signature over `message` with the key of `deviceId`. Throws
   * when this browser does not hold that device's key (any more).
   */
  sign(deviceId: string, message: string): Promise<string>;
  /** Forgets the key: this browser is no phone any more. */
  forget(): void;
  /** Calls the listener after each change, here or in another tab; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export class PhoneKeyMissingError extends Error {
  constructor(deviceId: string) {
    super(`This browser holds no phone key for device ${deviceId}.`);
    this.name = 'PhoneKeyMissingError';
  }
}

const KEY_GENERATION: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const KEY_IMPORT: EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' };
/** WebCrypto's ECDSA answers IEEE P1363 (r||s), the encoding the server verifies. */
const SIGNATURE_ALGORITHM: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** The curve point of a P-256 JWK, without the private part or any other member. */
export function publicJwkOf(jwk: JsonWebKey): PublicPhoneJwk {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !isText(jwk.x) || !isText(jwk.y)) {
    throw new Error('Not a P-256 key');
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
}

/** The stored phone, or null when there is none or it is not one (edited, older format). */
export function parseStoredPhone(json: string | null): StoredPhone | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return null;
    const { deviceId, deviceName, username, firstName, privateKey } = value as Record<
      string,
      unknown
    >;
    if (![deviceId, deviceName, username, firstName].every(isText)) return null;
    const key = privateKey as JsonWebKey | null;
    if (typeof key !== 'object' || key === null || !isText(key.d)) return null;
    publicJwkOf(key);
    return {
      deviceId: deviceId as string,
      deviceName: deviceName as string,
      username: username as string,
      firstName: firstName as string,
      privateKey: key,
    };
  } catch {
    return null;
  }
}

export function createPhoneKeyring(deps: {
  storage: PhoneStorage;
  subtle: SubtleCrypto;
  /** The storage item this keyring alone owns. */
  storageKey: string;
  /** Wires a callback to changes made elsewhere (another tab); returns the unwiring. */
  watchOtherTabs?: (changed: () => void) => () => void;
}): PhoneKeyring {
  const { storage, subtle, storageKey } = deps;
  const listeners = new Set<() => void>();
  let unwatch: (() => void) | null = null;
  let snapshot: { raw: string | null; phone: StoredPhone | null; identity: PhoneIdentity | null } =
    { raw: null, phone: null, identity: null };
  const signingKeys = new Map<string, Promise<CryptoKey>>();

  const notify = () => {
    for (const listener of listeners) listener();
  };

  function read(): StoredPhone | null {
    const raw = storage.getItem(storageKey);
    if (raw !== snapshot.raw) {
      const phone = parseStoredPhone(raw);
      const identity = phone && {
        deviceId: phone.deviceId,
        deviceName: phone.deviceName,
        username: phone.username,
        firstName: phone.firstName,
      };
      snapshot = { raw, phone, identity };
    }
    return snapshot.phone;
  }

  function signingKeyOf(phone: StoredPhone): Promise<CryptoKey> {
    const id = `${phone.deviceId}:${phone.privateKey.d ?? ''}`;
    let key = signingKeys.get(id);
    if (!key) {
      // Imported once, not extractable: from here on the key is only used, never read.
      key = subtle.importKey('jwk', phone.privateKey, KEY_IMPORT, false, ['sign']);
      key.catch(() => signingKeys.delete(id));
      signingKeys.set(id, key);
    }
    return key;
  }

  return {
    current() {
      read();
      return snapshot.identity;
    },

    async create() {
      // Extractable, because the browser keeps the private key as a JWK (see above).
      const pair = await subtle.generateKey(KEY_GENERATION, true, ['sign', 'verify']);
      const [privateKey, publicKey] = await Promise.all([
        subtle.exportKey('jwk', pair.privateKey),
        subtle.exportKey('jwk', pair.publicKey),
      ]);
      return {
        publicKey: publicJwkOf(publicKey),
        save(identity) {
          const stored: StoredPhone = {
            deviceId: identity.deviceId,
            deviceName: identity.deviceName,
            username: identity.username,
            firstName: identity.firstName,
            privateKey,
          };
          storage.setItem(storageKey, JSON.stringify(stored));
          notify();
        },
      };
    },

    async sign(deviceId, message) {
      const phone = read();
      if (!phone || phone.deviceId !== deviceId) throw new PhoneKeyMissingError(deviceId);
      const signature = await subtle.sign(
        SIGNATURE_ALGORITHM,
        await signingKeyOf(phone),
        new TextEncoder().encode(message),
      );
      return base64UrlEncode(new Uint8Array(signature));
    },

    forget() {
      storage.removeItem(storageKey);
      signingKeys.clear();
      notify();
    },

    subscribe(listener) {
      listeners.add(listener);
      if (!unwatch && deps.watchOtherTabs) unwatch = deps.watchOtherTabs(notify);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unwatch) {
          unwatch();
          unwatch = null;
        }
      };
    },
  };
}
