import { randomUUID } from 'node:crypto';
import { vcPaths, credentialRevocationPath } from '@anybank/contracts';
import { type Row, everyone, route, signedIn } from './authorization-matrix';

// The authorization matrix's rows for the credential issuer (authorization-matrix.api.test.ts,
// ADR 0027): a customer's own offers and credentials; what any verifier reads.

export const WALLET_ROWS: Row[] = [
  {
    // Customers only: partner staff hold no credential of the bank's to put in a wallet.
    route: route('POST', vcPaths.offers),
    name: 'a credential offer for the caller’s phone',
    request: () => ({
      method: 'POST',
      path: vcPaths.offers,
      json: { credentialType: 'verified_customer' },
    }),
    answers: signedIn({ customer: 201, 'other customer': 201 }),
  },
  {
    route: route('GET', vcPaths.credentials),
    name: 'the caller’s credentials',
    request: () => ({ path: vcPaths.credentials }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // No one's credential has this id: nothing to revoke, for anyone (another customer's:
    // verifiable-credential-issuance.api.test.ts).
    route: route('POST', vcPaths.revocation),
    name: 'revoking a credential',
    request: () => ({ method: 'POST', path: credentialRevocationPath(randomUUID()) }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    route: route('GET', vcPaths.statusList),
    name: 'the credentials’ status list',
    request: () => ({ path: vcPaths.statusList.replace(':listId', '1') }),
    answers: everyone(200),
  },
  {
    route: route('GET', vcPaths.issuerKeys),
    name: 'the credential issuer’s keys',
    request: () => ({ path: vcPaths.issuerKeys }),
    answers: everyone(200),
  },
  {
    route: route('GET', vcPaths.verifiers),
    name: 'the verifiers the wallet recognises',
    request: () => ({ path: vcPaths.verifiers }),
    answers: everyone(200),
  },
];
