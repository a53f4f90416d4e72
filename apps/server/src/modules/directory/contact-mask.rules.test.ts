import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './contact-mask.rules';

describe('a contact detail shown masked', () => {
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
});
