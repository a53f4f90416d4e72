import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * How secrets and private keys are kept in the database: sealed with AES-256-GCM under a key
 * from KEY_ENCRYPTION_KEY when one is set (`sealed.v1.<iv>.<tag>.<ciphertext>`), as they are
 * otherwise (`plain.<value>`, and a start-up warning says so). Each value is bound to its row's
 * name as additional data, so a sealed value copied into another row does not open.
 */
export interface KeySeal {
  /** Whether values are sealed (a KEY_ENCRYPTION_KEY is set). */
  readonly sealing: boolean;
  seal(plain: string, boundTo: string): string;
  /** The value; throws a KeySealError when it cannot be opened with this key. */
  open(stored: string, boundTo: string): string;
}

export class KeySealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeySealError';
  }
}

const SEALED = 'sealed.v1.';
const PLAIN = 'plain.';

export function createKeySeal(keyEncryptionKey: string | null): KeySeal {
  const key = keyEncryptionKey
    ? Buffer.from(
        hkdfSync('sha256', keyEncryptionKey, 'anybank-key-encryption', 'aes-256-gcm-v1', 32),
      )
    : null;
  return {
    sealing: key !== null,
    seal(plain, boundTo) {
      if (!key) return `${PLAIN}${plain}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${SEALED}${[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')}`;
    },
    open(stored, boundTo) {
      if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
      if (!stored.startsWith(SEALED))
        throw new KeySealError(`${boundTo} is stored in an unknown form.`);
      if (!key) {
        throw new KeySealError(
          `${boundTo} is stored encrypted: set KEY_ENCRYPTION_KEY to the value it was stored with.`,
        );
      }
      const [iv, tag, body] = stored.slice(SEALED.length).split('.');
      if (!iv || !tag || body === undefined) throw new KeySealError(`${boundTo} is damaged.`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new KeySealError(
          `${boundTo} does not open with this KEY_ENCRYPTION_KEY: set the value it was stored with.`,
        );
      }
    },
  };
}
