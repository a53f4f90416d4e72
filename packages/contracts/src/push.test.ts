import { describe, expect, it } from 'vitest';
import {
  activatedPhoneSchema,
  mobilePaths,
  pushDecisionMessage,
  pushListingMessage,
  pushRequestListSchema,
} from './push';

describe('what the phone signs', () => {
  it('names the request and the decision', () => {
    const id = '3f2a9c1e-0000-4000-8000-000000000001';
    expect(pushDecisionMessage(id, 'approve')).toBe(`anybank-push-decision:${id}:approve`);
    expect(pushDecisionMessage(id, 'deny')).toBe(`anybank-push-decision:${id}:deny`);
  });

  it('names the device and the moment of a listing, in milliseconds', () => {
    expect(pushListingMessage('device-1', 1_700_000_000_123)).toBe(
      'anybank-push-list:device-1:1700000000123',
    );
  });
});

describe('the phone API', () => {
  it('puts ids into its paths as single segments', () => {
    expect(mobilePaths.pushRequests('abc')).toBe('/api/mobile/devices/abc/push-requests');
    expect(mobilePaths.decision('a/b')).toBe('/api/mobile/push-requests/a%2Fb/decision');
  });

  it('reads an activation and a listing as the server answers them', () => {
    expect(
      activatedPhoneSchema.parse({
        deviceId: 'd1',
        deviceName: 'iPhone',
        username: 'john.smith',
        firstName: 'John',
      }),
    ).toMatchObject({ deviceName: 'iPhone' });
    const listing = pushRequestListSchema.parse({
      requests: [
        {
          id: 'r1',
          kind: 'signin',
          context: {
            title: 'Sign in to AnyBank?',
            details: { From: 'Chrome', 'IP address': '::1' },
          },
          createdAt: '2026-01-01T10:00:00.000Z',
          expiresAt: '2026-01-01T10:02:00.000Z',
        },
      ],
    });
    expect(listing.requests[0]?.context.details['IP address']).toBe('::1');
    expect(pushRequestListSchema.safeParse({ requests: [{ id: 'r1' }] }).success).toBe(false);
  });
});
