import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  isValidOtp,
  isValidPassword,
  isValidPhone,
  isValidRecoveryCode,
} from './validators';

/** The table of the sign-in issue ("Done when"), row by row. */
const TABLE = [
  {
    rule: 'password',
    check: isValidPassword,
    accepted: [
      'Welcome2Bank!',
      'Abcdefghij1.',
      'P@ssw0rd1234',
      `Aa1!${'x'.repeat(60)}`,
      `Aa1!${'x'.repeat(124)}`,
    ],
    rejected: [
      `Aa1!${'x'.repeat(125)}`,
      'Short1!a',
      'nouppercase12!',
      'NOLOWERCASE12!',
      'NoDigitsHere!!',
      'NoSpecial12345',
      'Has Space12!a',
      'Tilde~Passw0rd1',
    ],
  },
  {
    rule: 'phone',
    check: isValidPhone,
    accepted: ['+15551234567', '+44.2071234567', '15551234567'],
    rejected: ['+1-555-123-4567', '555', '+1234567890123456789', 'phone'],
  },
  {
    rule: 'e-mail',
    check: isValidEmail,
    accepted: ['jane.doe@example.com', 'a+b@sub.example.co'],
    rejected: ['a@b', 'a@@b.com', 'jane doe@example.com'],
  },
  {
    rule: 'OTP / pairing code',
    check: isValidOtp,
    accepted: ['123456'],
    rejected: ['12345', '1234567', '12a456'],
  },
  {
    rule: 'recovery code',
    check: isValidRecoveryCode,
    accepted: ['AB12CD34'],
    rejected: ['AB12CD3', 'AB12CD345'],
  },
];

describe.each(TABLE)('$rule rule (§5)', ({ check, accepted, rejected }) => {
  it.each(accepted)('accepts %s', (value) => expect(check(value)).toBe(true));
  it.each(rejected)('rejects %s', (value) => expect(check(value)).toBe(false));
});
