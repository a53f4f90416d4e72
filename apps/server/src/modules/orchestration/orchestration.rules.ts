import { z } from 'zod';
import { OTP_TTL_MS } from '@anybank/contracts';

/**
 * Pure rules of the orchestration service: who may call, the registration ticket, the
 * per-address e-mail limits, device-target comparison. No HTTP, no SQL; time is passed in.
 */

/** How many e-mails of one kind an address may receive in a window (counted in the outbox). */
export interface EmailLimit {
  subject: string;
  max: number;
  windowMs: number;
}

/** The start of the window a limit counts in. */
export function windowStart(limit: Pick<EmailLimit, 'windowMs'>, now: Date): Date {
  return new Date(now.getTime() - limit.windowMs);
}

export function limitReached(limit: Pick<EmailLimit, 'max'>, sentInWindow: number): boolean {
  return sentInWindow >= limit.max;
}

/**
 * `encodedMail` must be the base64 of `mail` (document 1 §7 sends both). Compared trimmed and
 * case-insensitively, as e-mail addresses are looked up. Standard and URL-safe base64 both do.
 */
export function encodedMailMatches(mail: string, encodedMail: string): boolean {
  const encoded = encodedMail.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  return decoded.trim().toLowerCase() === mail.trim().toLowerCase();
}

/**
 * A pending registration, sealed (AES-256-GCM) into the `registrationId` the widget sends back:
 * the server keeps nothing until the e-mail is verified. It holds the password's argon2 hash,
 * never the password, and the keyed hash of the code, never the code.
 */
export const registrationTicketSchema = z.object({
  purpose: z.literal('registration'),
  version: z.literal(1),
  /** Random: the one-time code's reference, and the key its failed attempts are counted under. */
  nonce: z.uuid(),
  issuedAt: z.number().int(),
  expiresAt: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  /** Null for a passkey-only account, which has `passkey` instead. */
  passwordHash: z.string().startsWith('$argon2').nullable(),
  codeHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** A passkey registration: the new account's id (the passkey's user handle) and challenge. */
  passkey: z.object({ userId: z.uuid(), challenge: z.uuid() }).optional(),
});
export type RegistrationTicket = z.infer<typeof registrationTicketSchema>;

/** A registration ticket and its code last as long as a sign-in code. */
export const REGISTRATION_TTL_MS = OTP_TTL_MS;

export type TicketState = { state: 'valid'; ticket: RegistrationTicket } | { state: 'expired' };

/** Reads an opened ticket; null when it is not one (tampered tickets never open at all). */
export function readTicket(json: string, now: Date): TicketState | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = registrationTicketSchema.safeParse(value);
  if (!parsed.success) return null;
  // An account has a password or a passkey: never neither.
  if (parsed.data.passwordHash === null && !parsed.data.passkey) return null;
  if (now.getTime() >= parsed.data.expiresAt) return { state: 'expired' };
  return { state: 'valid', ticket: parsed.data };
}

/**
 * The form field a unique violation on `users` belongs to, by the constraint's name; null for
 * any other constraint (that is not the person's doing).
 */
export function fieldOfUserConstraint(constraint: string | undefined): 'username' | 'email' | null {
  if (constraint === 'users_uid_unique') return 'username';
  if (constraint === 'users_email_unique') return 'email';
  return null;
}
