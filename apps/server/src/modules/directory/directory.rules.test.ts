import { describe, expect, it } from 'vitest';
import { accountKindAt, fullAddress, shownValue } from './directory.rules';

describe('directory rules', () => {
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
});
