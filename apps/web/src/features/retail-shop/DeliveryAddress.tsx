import { useCallback, useId, useState } from 'react';
import {
  DEFAULT_BRAND,
  credentialAddressSchema,
  fillBrand,
  walletPresentationMessages,
} from '@anybank/contracts';
import type { WalletCheckResult } from '@anybank/contracts';
import { WalletCheck } from './WalletCheck';

const text = walletPresentationMessages;
const FIELDS = ['name', 'street', 'locality', 'postalCode', 'country'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  name: '',
  street: '',
  locality: '',
  postalCode: '',
  country: '',
};

/** The delivery form's fields from the claims the wallet shared (ADR 0027). */
function fieldsOf(disclosed: Record<string, unknown>): Record<Field, string> {
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

/**
 * The delivery address: typed in, or filled from the customer's wallet — the shop asks for the
 * name and address only (purpose `delivery`), and the customer may decline on the phone.
 */
export function DeliveryAddress() {
  const [fields, setFields] = useState(EMPTY);
  const id = useId();
  const onVerified = useCallback((result: WalletCheckResult) => {
    if (result.disclosed) setFields(fieldsOf(result.disclosed));
  }, []);
  return (
    <section className="shop-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="shop-section-title">
        {text.deliveryHeading}
      </h2>
      <WalletCheck
        purpose="delivery"
        label={fillBrand(text.fillDelivery, DEFAULT_BRAND)}
        onVerified={onVerified}
      />
      <div className="shop-delivery-fields">
        {FIELDS.map((field) => (
          <label key={field} className="shop-field">
            <span>{text.deliveryFields[field]}</span>
            <input
              name={field}
              value={fields[field]}
              onChange={(event) => setFields({ ...fields, [field]: event.target.value })}
              autoComplete={
                {
                  name: 'name',
                  street: 'street-address',
                  locality: 'address-level2',
                  postalCode: 'postal-code',
                  country: 'country-name',
                }[field]
              }
            />
          </label>
        ))}
      </div>
    </section>
  );
}
