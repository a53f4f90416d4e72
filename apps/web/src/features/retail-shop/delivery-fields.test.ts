import { describe, expect, it } from 'vitest';
import { EMPTY_DELIVERY, deliveryFieldsOf } from './delivery-fields';

describe('the delivery form filled from the wallet (ADR 0027)', () => {
  it('puts the name and each part of the address in its field', () => {
    expect(
      deliveryFieldsOf({
        given_name: 'Jane',
        family_name: 'Doe',
        address: {
          street_address: '12 Elm Street',
          locality: 'Springfield',
          postal_code: '62701',
          country: 'US',
        },
      }),
    ).toEqual({
      name: 'Jane Doe',
      street: '12 Elm Street',
      locality: 'Springfield',
      postalCode: '62701',
      country: 'US',
    });
  });

  it('leaves empty what was not shared, and ignores an address of another shape', () => {
    expect(deliveryFieldsOf({ family_name: 'Doe', address: 'somewhere' })).toEqual({
      ...EMPTY_DELIVERY,
      name: 'Doe',
    });
  });
});
