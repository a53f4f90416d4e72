/**
 * Pure consent rules (document 2 §4 "Consent status rule").
 */
export const CONSENT_DEFINITIONS = ['communication', 'share-account-balances'] as const;
export type ConsentDefinition = (typeof CONSENT_DEFINITIONS)[number];

export interface CommunicationData {
  sms: boolean;
  email: boolean;
  homeAddress: boolean;
}
export interface ShareBalancesData {
  'share-balance': string[];
}

/** Communication: accepted if any preference is true, else revoked. */
export function communicationStatus(data: CommunicationData): 'accepted' | 'revoked' {
  return data.sms || data.email || data.homeAddress ? 'accepted' : 'revoked';
}

/** Balances: accepted if the list of shared accounts is non-empty. */
export function shareBalancesStatus(data: ShareBalancesData): 'accepted' | 'revoked' {
  return data['share-balance'].length > 0 ? 'accepted' : 'revoked';
}

/** Who receives what each definition shares. */
export const CONSENT_AUDIENCE: Record<ConsentDefinition, string> = {
  communication: 'anybank',
  'share-account-balances': 'anywealthadvisor',
};
