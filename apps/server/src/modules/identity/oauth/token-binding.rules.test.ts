import { describe, expect, it } from 'vitest';
import {
  applicationBindingProblemOf,
  bindingProblemOf,
  type GrantFacts,
  type TokenClaims,
} from './token-binding.rules';

const JANE = 'jane-id';
const JOHN = 'john-id';
const customerGrant: GrantFacts = {
  accountId: JANE,
  clientId: 'anybank-web',
  scopes: ['openid', 'profile', 'banking', 'consent'],
  accountUserType: 'customer',
};
const customerToken: TokenClaims = {
  sub: JANE,
  clientId: 'anybank-web',
  userType: 'customer',
  scopes: ['openid', 'banking'],
};

describe('an access token belongs to the grant it names', () => {
  it.each([
    ['the bank’s own token', customerToken, customerGrant, null, null],
    [
      'another user’s subject on jane’s grant',
      { ...customerToken, sub: JOHN },
      customerGrant,
      null,
      'subject',
    ],
    [
      'another client than the grant’s',
      { ...customerToken, clientId: 'retail-checkout' },
      customerGrant,
      null,
      'client',
    ],
    ['no client at all', { ...customerToken, clientId: null }, customerGrant, null, 'client'],
    [
      'an advisor’s user type and scopes on a customer’s grant',
      {
        ...customerToken,
        userType: 'AnyWealthAdvisor',
        scopes: ['openid', 'consent_admin', 'directory'],
      },
      customerGrant,
      null,
      'user-type',
    ],
    [
      'a user type the client does not sign in',
      customerToken,
      customerGrant,
      'AnyWealthAdvisor',
      'user-type',
    ],
    [
      'a scope the grant does not hold',
      { ...customerToken, scopes: ['openid', 'banking', 'helpdesk'] },
      customerGrant,
      null,
      'scope',
    ],
    [
      'a scope the user type may not hold, though the grant lists it',
      { ...customerToken, scopes: ['openid', 'directory'] },
      { ...customerGrant, scopes: [...customerGrant.scopes, 'directory'] },
      null,
      'scope',
    ],
    [
      'a grant whose account is gone',
      customerToken,
      { ...customerGrant, accountUserType: null },
      null,
      'user-type',
    ],
  ] as const)('%s', (_case, token, grant, clientUserType, problem) => {
    expect(bindingProblemOf(token, grant, clientUserType)).toBe(problem);
  });
});

describe('an application’s own token belongs to its client', () => {
  it.each([
    ['scopes its client may hold', ['payments'], ['payments', 'accounts'], null],
    ['no scope at all', [], ['payments'], null],
    ['a scope its client may not hold', ['payments', 'banking'], ['payments'], 'scope'],
    ['any scope, for a client that may hold none', ['payments'], [], 'scope'],
  ] as const)('%s', (_case, scopes, mayHold, problem) => {
    expect(applicationBindingProblemOf(scopes, mayHold)).toBe(problem);
  });
});
