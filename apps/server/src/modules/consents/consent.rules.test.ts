import { describe, expect, it } from 'vitest';
import { communicationStatus, shareBalancesStatus } from './consent.rules';

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
