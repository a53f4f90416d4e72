import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import { fidoErrorMessage, hasFidoOptions } from './fido';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('FIDO messages (§8)', () => {
  it.each<[string, 'register' | 'authenticate', string]>([
    ['InvalidStateError', 'register', messages.login.fidoAlreadyRegistered],
    ['NotAllowedError', 'register', messages.login.fidoConsentNotProvided],
    ['SecurityError', 'register', messages.login.fidoRegistrationError],
    ['Error', 'register', messages.login.fidoRegistrationError],
    ['NotAllowedError', 'authenticate', messages.login.fidoAuthenticationNotProvided],
    ['InvalidStateError', 'authenticate', messages.login.fidoAuthenticationError],
    ['AbortError', 'authenticate', messages.login.fidoAuthenticationError],
  ])('%s on %s: %s', (name, ceremony, message) => {
    expect(fidoErrorMessage(named(name), ceremony)).toBe(message);
  });

  it('reads a DOMException-like object and survives a thrown string', () => {
    expect(fidoErrorMessage({ name: 'NotAllowedError' }, 'register')).toBe(
      messages.login.fidoConsentNotProvided,
    );
    expect(fidoErrorMessage('boom', 'authenticate')).toBe(messages.login.fidoAuthenticationError);
  });

  it('knows options it can hand to the browser', () => {
    expect(hasFidoOptions({ challenge: 'abc', rp: { id: 'localhost' } })).toBe(true);
    expect(hasFidoOptions(undefined)).toBe(false);
    expect(hasFidoOptions({})).toBe(false);
  });
});
