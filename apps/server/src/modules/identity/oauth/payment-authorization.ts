import {
  errors,
  type Configuration,
  type RichAuthorizationRequestsActiveConfiguration,
} from 'oidc-provider';
import { z } from 'zod';
import { PAYMENT_AUTHORIZATION_DETAILS_TYPE, RETAIL_SHOP_CLIENT_ID } from '@anybank/contracts';

/**
 * Pay by bank (ADR 0023): a payment consent travels in an RFC 9396 `authorization_details` entry
 * `{type: "domestic_payment", consent_id}`; oidc-provider's richAuthorizationRequests feature
 * carries it from the (pushed) request to the grant, the code and the JWT access token.
 */

/** What the OAuth server asks the payments module about a consent a request names. */
export interface PaymentConsentLookup {
  /** Null when this client may send a customer to authorise it; else why not, in words. */
  whyNotAuthorisable(consentId: string, clientId: string): Promise<string | null>;
}

export const paymentDetailSchema = z.strictObject({
  type: z.literal(PAYMENT_AUTHORIZATION_DETAILS_TYPE),
  consent_id: z.uuid(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** The one payment consent a list of authorization details names, or null. */
export function paymentConsentIdOf(details: unknown): string | null {
  const list: unknown[] = Array.isArray(details) ? details : [];
  if (list.length !== 1) return null;
  const parsed = paymentDetailSchema.safeParse(list[0]);
  return parsed.success ? parsed.data.consent_id : null;
}

type Features = NonNullable<Configuration['features']>;

export function richAuthorizationRequests(
  lookup: PaymentConsentLookup,
): RichAuthorizationRequestsActiveConfiguration {
  return {
    enabled: true,
    types: {
      [PAYMENT_AUTHORIZATION_DETAILS_TYPE]: {
        validate: async (ctx, detail, client) => {
          const parsed = paymentDetailSchema.safeParse(detail);
          if (!parsed.success) {
            throw new errors.InvalidAuthorizationDetails(
              'a domestic_payment entry has exactly a type and a consent_id (a UUID)',
            );
          }
          // One payment per authorization: the customer confirms one amount to one payee.
          const requested = String(ctx.oidc.params?.authorization_details ?? '[]');
          if (paymentConsentIdOf(JSON.parse(requested)) === null) {
            throw new errors.InvalidAuthorizationDetails('name exactly one payment consent');
          }
          const why = await lookup.whyNotAuthorisable(parsed.data.consent_id, client.clientId);
          if (why) throw new errors.InvalidAuthorizationDetails(why);
        },
      },
    },
    // What the customer confirmed is what the consent screen put in the grant (grant.addRar),
    // never what the request said.
    authorizationDetailsForGrantSource: (ctx) => ctx.oidc.grant?.rar,
    authorizationDetailsForAccessToken: (_ctx, _token, source) => source?.rar,
    authorizationDetailsForIntrospection: (_ctx, token) => token.rar,
  };
}

/** FAPI 2.0 for the pay-by-bank shop's client; the bank's own clients keep their profile. */
export const fapiForTheShop: Features['fapi'] = {
  enabled: true,
  profile: (_ctx, client) => (client?.clientId === RETAIL_SHOP_CLIENT_ID ? '2.0' : undefined),
};
