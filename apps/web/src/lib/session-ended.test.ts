import { afterEach, describe, expect, it } from 'vitest';
import {
  CLOCK_SKEW_SECONDS,
  acknowledgeSessionEndedElsewhere,
  isSessionEndedElsewhere,
  isSessionEndedElsewhereReported,
  isSignedOutElsewhereState,
  refusalOf,
  reportSessionEndedElsewhere,
  SIGNED_OUT_ELSEWHERE_STATE,
} from './session-ended';

const NOW = 1_800_000_000;

/** An access token's shape (header.payload.signature) with the given claims. */
function tokenWith(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256', typ: 'at+jwt' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const live = tokenWith({ sub: 'noah', exp: NOW + 20 * 60 });
const expired = tokenWith({ sub: 'noah', exp: NOW - 1 });
const sessionEnded = { status: 401, code: 'session_ended' };
const held = (token: string) => ({ sent: token, current: token });

afterEach(() => acknowledgeSessionEndedElsewhere());

describe('whether a refusal says the session was ended elsewhere', () => {
  it('is so for 401 session_ended with the live token the tab still holds', () => {
    expect(isSessionEndedElsewhere(sessionEnded, held(live), NOW)).toBe(true);
  });

  it('is not so for any other refusal or status', () => {
    expect(
      isSessionEndedElsewhere({ status: 401, code: 'sign_in_required' }, held(live), NOW),
    ).toBe(false);
    expect(
      isSessionEndedElsewhere({ status: 401, code: 'step_up_required' }, held(live), NOW),
    ).toBe(false);
    expect(isSessionEndedElsewhere({ status: 401, code: null }, held(live), NOW)).toBe(false);
    expect(isSessionEndedElsewhere({ status: 403, code: 'session_ended' }, held(live), NOW)).toBe(
      false,
    );
  });

  it('is not so for a token that merely expired, or expires within the clock skew', () => {
    expect(isSessionEndedElsewhere(sessionEnded, held(expired), NOW)).toBe(false);
    const expiring = tokenWith({ sub: 'noah', exp: NOW + CLOCK_SKEW_SECONDS });
    expect(isSessionEndedElsewhere(sessionEnded, held(expiring), NOW)).toBe(false);
    const noExpiry = tokenWith({ sub: 'noah' });
    expect(isSessionEndedElsewhere(sessionEnded, held(noExpiry), NOW)).toBe(false);
    expect(isSessionEndedElsewhere(sessionEnded, held('not-a-token'), NOW)).toBe(false);
  });

  it('is not so without a token, or for one the tab has since replaced or dropped', () => {
    expect(isSessionEndedElsewhere(sessionEnded, { sent: null, current: null }, NOW)).toBe(false);
    const newer = tokenWith({ sub: 'noah', exp: NOW + 29 * 60 });
    expect(isSessionEndedElsewhere(sessionEnded, { sent: live, current: newer }, NOW)).toBe(false);
    expect(isSessionEndedElsewhere(sessionEnded, { sent: live, current: null }, NOW)).toBe(false);
  });
});

describe("an answer's refusal", () => {
  it("reads a 401's code from a copy, leaving the body to the caller", async () => {
    const response = new Response(
      JSON.stringify({ code: 'session_ended', message: 'Your session has ended.' }),
      { status: 401 },
    );
    expect(await refusalOf(response)).toEqual(sessionEnded);
    expect(await response.json()).toMatchObject({ code: 'session_ended' });
  });

  it('has no code without a JSON body, nor for another status', async () => {
    expect(await refusalOf(new Response('Unauthorized', { status: 401 }))).toEqual({
      status: 401,
      code: null,
    });
    expect(await refusalOf(new Response('{"code":"forbidden"}', { status: 403 }))).toEqual({
      status: 403,
      code: null,
    });
  });
});

describe('the report of a session ended elsewhere', () => {
  it('stays reported, however many refused requests report it, until dealt with', () => {
    expect(isSessionEndedElsewhereReported()).toBe(false);
    reportSessionEndedElsewhere();
    reportSessionEndedElsewhere();
    expect(isSessionEndedElsewhereReported()).toBe(true);
    acknowledgeSessionEndedElsewhere();
    expect(isSessionEndedElsewhereReported()).toBe(false);
  });

  it('marks the home page it takes the tab to, and nothing else', () => {
    expect(isSignedOutElsewhereState(SIGNED_OUT_ELSEWHERE_STATE)).toBe(true);
    expect(isSignedOutElsewhereState(null)).toBe(false);
    expect(isSignedOutElsewhereState({ signedOutElsewhere: 'yes' })).toBe(false);
    expect(isSignedOutElsewhereState({ from: '/banking' })).toBe(false);
  });
});
