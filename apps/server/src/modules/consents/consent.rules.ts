import type {
  CommunicationConsentData,
  ConsentData,
  ConsentDefinitionId,
  ConsentStatus,
  ShareBalancesConsentData,
} from '@anybank/contracts';
import { CONSENT_DEFINITION_IDS } from '@anybank/contracts';

/**
 * Pure consent rules (document 2 §4 "Consent status rule"): the status always follows from the
 * data, so the bank never records a consent the person did not give.
 */
export const CONSENT_DEFINITIONS = CONSENT_DEFINITION_IDS;
export type ConsentDefinition = ConsentDefinitionId;

export type CommunicationData = CommunicationConsentData;
export type ShareBalancesData = ShareBalancesConsentData;

/** Communication: accepted if any preference is true, else revoked. */
export function communicationStatus(data: CommunicationData): 'accepted' | 'revoked' {
  return data.sms || data.email || data.homeAddress ? 'accepted' : 'revoked';
}

/** Balances: accepted if the list of shared accounts is non-empty. */
export function shareBalancesStatus(data: ShareBalancesData): 'accepted' | 'revoked' {
  return data['share-balance'].length > 0 ? 'accepted' : 'revoked';
}

/** The status a definition's data gives. */
export function consentStatus(definition: ConsentDefinition, data: ConsentData): ConsentStatus {
  return definition === 'communication'
    ? communicationStatus(data as CommunicationData)
    : shareBalancesStatus(data as ShareBalancesData);
}

/** Who receives what each definition shares. */
export const CONSENT_AUDIENCE: Record<ConsentDefinition, string> = {
  communication: 'anybank',
  'share-account-balances': 'anywealthadvisor',
};

/** What the person is shown and agrees to, stored with each consent (as the seed writes it). */
export const CONSENT_TEXTS: Record<
  ConsentDefinition,
  { titleText: string; dataText: string; purposeText: string }
> = {
  communication: {
    titleText: 'Communication preferences',
    dataText: 'How AnyBank may contact you: SMS, e-mail and postal mail.',
    purposeText: 'Marketing and service communications',
  },
  'share-account-balances': {
    titleText: 'Share account balances',
    dataText: 'The balances of the accounts you choose.',
    purposeText: 'Wealth advice from AnyWealthAdvisor',
  },
};

/** The data of a consent that shares nothing: what a revocation leaves. */
export function nothingShared(definition: ConsentDefinition): ConsentData {
  return definition === 'communication'
    ? { sms: false, email: false, homeAddress: false }
    : { 'share-balance': [] };
}

/** Each shared account once, in the order first given (the page toggles ids in and out). */
export function normalizedConsentData(
  definition: ConsentDefinition,
  data: ConsentData,
): ConsentData {
  if (definition === 'communication') return data;
  return { 'share-balance': [...new Set((data as ShareBalancesData)['share-balance'])] };
}

/** Shared account ids that are not among the person's own accounts. */
export function foreignAccountIds(
  data: ShareBalancesData,
  ownAccountIds: readonly string[],
): string[] {
  return data['share-balance'].filter((id) => !ownAccountIds.includes(id));
}

/**
 * The data an update leaves. A requested 'revoked' withdraws everything the consent shared
 * (revoking must work even if the data sent still says yes); a requested 'accepted' grants
 * nothing the data does not: the status is then computed from the data, as always.
 */
export function dataAfterUpdate(
  definition: ConsentDefinition,
  data: ConsentData,
  requestedStatus: ConsentStatus | undefined,
): ConsentData {
  return requestedStatus === 'revoked' ? nothingShared(definition) : data;
}
