import { describe, expect, it } from 'vitest';
import type { AdvisorClient, ClientBalancesResponse } from '@anybank/contracts';
import {
  clientDetails,
  clientSuggestions,
  navigationStateFor,
  selectedClientOf,
  sharedBalances,
} from './advisor-clients';

const client = (subject: string, uid: string, cn: string): AdvisorClient => ({ subject, uid, cn });

describe('the client search suggestions', () => {
  it('suggests the clients the server found, by name, each with its username', () => {
    expect(
      clientSuggestions([
        client('s-michael', 'michael.brown', 'Michael Brown'),
        client('s-jane', 'jane.doe', 'Jane Doe'),
        client('s-james', 'james.taylor', 'James Taylor'),
      ]),
    ).toEqual([
      { id: 's-james', label: 'James Taylor', detail: 'james.taylor' },
      { id: 's-jane', label: 'Jane Doe', detail: 'jane.doe' },
      { id: 's-michael', label: 'Michael Brown', detail: 'michael.brown' },
    ]);
  });

  it('tells two clients of one name apart by username, and suggests nobody for no match', () => {
    expect(
      clientSuggestions([client('s-2', 'sam.b', 'Sam B'), client('s-1', 'sam.a', 'Sam B')]).map(
        (suggestion) => suggestion.detail,
      ),
    ).toEqual(['sam.a', 'sam.b']);
    expect(clientSuggestions([])).toEqual([]);
  });
});

describe('the client chosen in the navigation state', () => {
  it('reads back the client a suggestion chose', () => {
    const state = navigationStateFor({ id: 's-jane', label: 'Jane Doe', detail: 'jane.doe' });
    expect(selectedClientOf(state)).toEqual({ subject: 's-jane', name: 'Jane Doe' });
  });

  it.each([
    ['no state (the address typed in)', null],
    ['another page’s state', { skipScroll: true }],
    ['a client without a subject', { client: { name: 'Jane Doe' } }],
    ['an empty subject', { client: { subject: '', name: 'Jane Doe' } }],
    ['a client that is not an object', { client: 'jane' }],
  ])('has no client with %s', (_case, state) => {
    expect(selectedClientOf(state)).toBeNull();
  });
});

function lookup(
  overrides: Partial<ClientBalancesResponse['userAttributes']> = {},
): ClientBalancesResponse {
  return {
    userAttributes: {
      cn: 'Jane Doe',
      street: '123 Main Street',
      l: 'Springfield',
      postalCode: '62701',
      mobile: '+15551234567',
      anybankUserAccountIDs: { ids: ['0011112222', '0033334444'] },
      ...overrides,
    },
    Data: {
      Balance: [
        {
          AccountId: '0011112222',
          Amount: { Amount: '24500.00', Currency: 'USD' },
          CreditDebitIndicator: 'Credit',
          Type: 'InterimAvailable',
          DateTime: '2024-05-01T00:00:00.000Z',
          AccountKind: 'checking',
        },
        {
          AccountId: '0033334444',
          Amount: { Amount: '1247.95', Currency: 'USD' },
          CreditDebitIndicator: 'Credit',
          Type: 'InterimAvailable',
          DateTime: '2024-05-01T00:00:00.000Z',
          AccountKind: 'rewards-visa',
        },
      ],
    },
  };
}

describe('the client card', () => {
  it('shows full name, street, city with postal code, and mobile', () => {
    expect(clientDetails(lookup().userAttributes)).toEqual([
      { label: 'Full name', value: 'Jane Doe' },
      { label: 'Street', value: '123 Main Street' },
      { label: 'City and postal code', value: 'Springfield 62701' },
      { label: 'Mobile', value: '+15551234567' },
    ]);
  });

  it('leaves blank what the client has not given, and the placeholder mobile', () => {
    const details = clientDetails(
      lookup({ street: null, l: null, postalCode: '  ', mobile: '0000000000' }).userAttributes,
    );
    expect(details.map((detail) => detail.value)).toEqual(['Jane Doe', null, null, null]);
    expect(clientDetails(lookup({ l: null }).userAttributes)[2]?.value).toBe('62701');
  });

  it('names each shared balance by the kind the server gives, in cents', () => {
    expect(sharedBalances(lookup())).toEqual([
      { accountId: '0011112222', label: 'Checking', cents: 2_450_000 },
      { accountId: '0033334444', label: 'Rewards Visa', cents: 124_795 },
    ]);
  });
});
