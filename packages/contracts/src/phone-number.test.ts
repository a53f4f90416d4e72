import { describe, expect, it } from 'vitest';
import { toE164 } from './phone-number';

describe('the one phone-number normaliser (E.164)', () => {
  it.each([
    ['(555) 123-4567', 'US', '+15551234567'],
    ['555-123-4567', 'US', '+15551234567'],
    ['+44.2071234567', 'US', '+442071234567'],
    ['+1 555 123 4567', 'GB', '+15551234567'],
    ['020 7123 4567', 'GB', '+442071234567'],
  ])('reads %s in %s as %s', (typed, country, e164) => {
    expect(toE164(typed, country)).toBe(e164);
  });

  it('reads a number without + in the bank’s default country when none is named', () => {
    expect(toE164('(555) 123-4567')).toBe('+15551234567');
  });

  it.each(['555', 'not a number', '+1 555 123 4567 8901 2345'])(
    'answers null for %s, which cannot be a number',
    (typed) => {
      expect(toE164(typed, 'US')).toBeNull();
    },
  );
});
