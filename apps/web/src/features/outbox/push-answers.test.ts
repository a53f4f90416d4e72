import { describe, expect, it } from 'vitest';
import type { OutboxMessage, PushRequest } from '@anybank/contracts';
import { PUSH_MATCH_TOLERANCE_MS, matchPushRequests, pushCardState } from './push-answers';
import type { PushCardContext, PushListing } from './push-answers';

const DEVICE = '3f2a9c1e-0000-4000-8000-000000000001';
const OTHER_DEVICE = '3f2a9c1e-0000-4000-8000-000000000002';
const SIGN_IN = 'Sign in to AnyBank?';
const TRANSFER = 'Approve a transfer of $1,500.00?';

function at(secondsAfterTen: number): string {
  return new Date(Date.parse('2026-01-01T10:00:00.000Z') + secondsAfterTen * 1000).toISOString();
}

function push(id: string, seconds: number, subject = SIGN_IN, to = DEVICE): OutboxMessage {
  return { id, channel: 'push', to, subject, body: subject, code: null, createdAt: at(seconds) };
}

function request(id: string, seconds: number, title = SIGN_IN): PushRequest {
  return {
    id,
    kind: 'signin',
    context: { title, details: {} },
    createdAt: at(seconds - 0.004),
    expiresAt: at(seconds + 120),
  };
}

describe('pairing push messages with pending requests', () => {
  it('pairs each message with the request of the same title sent with it', () => {
    const messages = [push('m2', 30), push('m1', 0, TRANSFER)];
    const requests = [request('r1', 0, TRANSFER), request('r2', 30)];
    const matches = matchPushRequests(messages, requests, DEVICE);
    expect(matches.get('m1')?.id).toBe('r1');
    expect(matches.get('m2')?.id).toBe('r2');
  });

  it('pairs two sign-ins seconds apart each with its own request', () => {
    const messages = [push('m2', 3), push('m1', 0)];
    const requests = [request('r1', 0), request('r2', 3)];
    const matches = matchPushRequests(messages, requests, DEVICE);
    expect([matches.get('m1')?.id, matches.get('m2')?.id]).toEqual(['r1', 'r2']);
  });

  it('leaves a message whose request is no longer pending without a pair', () => {
    // m1's request was answered; only m2's is listed. m1 must not take it.
    const messages = [push('m2', 5), push('m1', 0)];
    const matches = matchPushRequests(messages, [request('r2', 5)], DEVICE);
    expect(matches.get('m2')?.id).toBe('r2');
    expect(matches.has('m1')).toBe(false);
  });

  it('pairs nothing far apart in time, with another title, or sent to another device', () => {
    const tooLate = PUSH_MATCH_TOLERANCE_MS / 1000 + 1;
    expect(matchPushRequests([push('m1', tooLate)], [request('r1', 0)], DEVICE).size).toBe(0);
    expect(matchPushRequests([push('m1', 0, TRANSFER)], [request('r1', 0)], DEVICE).size).toBe(0);
    expect(
      matchPushRequests([push('m1', 0, SIGN_IN, OTHER_DEVICE)], [request('r1', 0)], DEVICE).size,
    ).toBe(0);
    const email: OutboxMessage = { ...push('m1', 0), channel: 'email', to: 'a@example.com' };
    expect(matchPushRequests([email], [request('r1', 0)], DEVICE).size).toBe(0);
  });

  it('compares device ids without regard to letter case', () => {
    const matches = matchPushRequests([push('m1', 0)], [request('r1', 0)], DEVICE.toUpperCase());
    expect(matches.get('m1')?.id).toBe('r1');
  });
});

describe('what a push message card offers', () => {
  const message = push('m1', 0);
  const listing = (overrides: Partial<PushListing> = {}): PushListing => ({
    status: 'ready',
    checkedAt: 2000,
    matches: new Map(),
    ...overrides,
  });
  const context = (overrides: Partial<PushCardContext> = {}): PushCardContext => ({
    phoneDeviceId: DEVICE,
    listing: listing(),
    firstSeenAt: new Map([['m1', 1000]]),
    decisions: new Map(),
    ...overrides,
  });

  it('offers nothing to answer with when this browser holds no key for the device', () => {
    expect(pushCardState(message, context({ phoneDeviceId: null }))).toEqual({ kind: 'no-key' });
    expect(pushCardState(message, context({ phoneDeviceId: OTHER_DEVICE }))).toEqual({
      kind: 'no-key',
    });
  });

  it('offers the buttons while its request waits', () => {
    const pending = request('r1', 0);
    const state = pushCardState(
      message,
      context({ listing: listing({ matches: new Map([['m1', pending]]) }) }),
    );
    expect(state).toEqual({ kind: 'pending', request: pending });
  });

  it('says the request waits no more only after a listing asked for since the message came', () => {
    expect(pushCardState(message, context())).toEqual({ kind: 'settled' });
    expect(pushCardState(message, context({ listing: listing({ checkedAt: 500 }) }))).toEqual({
      kind: 'checking',
    });
    expect(
      pushCardState(
        message,
        context({ listing: { status: 'loading', checkedAt: null, matches: new Map() } }),
      ),
    ).toEqual({ kind: 'checking' });
  });

  it('shows the decision sent from here, and a key the server refused', () => {
    expect(pushCardState(message, context({ decisions: new Map([['m1', 'deny']]) }))).toEqual({
      kind: 'decided',
      decision: 'deny',
    });
    expect(
      pushCardState(message, context({ listing: listing({ status: 'not-activated' }) })),
    ).toEqual({ kind: 'not-activated' });
  });
});
