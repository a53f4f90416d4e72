import { describe, expect, it } from 'vitest';
import {
  accountKindAt,
  fullAddress,
  isReservedUsername,
  sameDeviceTarget,
  shownValue,
} from './directory.rules';

describe('directory rules', () => {
  it('compares device targets as addresses and numbers, not as strings', () => {
    expect(sameDeviceTarget('email', 'Jane.Doe@Example.com', 'jane.doe@example.com ')).toBe(true);
    expect(sameDeviceTarget('email', 'jane@example.com', 'john@example.com')).toBe(false);
    expect(sameDeviceTarget('phone', '+15551234567', '1.5551234567')).toBe(true);
    expect(sameDeviceTarget('phone', '+15551234567', '+15551234568')).toBe(false);
    expect(sameDeviceTarget('phone', null, '+15551234567')).toBe(false);
  });

  it.each([
    [
      { street: '123 Main Street', city: 'Springfield', postalCode: '62701' },
      '123 Main Street, Springfield, 62701',
    ],
    [{ street: '123 Main Street', city: null, postalCode: '62701' }, '123 Main Street, 62701'],
    [{ street: ' ', city: null, postalCode: null }, ''],
  ])('writes the full address of %o as "%s"', (entry, expected) => {
    expect(fullAddress(entry)).toBe(expected);
  });

  it.each([
    [0, 'checking'],
    [1, 'savings'],
    [2, 'rewards-visa'],
    [5, 'rewards-visa'],
  ] as const)('labels the account at position %i as %s', (position, kind) => {
    expect(accountKindAt(position)).toBe(kind);
  });

  it.each([
    ['+15551234567', '+15551234567'],
    [' 42 Oak Avenue ', '42 Oak Avenue'],
    ['0000000000', null],
    ['', null],
    ['  ', null],
    [null, null],
  ])('shows a partner %j as %j', (value, shown) => {
    expect(shownValue(value)).toBe(shown);
  });

  it.each([
    ['retail-shop-ltd', true],
    ['Retail-Shop-Ltd', true],
    [' retail-shop-ltd ', true],
    ['anybank', true],
    ['admin', true],
    ['support', true],
    ['retail-shop-ltd2', false],
    ['jane.doe', false],
    ['shopper', false],
  ] as const)('answers whether "%s" is a reserved username: %s', (username, reserved) => {
    expect(isReservedUsername(username)).toBe(reserved);
  });
});
