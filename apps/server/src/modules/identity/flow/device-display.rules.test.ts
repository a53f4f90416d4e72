import { describe, expect, it } from 'vitest';
import { displayDevice, maskEmail, maskPhone } from './device-display.rules';

describe('device targets in the sign-in modal', () => {
  it.each([
    ['jane.doe@example.com', 'j******e@example.com'],
    ['ab@example.com', 'a*@example.com'],
    ['x@example.com', 'x*@example.com'],
  ])('masks the e-mail %s as %s', (email, masked) => expect(maskEmail(email)).toBe(masked));

  it.each([
    ['+15551234567', '+1******4567'],
    ['+442071234567', '+44******4567'],
    ['+5551234', '+***1234'],
  ])('masks the phone %s as %s', (phone, masked) => expect(maskPhone(phone)).toBe(masked));

  it('never shows a full target in a device entry', () => {
    const shown = displayDevice({
      id: 'd1',
      type: 'SMS',
      name: 'SMS',
      nickname: null,
      target: '+15551234567',
      rpId: null,
    });
    expect(shown).toEqual({
      id: 'd1',
      type: 'SMS',
      name: 'SMS',
      nickname: null,
      target: '+1******4567',
      rpId: null,
    });
  });
});
