/**
 * Session items of document 1 §3.6, under their exact names. `{product}` is replaced by the
 * configured product id (default `anybank`): `anybankUserType`, `anybankUserAuthnPreferences`.
 */
export const SESSION_ITEMS = [
  'subject',
  'uid',
  'email',
  'firstName',
  'lastName',
  'street',
  'city',
  'zipcode',
  'mobile',
  'fullAddress',
  '{product}UserType',
  '{product}UserAuthnPreferences',
  'AT',
  'accts',
  'flowResponse',
  'commConsentId',
  'acctsConsentId',
  'dismissedProspectTooltip',
  'registeredUser',
  'authnPreferenceChanged',
] as const;

export type SessionItem = (typeof SESSION_ITEMS)[number];

export function sessionItemName(item: SessionItem, productId: string): string {
  return item.replace('{product}', productId);
}

/** Document 1 §3.7: the one cookie the browser code reads. */
export const REMEMBER_ME_COOKIE = 'rememberMe';
