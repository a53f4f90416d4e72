import {
  SCIM_SCHEMAS,
  communicationConsentDataSchema,
  messages,
  type ScimUser,
} from '@anybank/contracts';
import { shownValue } from './directory.rules';

/**
 * What marketing is shown of a customer (document 2 §3 "Marketing lookup result", §6): only
 * the channels the customer opted into through their communication consent.
 */

export interface CustomerEntry {
  id: string;
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
}

export interface CommunicationConsentView {
  status: string;
  data: unknown;
}

/** The channels opted into, or null without an accepted communication consent. */
function optedInChannels(consent: CommunicationConsentView | null) {
  if (consent?.status !== 'accepted') return null;
  const data = communicationConsentDataSchema.safeParse(consent.data);
  return data.success ? data.data : null;
}

/** Attributes that have a value; blank ones and the placeholder are left out. */
function present(attributes: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes).flatMap(([name, value]) => {
      const shown = shownValue(value);
      return shown === null ? [] : [[name, shown]];
    }),
  );
}

/**
 * sms → mobile, email → mail, homeAddress → street, l, postalCode. Without a marketing consent
 * the name reads the no-consent text and no contact attribute is given.
 */
export function marketingViewOf(
  customer: CustomerEntry,
  consent: CommunicationConsentView | null,
): ScimUser {
  const base = { schemas: [SCIM_SCHEMAS.user] as [typeof SCIM_SCHEMAS.user], id: customer.id };
  const channels = optedInChannels(consent);
  if (!channels) return { ...base, uid: customer.uid, cn: messages.marketing.noConsent };
  return {
    ...base,
    uid: customer.uid,
    cn: `${customer.firstName} ${customer.lastName}`,
    ...present({
      mail: channels.email ? customer.email : null,
      mobile: channels.sms ? customer.mobile : null,
      street: channels.homeAddress ? customer.street : null,
      l: channels.homeAddress ? customer.city : null,
      postalCode: channels.homeAddress ? customer.postalCode : null,
    }),
  };
}
