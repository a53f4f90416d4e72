import { describe, expect, it } from 'vitest';
import {
  accountKindAt,
  contactReplacementWindows,
  deviceInUseAt,
  fullAddress,
  isReservedUsername,
  sameDeviceTarget,
  shownValue,
} from './directory.rules';

const AT = new Date('2026-12-07T10:00:00Z');
const HOUR = 60 * 60 * 1000;
const later = (hours: number) => new Date(AT.getTime() + hours * HOUR);

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

  it.each([
    ['always in use', { inUseFrom: null, inUseUntil: null }, 0, true],
    ['held: before its time', { inUseFrom: later(24), inUseUntil: null }, 23, false],
    ['held: from its time', { inUseFrom: later(24), inUseUntil: null }, 24, true],
    ['replaced: until its time', { inUseFrom: null, inUseUntil: later(24) }, 23, true],
    ['replaced: from its time on', { inUseFrom: null, inUseUntil: later(24) }, 24, false],
  ])('a device %s: in use %s hours on is %s', (_name, window, hours, inUse) => {
    expect(deviceInUseAt(window, later(hours))).toBe(inUse);
  });

  it('holds a new contact for 24 hours while an older way in is used, and keeps the old one till then', () => {
    const { added, replaced } = contactReplacementWindows(AT, true, 24 * HOUR);
    expect(deviceInUseAt(added, later(23))).toBe(false);
    expect(deviceInUseAt(replaced!, later(23))).toBe(true);
    expect(deviceInUseAt(added, later(24))).toBe(true);
    expect(deviceInUseAt(replaced!, later(24))).toBe(false);
  });

  it('puts a new contact in use at once when there is no older way in (nobody is locked out)', () => {
    expect(contactReplacementWindows(AT, false, 24 * HOUR)).toEqual({
      added: { inUseFrom: null, inUseUntil: null },
      replaced: null,
    });
  });
});
