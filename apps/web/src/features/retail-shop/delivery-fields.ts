import { credentialAddressSchema } from '@anybank/contracts';

/** The shop's delivery form, and its fields filled from a wallet's shared claims (ADR 0027). */

export const DELIVERY_FIELDS = ['name', 'street', 'locality', 'postalCode', 'country'] as const;
export type DeliveryField = (typeof DELIVERY_FIELDS)[number];
export const EMPTY_DELIVERY: Record<DeliveryField, string> = {
  name: '',
  street: '',
  locality: '',
  postalCode: '',
  country: '',
};

/** The delivery form's fields from the claims the wallet shared (ADR 0027). */
export function deliveryFieldsOf(
  disclosed: Record<string, unknown>,
): Record<DeliveryField, string> {
  const name = [disclosed.given_name, disclosed.family_name]
    .filter((part) => typeof part === 'string')
    .join(' ');
  const address = credentialAddressSchema.safeParse(disclosed.address);
  const parts = address.success ? address.data : null;
  return {
    name,
    street: parts?.street_address ?? '',
    locality: parts?.locality ?? '',
    postalCode: parts?.postal_code ?? '',
    country: parts?.country ?? '',
  };
}
