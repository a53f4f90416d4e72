import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../identity/devices/secret-box';
import {
  encodedMailMatches,
  fieldOfUserConstraint,
  limitReached,
  readTicket,
  windowStart,
  type RegistrationTicket,
} from './orchestration.rules';

describe('orchestration rules', () => {
  it('checks that encodedMail is the base64 of mail', () => {
    const mail = 'Jane.Doe@example.com';
    expect(encodedMailMatches(mail, Buffer.from(mail).toString('base64'))).toBe(true);
    expect(encodedMailMatches(mail, Buffer.from(mail.toLowerCase()).toString('base64url'))).toBe(
      true,
    );
    expect(encodedMailMatches(mail, Buffer.from('john@example.com').toString('base64'))).toBe(
      false,
    );
    expect(encodedMailMatches(mail, mail)).toBe(false);
  });

  it('counts e-mails in a sliding window', () => {
    const limit = { max: 3, windowMs: 15 * 60 * 1000 };
    expect(windowStart(limit, new Date('2026-01-01T00:15:00Z')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(limitReached(limit, 2)).toBe(false);
    expect(limitReached(limit, 3)).toBe(true);
  });

  it('names the field of a unique violation, and only of users', () => {
    expect(fieldOfUserConstraint('users_uid_unique')).toBe('username');
    expect(fieldOfUserConstraint('users_email_unique')).toBe('email');
    expect(fieldOfUserConstraint('accounts_pkey')).toBeNull();
    expect(fieldOfUserConstraint(undefined)).toBeNull();
  });

  describe('registration ticket', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const ticket: RegistrationTicket = {
      purpose: 'registration',
      version: 1,
      nonce: '6f1c2a9e-8a7b-4d3c-9e2f-0a1b2c3d4e5f',
      issuedAt: now.getTime(),
      expiresAt: now.getTime() + 5 * 60 * 1000,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada.lovelace',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      codeHash: 'a'.repeat(64),
    };

    it('is valid until it expires', () => {
      expect(readTicket(JSON.stringify(ticket), now)).toEqual({ state: 'valid', ticket });
      expect(readTicket(JSON.stringify(ticket), new Date(ticket.expiresAt))).toEqual({
        state: 'expired',
      });
    });

    it('is refused when it is not a registration ticket', () => {
      expect(readTicket('not json', now)).toBeNull();
      expect(readTicket(JSON.stringify({ ...ticket, purpose: 'totp' }), now)).toBeNull();
      expect(readTicket(JSON.stringify({ ...ticket, passwordHash: 'Welcome2Bank!' }), now)).toBe(
        null,
      );
    });

    it('sealed, it hides the data and cannot be altered', () => {
      const box = createSecretBox('a-signing-secret-of-at-least-32-characters');
      const sealed = box.seal(JSON.stringify(ticket));
      expect(sealed).not.toContain('ada');
      const parts = sealed.split('.');
      const body = Buffer.from(parts[3]!, 'base64url');
      body[0] = body[0]! ^ 1;
      parts[3] = body.toString('base64url');
      expect(() => box.open(parts.join('.'))).toThrow();
    });
  });
});
