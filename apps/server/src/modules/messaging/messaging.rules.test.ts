import { describe, expect, it } from 'vitest';
import type { OutboxChannel } from '@anybank/contracts';
import { maskedRecipient, normaliseRecipient, recipientSearchKey } from './messaging.rules';

describe('message recipients', () => {
  it.each([
    ['email', 'Jane.Doe@Example.com', 'jane.doe@example.com'],
    ['sms', '+15551234567', '+15551234567'],
    ['sms', '+44.2071234567', '+442071234567'],
    ['sms', '15551234567', '+15551234567'],
    ['push', '3f2a9c1e-0000-4000-8000-000000000001', '3f2a9c1e-0000-4000-8000-000000000001'],
  ] as const)('accepts %s recipient %s as %s', (channel, to, expected) => {
    expect(normaliseRecipient(channel, to)).toEqual({ ok: true, recipient: expected });
  });

  it.each([
    ['email', 'jane doe@example.com'],
    ['email', 'a@b'],
    ['sms', '+1-555-123-4567'],
    ['sms', '555'],
    ['push', 'not a device id!'],
  ] as const)('refuses %s recipient %s with a reason', (channel, to) => {
    const result = normaliseRecipient(channel, to);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(to);
  });

  it('searches the outbox by the address however it is typed', () => {
    expect(recipientSearchKey(' JANE.DOE@example.com ')).toBe('jane.doe@example.com');
    expect(recipientSearchKey('15551234567')).toBe('+15551234567');
    expect(recipientSearchKey('device-1')).toBe('device-1');
  });
});

describe('a recipient as a "Behind the scenes" panel names it', () => {
  it('is masked as the sign-in flow masks a device’s target', () => {
    const table: [OutboxChannel, string, string][] = [
      ['email', 'jane.doe@example.com', 'j******e@example.com'],
      ['sms', '+15550100199', '+1******0199'],
      ['push', 'a-device-id', 'the phone app'],
    ];
    for (const [channel, recipient, shown] of table) {
      expect(maskedRecipient(channel, recipient)).toBe(shown);
    }
  });
});
