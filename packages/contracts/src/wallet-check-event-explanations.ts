/**
 * "Behind the scenes" (ADR 0021): the sentences of the retail shop's checks of a presentation
 * from the customer's wallet (OpenID4VP, ADR 0027), spread into EVENT_EXPLANATIONS.
 */

import { credentialClaimLabels } from './credential-claim-labels';

type Details = Record<string, unknown>;

/** Claims in words, as the phone labels them: "given name, family name and address". */
const names = (value: unknown): string => {
  const list = (Array.isArray(value) ? value : [])
    .filter((item): item is string => typeof item === 'string')
    .map((claim) => (credentialClaimLabels[claim] ?? claim).toLowerCase());
  if (list.length === 0) return 'nothing';
  return list.length === 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
};
const purposeOf = (d: Details) => (d.purpose === 'age' ? 'proof of age' : 'a delivery address');

export const WALLET_CHECK_EVENT_EXPLANATIONS = {
  'shop.wallet_check_verified': {
    title: 'Wallet presentation verified',
    explain: (d: Details) =>
      `The shop asked your wallet for ${purposeOf(d)} and verified what it shared (${names(d.disclosedClaims)}): not disclosed, it never saw your ${names(d.withheldClaims)}.`,
  },
  'shop.wallet_check_refused': {
    title: 'Wallet presentation refused',
    explain: (d: Details) =>
      `The shop refused what your wallet shared for ${purposeOf(d)} (${typeof d.code === 'string' ? d.code : 'a check failed'}).`,
  },
  'shop.wallet_check_declined': {
    title: 'Wallet request declined',
    explain: (d: Details) => `You declined the shop’s request for ${purposeOf(d)} in your wallet.`,
  },
};
