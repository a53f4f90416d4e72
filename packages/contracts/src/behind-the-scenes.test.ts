import { describe, expect, it } from 'vitest';
import { EVENT_EXPLANATIONS } from './behind-the-scenes';

describe('a partner read in the panel', () => {
  it.each([
    [
      { resource: 'scim-users', subjects: ['u1'] },
      'Marketing searched the directory: 1 customer who opted in was returned, no one else.',
    ],
    [
      { resource: 'scim-users', subjects: ['u1', 'u2'] },
      'Marketing searched the directory: 2 customers who opted in were returned, no one else.',
    ],
    [
      { resource: 'advisor-consents', subjects: ['u1'] },
      "The advisor's client list: 1 customer who consented was returned, no one else.",
    ],
    [
      {
        resource: 'client-balances',
        consent: 'share-account-balances',
        outcome: 'refused',
        subjects: ['u1'],
      },
      'The consent share-account-balances is not given, so nothing was returned.',
    ],
  ])('says %j as "%s", without repeating its title', (details, sentence) => {
    const entry = EVENT_EXPLANATIONS['partner.read'];
    expect(entry?.title).toBe('Consent check');
    expect(entry?.explain(details)).toBe(sentence);
  });
});
