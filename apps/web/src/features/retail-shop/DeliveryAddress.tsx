import { useCallback, useId, useState } from 'react';
import { DEFAULT_BRAND, fillBrand, walletPresentationMessages } from '@anybank/contracts';
import type { WalletCheckResult } from '@anybank/contracts';
import {
  DELIVERY_FIELDS as FIELDS,
  EMPTY_DELIVERY as EMPTY,
  deliveryFieldsOf as fieldsOf,
} from './delivery-fields';
import { WalletCheck } from './WalletCheck';

const text = walletPresentationMessages;
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
