import { describe, expect, it } from 'vitest';
import type { ConsentData, ConsentStatus } from '@anybank/contracts';
import {
  communicationStatus,
  consentStatus,
  dataAfterUpdate,
  foreignAccountIds,
  normalizedConsentData,
  shareBalancesStatus,
  type ConsentDefinition,
} from './consent.rules';

describe('consent status rule (document 2 §4)', () => {
  it.each([
    [{ sms: false, email: false, homeAddress: false }, 'revoked'],
    [{ sms: true, email: false, homeAddress: false }, 'accepted'],
    [{ sms: false, email: true, homeAddress: false }, 'accepted'],
    [{ sms: false, email: false, homeAddress: true }, 'accepted'],
    [{ sms: true, email: true, homeAddress: true }, 'accepted'],
  ] as const)('communication %o is %s', (data, status) => {
    expect(communicationStatus(data)).toBe(status);
  });

  it.each([
    [[], 'revoked'],
    [['1234567890'], 'accepted'],
    [['1234567890', '2345678901'], 'accepted'],
  ] as const)('sharing balances of %o is %s', (accountIds, status) => {
    expect(shareBalancesStatus({ 'share-balance': [...accountIds] })).toBe(status);
  });
});

describe('consent updates', () => {
  it.each<[ConsentDefinition, ConsentData, ConsentStatus]>([
    ['communication', { sms: false, email: true, homeAddress: false }, 'accepted'],
    ['communication', { sms: false, email: false, homeAddress: false }, 'revoked'],
    ['share-account-balances', { 'share-balance': ['1234567890'] }, 'accepted'],
    ['share-account-balances', { 'share-balance': [] }, 'revoked'],
  ])('gives a %s consent with %o the status %s', (definition, data, status) => {
    expect(consentStatus(definition, data)).toBe(status);
  });

  // The status sent never grants more than the data: 'accepted' with nothing shared stays
  // revoked, and 'revoked' withdraws whatever the data still says.
  it.each<[ConsentDefinition, ConsentData, ConsentStatus | undefined, ConsentData, ConsentStatus]>([
    [
      'communication',
      { sms: true, email: false, homeAddress: false },
      'revoked',
      { sms: false, email: false, homeAddress: false },
      'revoked',
    ],
    [
      'communication',
      { sms: false, email: false, homeAddress: false },
      'accepted',
      { sms: false, email: false, homeAddress: false },
      'revoked',
    ],
    [
      'communication',
      { sms: false, email: true, homeAddress: false },
      undefined,
      { sms: false, email: true, homeAddress: false },
      'accepted',
    ],
    [
      'share-account-balances',
      { 'share-balance': ['1234567890'] },
      'revoked',
      { 'share-balance': [] },
      'revoked',
    ],
    [
      'share-account-balances',
      { 'share-balance': [] },
      'accepted',
      { 'share-balance': [] },
      'revoked',
    ],
  ])('a %s update of %o asking %s keeps %o, %s', (definition, data, requested, kept, status) => {
    const after = dataAfterUpdate(definition, data, requested);
    expect(after).toEqual(kept);
    expect(consentStatus(definition, after)).toBe(status);
  });

  it('shares each account once, in the order first given', () => {
    expect(
      normalizedConsentData('share-account-balances', { 'share-balance': ['b', 'a', 'b'] }),
    ).toEqual({ 'share-balance': ['b', 'a'] });
  });

  it('names the shared accounts that are not the person’s own', () => {
    expect(foreignAccountIds({ 'share-balance': ['mine', 'theirs'] }, ['mine', 'other'])).toEqual([
      'theirs',
    ]);
  });
});
