/**
 * "Behind the scenes" (ADR 0021): the sentences of the phone's wallet: the card's pairing
 * (ADR 0012) and the bank's verifiable credentials (ADR 0027):
 * an offer for the phone's wallet, the credential issued to the key the phone proved it holds,
 * a refused proof, a revocation. Spread into EVENT_EXPLANATIONS.
 */

import { WALLET_CHECK_EVENT_EXPLANATIONS } from './wallet-check-event-explanations';

type Details = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const claimNames = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The credential type in words: "the verified-customer credential". */
function credentialOf(d: Details): string {
  return text(d.credentialType) === 'account_holder'
    ? 'the account-holder credential'
    : 'the verified-customer credential';
}

const REVOKED_BY: Record<string, string> = {
  customer: 'the customer pressed Revoke',
  lost_phone: 'the help desk removed the lost phone it was on',
};

export const WALLET_EVENT_EXPLANATIONS = {
  // The customer card of document 2 (ADR 0012).
  'wallet.pairing_started': {
    title: 'Wallet pairing',
    explain: () => 'A digital-wallet pairing link was made.',
  },
  'wallet.paired': { title: 'Wallet paired', explain: () => 'The digital wallet was paired.' },
  'wallet.pairing_refused': {
    title: 'Wallet pairing refused',
    explain: () => 'A digital-wallet pairing was refused.',
  },
  // Verifiable credentials (ADR 0027).
  'wallet.credential_offered': {
    title: 'Credential offered',
    explain: (d: Details) =>
      `The bank offered ${credentialOf(d)} to the phone's wallet (OpenID4VCI, a pre-authorized code) and sent its 6-digit code to ${text(d.txCodeSentTo) || 'the customer'} apart from the QR code.`,
  },
  'wallet.credential_issued': {
    title: 'Credential issued',
    explain: (d: Details) => {
      const claims = claimNames(d.claims);
      const each = claims.length
        ? ` Each of its ${claims.length} claims (${claims.join(', ')}) is a separate disclosure the wallet may show or keep back.`
        : '';
      return `The phone redeemed the offer with the code and proved it holds its key; the bank issued ${credentialOf(d)} as an SD-JWT VC bound to that key, pointing to entry ${String(d.statusIndex ?? '?')} of its status list.${each}`;
    },
  },
  'wallet.credential_refused': {
    title: 'Credential refused',
    explain: () =>
      'The bank refused to issue: the proof reused a nonce its key had used already (a replay).',
  },
  'wallet.credential_revoked': {
    title: 'Credential revoked',
    explain: (d: Details) =>
      `${credentialOf(d).replace(/^the/, 'The')} was revoked (${REVOKED_BY[text(d.reason)] ?? 'the account was deleted'}): its entry in the status list says so to every verifier from now on.`,
  },
  // A verifier's check of what the wallet shared (the shop's record, OpenID4VP).
  ...WALLET_CHECK_EVENT_EXPLANATIONS,
};
