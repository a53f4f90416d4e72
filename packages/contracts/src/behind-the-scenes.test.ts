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

describe('a partner search and a refused consent check in the panel', () => {
  it('says what the advisor’s search showed: names and usernames, consenting or not', () => {
    expect(
      EVENT_EXPLANATIONS['partner.searched']?.explain({ search: 'mich', subjects: ['u1'] }),
    ).toBe(
      'The advisor searched the directory for "mich": 1 customer found, whether or not they consented, shown by name and username only; no account, balance or contact detail.',
    );
  });

  it('names the customer whose consent refused the read, and what was withheld', () => {
    const entry = EVENT_EXPLANATIONS['partner.consent_refused'];
    expect(entry?.title).toBe('Consent refused');
    expect(entry?.explain({ clientName: 'Michael Brown', consent: 'share-account-balances' })).toBe(
      'Michael Brown has not consented to share accounts with the advisor (consent share-account-balances), so the bank returned none of their data: no balance, no address, no phone number.',
    );
    expect(entry?.explain({})).toBe(
      'The customer has not consented to share accounts with the advisor, so the bank returned none of their data: no balance, no address, no phone number.',
    );
  });
});
