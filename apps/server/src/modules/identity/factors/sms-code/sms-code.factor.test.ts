import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import type { FactorDeps } from '../factor-deps';
import { smsCodeFactor } from './sms-code.factor';

/** The number typed when pairing an SMS device, read as the bank reads numbers. */
describe('pairing an SMS device', () => {
  const parse = (phone: string, phoneCountry?: string) =>
    smsCodeFactor({ phoneCountry } as FactorDeps).pairing?.target?.parse({ phone });

  it.each([
    ['12345', undefined, { refused: messages.validation.phoneFormat }],
    ['5551234', undefined, { refused: messages.validation.phoneFormat }],
    ['2015550123', undefined, { target: '+12015550123' }],
    ['+44.2071234567', undefined, { target: '+442071234567' }],
    ['020 7123 4567', 'GB', { target: '+442071234567' }],
  ])('reads %s (default country %s) as %j', (phone, country, outcome) => {
    expect(parse(phone, country)).toEqual(outcome);
  });
});
