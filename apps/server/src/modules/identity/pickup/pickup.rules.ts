import type { PickupReferenceType, UserType } from '@anybank/contracts';
import { fullAddress, type CustomerProfile } from '../../directory/directory.rules';

/**
 * Session pickup (document 1 §3.8): which reference type a sign-in's pickup uses, and which
 * attributes it hands over. CustomerServiceRep is a partner here, though §3.8 says any other
 * type than the two partners is a customer (ADR 0006): staff get no customer data.
 */
export function referenceTypeFor(userType: UserType): PickupReferenceType {
  return userType === 'AnyWealthAdvisor' || userType === 'AnyMarketing'
    ? 'AdvisorSPRefID'
    : 'BXFSPRefID';
}

export interface PickupUser extends CustomerProfile {
  id: string;
  uid: string;
  userType: UserType;
  authnPreference: string;
}

/** The §3.8 response: the reduced set for partner staff, the full set for customers. */
export function pickupAttributes(
  user: PickupUser,
  accountIds: string[],
  productId: string,
): Record<string, string> {
  const reduced = {
    // eslint-disable-next-line no-restricted-syntax -- the §3.8 attribute named Email, not a device type
    Email: user.email,
    subject: user.id,
    FirstName: user.firstName,
    LastName: user.lastName,
    uid: user.uid,
    [`${productId}UserType`]: user.userType,
  };
  if (user.userType !== 'customer') return reduced;
  return {
    ...reduced,
    street: user.street ?? '',
    city: user.city ?? '',
    postalCode: user.postalCode ?? '',
    mobile: user.mobile ?? '',
    fullAddress: fullAddress(user),
    authnPreference: user.authnPreference,
    [`${productId}UserAuthnPreferences`]: user.authnPreference,
    accts: accountIds.join(','),
  };
}
