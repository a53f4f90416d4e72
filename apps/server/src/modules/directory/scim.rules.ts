import {
  SCIM_MAX_PAGE_SIZE,
  SCIM_SCHEMAS,
  communicationConsentDataSchema,
  messages,
  scimUserPath,
  type ScimUser,
} from '@anybank/contracts';
import { shownValue, type CustomerProfile } from './directory.rules';

/**
 * What marketing is shown of a customer (document 2 §3 "Marketing lookup result", §6): only
 * the channels the customer opted into through their communication consent.
 */

export interface CustomerEntry extends CustomerProfile {
  id: string;
  uid: string;
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
 * the name reads the no-consent text and no contact attribute is given. The username and the
 * resource's `meta` (its location under `siteUrl`) are SCIM's own and always there.
 */
export function marketingViewOf(
  customer: CustomerEntry,
  consent: CommunicationConsentView | null,
  siteUrl: string,
): ScimUser {
  const base = {
    schemas: [SCIM_SCHEMAS.user] as [typeof SCIM_SCHEMAS.user],
    id: customer.id,
    userName: customer.uid,
    uid: customer.uid,
    meta: { resourceType: 'User' as const, location: `${siteUrl}${scimUserPath(customer.id)}` },
  };
  const channels = optedInChannels(consent);
  if (!channels) return { ...base, cn: messages.marketing.noConsent };
  return {
    ...base,
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

/** A record that shows the no-consent text instead of a name: nothing of theirs was given. */
export function isNoConsentRecord(user: ScimUser): boolean {
  return user.cn === messages.marketing.noConsent;
}

/**
 * A page as RFC 7644 §3.4.2.4 asks for it, made one the directory can read: a startIndex below
 * 1 is read as 1, a negative count as 0, and a count above the page size gets a full page.
 */
export function scimPage(query: { startIndex: number; count: number }) {
  return {
    startIndex: Math.max(1, query.startIndex),
    count: Math.min(Math.max(0, query.count), SCIM_MAX_PAGE_SIZE),
  };
}
