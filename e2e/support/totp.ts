import { createHmac } from 'node:crypto';

/**
 * An authenticator app of the journeys' own: RFC 6238 time-based one-time passwords (HMAC-SHA1,
 * 30-second steps, 6 digits) over RFC 4226 HOTP, with the key decoded from RFC 4648 base32 by
 * hand. Independent of the bank's implementation on purpose: it checks that one against the
 * standard, not against itself.
 */

export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 to bytes; spaces (a grouped key), '=' padding and case are ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value === -1) throw new Error(`"${char}" is not a base32 character`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
    buffer &= (1 << bits) - 1;
  }
  return Buffer.from(bytes);
}

/** RFC 4226: the code for `counter` (dynamic truncation of HMAC-SHA1, 6 digits). */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** The time step (RFC 6238's T) of a moment, counted from the Unix epoch. */
export function timeStepAt(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 6238: the code of time step `step` for a base32 key. */
export function totpCode(base32Key: string, step: number): string {
  return hotp(base32Decode(base32Key), step);
}

/** Milliseconds until time step `step` begins (0 when it has). */
export function msUntilStep(step: number, nowMs: number = Date.now()): number {
  return Math.max(0, step * TOTP_STEP_SECONDS * 1000 - nowMs);
}
