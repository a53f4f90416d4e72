/**
 * "Behind the scenes" (ADR 0021): the sentences of the retail shop's checks of a presentation
 * from the customer's wallet (OpenID4VP, ADR 0027), spread into EVENT_EXPLANATIONS.
 */

type Details = Record<string, unknown>;

const names = (value: unknown): string => {
  const list = Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  return list.length ? list.join(', ') : 'nothing';
};
const purposeOf = (d: Details) => (d.purpose === 'age' ? 'proof of age' : 'a delivery address');

export const WALLET_CHECK_EVENT_EXPLANATIONS = {
  'shop.wallet_check_verified': {
    title: 'Wallet presentation verified',
    explain: (d: Details) =>
      `The shop asked your wallet for ${purposeOf(d)} and verified what it shared (${names(d.disclosedClaims)}); it never saw ${names(d.withheldClaims)}.`,
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
