import { randomUUID } from 'node:crypto';
import { vcPaths, credentialRevocationPath } from '@anybank/contracts';
import { refusedJsonBody } from './hostile-input';
import { hostileSegment } from './hostile-request';
import { type Target, constant, mostly, text } from './fuzz-target';

// The fuzz's credential issuer routes (fuzz-suite.ts, ADR 0027): the customer's offers, list and
// Revoke, and what any verifier reads (the issuer's keys, the status list, the verifiers).

export const WALLET_TARGETS: Target[] = [
  {
    // Always a refused body: an accepted one would make an offer and send its code.
    route: { method: 'POST', url: vcPaths.offers },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(vcPaths.offers),
      token: context.tokens.customer,
      body: refusedJsonBody({ credentialType: 'verified_customer' }, [text(['credentialType'])]),
    }),
  },
  {
    route: { method: 'GET', url: vcPaths.credentials },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(vcPaths.credentials),
      token: context.tokens.customer,
    }),
  },
  {
    // The customer holds no credential: whatever the id, nothing is there to revoke.
    route: { method: 'POST', url: vcPaths.revocation },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: mostly(
        credentialRevocationPath(randomUUID()),
        hostileSegment.map((id) => vcPaths.revocation.replace(':credentialId', id)),
      ),
      token: context.tokens.customer,
    }),
  },
  {
    route: { method: 'GET', url: vcPaths.statusList },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: mostly(
        vcPaths.statusList.replace(':listId', '1'),
        hostileSegment.map((id) => vcPaths.statusList.replace(':listId', id)),
      ),
    }),
  },
  ...[vcPaths.verifiers, vcPaths.issuerKeys].map((path): Target => ({
    route: { method: 'GET', url: path },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(path) }),
  })),
];
