import { describe, expect, it } from 'vitest';
import { INITIAL_FLOW_STATE, finish, type FlowState } from '../flow/flow.state';
import { transition } from '../flow/flow.rules';
import {
  REMEMBERED_BROWSER_AMR,
  mayOfferRemembering,
  rememberedBrowserVerdict,
  rememberedUntil,
  remembersBrowser,
  type RememberedBrowserFacts,
} from './remembered-browser.rules';

const NOW = new Date('2026-11-26T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const FACTS: RememberedBrowserFacts = {
  purpose: 'sign-in',
  passwordChecked: true,
  riskLevel: 'LOW',
  secondFactorAsked: false,
  remembrance: {
    deviceIdHash: 'this-browser',
    createdAt: new Date(NOW.getTime() - 3 * DAY),
    expiresAt: new Date(NOW.getTime() + 27 * DAY),
    forgottenAt: null,
    country: 'US',
  },
  deviceIdHash: 'this-browser',
  riskDeniedSince: false,
  country: 'US',
  now: NOW,
};

const remembered = (change: Partial<NonNullable<RememberedBrowserFacts['remembrance']>>) => ({
  remembrance: { ...FACTS.remembrance!, ...change },
});

describe('whether a remembered browser stands in for the second factor', () => {
  it.each<[string, Partial<RememberedBrowserFacts>, string | null, boolean]>([
    ['a remembered browser at LOW risk skips the second factor', {}, null, false],
    ['its country unknown now skips still', { country: null }, null, false],
    ['a country never known skips still', remembered({ country: null }), null, false],
    ['a step-up always asks', { purpose: 'step-up' }, 'not-a-sign-in', false],
    ['a pairing always asks', { purpose: 'pairing' }, 'not-a-sign-in', false],
    ['without a password in this flow it asks', { passwordChecked: false }, 'no-password', false],
    ['no remembrance of this customer asks', { remembrance: null }, 'not-remembered', false],
    ['the cookie on another browser asks', { deviceIdHash: 'another' }, 'other-browser', false],
    ['a browser that sent no device cookie asks', { deviceIdHash: null }, 'other-browser', false],
    [
      'another device cookie (the token copied elsewhere) asks',
      { deviceIdHash: 'another-browser' },
      'other-browser',
      false,
    ],
    ['a forgotten browser asks', remembered({ forgottenAt: NOW }), 'forgotten', false],
    ['after 30 days it asks', remembered({ expiresAt: NOW }), 'expired', false],
    ['at MEDIUM risk it asks', { riskLevel: 'MEDIUM' }, 'risk-not-low', false],
    ['at HIGH risk it asks', { riskLevel: 'HIGH' }, 'risk-not-low', false],
    [
      'failures for the username from elsewhere ask, and keep it',
      { secondFactorAsked: true },
      'failures-elsewhere',
      false,
    ],
    [
      'a risk denial since it was remembered asks, and ends it',
      { riskDeniedSince: true },
      'risk-denied-since',
      true,
    ],
    [
      'a new address in another country asks, and ends it',
      { country: 'FR' },
      'country-changed',
      true,
    ],
  ])('%s', (_name, change, reason, forget) => {
    const verdict = rememberedBrowserVerdict({ ...FACTS, ...change });
    expect(verdict).toEqual(reason === null ? { skip: true } : { skip: false, reason, forget });
  });
});

const AFTER_PASSWORD: FlowState = {
  ...INITIAL_FLOW_STATE,
  status: 'USERNAME_PASSWORD_REQUIRED',
  userId: 'u1',
  username: 'jane.doe',
  hasRiskPayload: true,
  browserDeviceId: 'device-0123456789',
};

describe('remembering a browser in the sign-in machine', () => {
  it('completes the second factor with a remembered browser, saying so in amr', () => {
    const result = transition(AFTER_PASSWORD, {
      type: 'PASSWORD_ACCEPTED',
      devices: [{ id: 'd1', type: 'Email', prompt: 'sent-code' }],
      nonce: 'n',
      rememberedBrowserId: 'rb1',
    });
    expect(result.state.status).toBe('MFA_COMPLETED');
    expect(result.state.amr).toEqual(['pwd', REMEMBERED_BROWSER_AMR]);
    expect(result.state.rememberedBrowserId).toBe('rb1');
    expect(result.effects).toEqual([{ type: 'REMEMBERED_BROWSER_USED', browserId: 'rb1' }]);
  });

  it('asks the device as before without a remembered browser', () => {
    const result = transition(AFTER_PASSWORD, {
      type: 'PASSWORD_ACCEPTED',
      devices: [{ id: 'd1', type: 'Email', prompt: 'sent-code' }],
      nonce: 'n',
    });
    expect(result.state.status).toBe('OTP_REQUIRED');
    expect(result.effects).toEqual([{ type: 'SEND_OTP', deviceId: 'd1' }]);
  });

  it('ignores a remembered browser in a step-up: the password alone ends it', () => {
    const result = transition(
      { ...AFTER_PASSWORD, purpose: 'step-up', stepUp: { grantHash: 'g', browserHash: 'b' } },
      { type: 'PASSWORD_ACCEPTED', devices: [], nonce: 'n', rememberedBrowserId: 'rb1' },
    );
    expect(result.state.amr).toEqual(['pwd']);
    expect(result.effects).toEqual([{ type: 'RECORD_STEP_UP' }]);
  });

  const afterCode: FlowState = { ...AFTER_PASSWORD, status: 'MFA_COMPLETED', amr: ['pwd', 'otp'] };

  it.each<[string, FlowState, boolean | undefined, boolean]>([
    ['ticked after a code: remembered', afterCode, true, true],
    ['not ticked: not remembered', afterCode, false, false],
    ['said nothing: not remembered', afterCode, undefined, false],
    [
      'skipped by a remembered browser: not renewed',
      { ...afterCode, amr: ['pwd', REMEMBERED_BROWSER_AMR] },
      true,
      false,
    ],
    [
      'no device id from the browser: not remembered',
      { ...afterCode, browserDeviceId: null },
      true,
      false,
    ],
    [
      'a device user without a password: not remembered',
      { ...afterCode, amr: ['otp'] },
      true,
      false,
    ],
  ])('CONTINUE %s', (_name, state, rememberBrowser, remembers) => {
    const result = transition(state, { type: 'CONTINUE', rememberBrowser });
    expect(result.state.status).toBe('RESUME');
    expect(result.effects).toEqual([
      { type: 'FINISH_LOGIN' },
      ...(remembers ? [{ type: 'REMEMBER_BROWSER' }] : []),
    ]);
  });

  it('remembers only when the sign-in ends, after an identity verification too', () => {
    const verifying = transition(
      { ...afterCode, verifiedIdentityRequired: true },
      { type: 'CONTINUE', rememberBrowser: true },
    );
    expect(verifying.state.status).toBe('IDENTITY_VERIFICATION_REQUIRED');
    expect(verifying.effects).toEqual([{ type: 'SEND_VERIFICATION_CODE' }]);
    expect(finish({ ...verifying.state, identityVerified: true }).effects).toEqual([
      { type: 'FINISH_LOGIN' },
      { type: 'REMEMBER_BROWSER' },
    ]);
  });

  it('offers "Don\'t ask again" only in a password sign-in from a browser with a device id', () => {
    const withPassword = { ...AFTER_PASSWORD, amr: ['pwd'] };
    expect(mayOfferRemembering(withPassword)).toBe(true);
    expect(mayOfferRemembering({ ...withPassword, purpose: 'step-up' })).toBe(false);
    expect(mayOfferRemembering({ ...withPassword, amr: [] })).toBe(false);
    expect(mayOfferRemembering({ ...withPassword, browserDeviceId: null })).toBe(false);
    expect(remembersBrowser({ ...withPassword, rememberBrowser: true })).toBe(false);
  });

  it('remembers for 30 days', () => {
    expect(rememberedUntil(NOW).getTime() - NOW.getTime()).toBe(30 * DAY);
  });
});
