import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, fillBrand } from '@anybank/contracts';
import { AUDIT_EVENT_TYPES } from '../audit/audit.rules';
import {
  contactChangeNotice as contactChangeTemplate,
  deviceWords as deviceWordsTemplate,
  isToldChange,
  noticeTime,
  securityNoticeFor as securityNoticeTemplate,
} from './security-notice.rules';

// The rules write the bank's name as a slot the messaging fills in when it sends
// (ADR 0020): these tests read the notices as sent under the default brand.
const branded = (text: string) => fillBrand(text, DEFAULT_BRAND);
function sent<T extends { subject: string; body: string } | null>(notice: T): T {
  return notice && { ...notice, subject: branded(notice.subject), body: branded(notice.body) };
}
// Each method declares its devices' words (identity's declared devices, tested there); the
// composition root hands them over as this function does.
const WORDS: Record<string, string> = {
  iPhone: 'the {{productName}} app on a phone',
  SMS: 'a mobile number for text-message codes',
  Email: 'an e-mail address for codes',
  TOTP: 'an authenticator app',
  FIDO2: 'a passkey',
  SECURITY_KEY: 'a security key',
};
const wordsOf = (type: string) => WORDS[type] ?? null;
const securityNoticeFor = (
  ...args: Parameters<typeof securityNoticeTemplate> extends [...infer Head, unknown] ? Head : never
) => sent(securityNoticeTemplate(args[0], args[1], args[2], wordsOf));
const contactChangeNotice = (...args: Parameters<typeof contactChangeTemplate>) =>
  sent(contactChangeTemplate(...args));
const deviceWords = (details: Record<string, unknown>) =>
  branded(deviceWordsTemplate(details, wordsOf));

const JANE = { firstName: 'Jane', username: 'jane.doe' };
const AT = new Date('2026-11-24T19:45:12Z');

describe('security notices', () => {
  it.each([
    [
      'password.changed',
      {},
      'Your AnyBank password was changed',
      'the password for your AnyBank username jane.doe was changed on 24 November 2026 at 19:45 UTC',
    ],
    [
      'device.added',
      { deviceType: 'TOTP' },
      'A sign-in method was added to your AnyBank account',
      'an authenticator app was added',
    ],
    [
      'device.added',
      { deviceType: 'iPhone', rebound: true },
      'A sign-in method was added to your AnyBank account',
      'the AnyBank app on a new phone was added',
    ],
    [
      'device.removed',
      { deviceType: 'SMS' },
      'A sign-in method was removed from your AnyBank account',
      'a mobile number for text-message codes was removed',
    ],
  ])('tells the person of %s %j', (type, details, subject, sentence) => {
    const notice = securityNoticeFor({ type, details }, JANE, AT);
    expect(notice?.subject).toBe(subject);
    expect(notice?.body).toContain(sentence);
    expect(notice?.body).toMatch(/^Hello Jane, /);
    expect(notice?.body).toContain('If it was not you, reset your password now');
  });

  it('tells the owner of a passkey that answered like a copy, with what to do', () => {
    const notice = securityNoticeFor(
      { type: 'device.clone_suspected', details: { deviceType: 'FIDO2' } },
      JANE,
      AT,
    );
    expect(notice?.subject).toBe('We refused a sign-in with a copy of your passkey');
    expect(notice?.body).toContain('a passkey answered like a copy of the one you registered');
    expect(notice?.body).toContain('Remove it from the sign-in methods on your profile page');
  });

  it('tells the person which browser no longer asks for the second factor, and how to forget it', () => {
    const notice = securityNoticeFor(
      { type: 'browser.remembered', details: { browser: 'Chrome 156 on Linux' } },
      JANE,
      AT,
    );
    expect(notice?.subject).toBe('A browser will no longer ask for your AnyBank second factor');
    expect(notice?.body).toContain('not to ask for a second factor on Chrome 156 on Linux');
    expect(notice?.body).toContain('Remembered browsers on Sign In & Password');
    expect(notice?.body).toContain('If it was not you, reset your password now');
  });

  it.each([
    [
      'recovery_codes.generated',
      {},
      'New AnyBank recovery codes were made',
      'new recovery codes were made for your AnyBank username jane.doe on 24 November 2026 at 19:45 UTC. Any codes made before no longer work.',
    ],
    [
      'recovery_code.used',
      { left: 2 },
      'A recovery code was used to sign in to AnyBank',
      'a recovery code was used instead of your second factor to sign in to your AnyBank username jane.doe on 24 November 2026 at 19:45 UTC. You have 2 recovery codes left.',
    ],
  ])('tells the person of %s %j', (type, details, subject, sentence) => {
    const notice = securityNoticeFor({ type, details }, JANE, AT);
    expect(notice?.subject).toBe(subject);
    expect(notice?.body).toContain(sentence);
    expect(notice?.body).toContain('If it was not you, reset your password now');
  });

  it.each([
    [
      'password.removed',
      'Your AnyBank password was removed',
      'the password of your AnyBank username jane.doe was removed on 24 November 2026 at 19:45 UTC. You now sign in with your passkey only.',
    ],
    [
      'otp.replayed',
      'Someone used an old code from your authenticator app',
      'a code from your authenticator app that had already been used was entered to sign in to your AnyBank username jane.doe. We refused it.',
    ],
  ])('tells the person of %s', (type, subject, sentence) => {
    const notice = securityNoticeFor({ type }, JANE, AT);
    expect(notice?.subject).toBe(subject);
    expect(notice?.body).toContain(sentence);
  });

  it('tells of no other audited event', () => {
    const told = AUDIT_EVENT_TYPES.filter((type) => securityNoticeFor({ type }, JANE, AT) !== null);
    expect(told).toEqual([
      'device.added',
      'device.removed',
      'password.changed',
      'password.removed',
      'otp.replayed',
      'device.clone_suspected',
      'browser.remembered',
      'recovery_codes.generated',
      'recovery_code.used',
    ]);
    // The quick check the notice service makes before it looks anyone up says the same.
    expect(AUDIT_EVENT_TYPES.filter(isToldChange)).toEqual(told);
  });

  it.each([
    [{ deviceType: 'iPhone' }, 'the AnyBank app on a phone'],
    [{ deviceType: 'Email' }, 'an e-mail address for codes'],
    [{ deviceType: 'FIDO2' }, 'a passkey'],
    [{ deviceType: 'SECURITY_KEY' }, 'a security key'],
    [{ deviceType: 'Pager' }, 'a sign-in method'],
    [{}, 'a sign-in method'],
  ])('names a device %j as "%s", never by its address', (details, words) => {
    expect(deviceWords(details)).toBe(words);
  });

  it('writes the time in UTC, whatever the server’s zone', () => {
    expect(noticeTime(new Date('2026-01-02T00:05:00Z'))).toBe('2 January 2026 at 00:05 UTC');
  });
});

describe('the notice to a previous e-mail address or mobile number', () => {
  it('says what changed and to what, when, from which browser, how to undo it, and how to get help', () => {
    const notice = contactChangeNotice(
      {
        kind: 'email',
        newValue: 'jane.new@example.com',
        at: new Date('2026-11-24T19:45:00Z'),
        browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
        undoUrl: 'http://localhost:8080/contact-change/undo#abc',
      },
      { firstName: 'Jane', username: 'jane.doe' },
    );
    expect(notice.subject).toBe('Your AnyBank e-mail address was changed');
    expect(notice.body).toContain('e-mail address of your AnyBank username jane.doe');
    expect(notice.body).toContain('jane.new@example.com');
    expect(notice.body).toContain('24 November 2026 at 19:45 UTC');
    expect(notice.body).toContain('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0');
    expect(notice.body).toContain("This wasn't me: http://localhost:8080/contact-change/undo#abc");
    expect(notice.body).toContain('signs you in only 24 hours from then');
    expect(notice.body).toContain('call us');
    expect(notice.body).toContain("'Forgot password?'");
  });

  it('names a mobile number as such', () => {
    const notice = contactChangeNotice(
      {
        kind: 'mobile',
        newValue: '+447700900123',
        at: new Date(),
        browser: 'Firefox',
        undoUrl: 'http://localhost/contact-change/undo#x',
      },
      { firstName: 'Jane', username: 'jane.doe' },
    );
    expect(notice.subject).toBe('Your AnyBank mobile number was changed');
    expect(notice.body).toContain('+447700900123');
  });
});
