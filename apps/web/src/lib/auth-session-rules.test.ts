import { describe, expect, it } from 'vitest';
import { BANK_CLIENT, PARTNER_CLIENTS } from '@anybank/contracts';
import {
  clientForUserType,
  sessionItemsFromClaims,
  sessionItemsFromPickup,
  signOutUrl,
} from './auth-session-rules';
import { CUSTOMER_PICKUP, config } from './auth-session.fixtures';
import { signInReturnOf } from './sign-in-return';

describe('session fill', () => {
  it('gives a customer the full set of session items', () => {
    expect(Object.fromEntries(sessionItemsFromPickup(CUSTOMER_PICKUP, 'anybank'))).toEqual({
      email: 'jane.doe@example.com',
      subject: 'jane.doe',
      firstName: 'Jane',
      lastName: 'Doe',
      uid: 'u-1',
      '{product}UserType': 'customer',
      street: '1 Main St',
      mobile: '+15551234567',
      city: 'Springfield',
      zipcode: '12345',
      fullAddress: '1 Main St, Springfield, 12345',
      '{product}UserAuthnPreferences': 'Password',
      accts: '[]',
    });
  });

  it.each(['AnyWealthAdvisor', 'AnyMarketing', 'CustomerServiceRep'])(
    'gives %s the reduced set',
    (userType) => {
      const items = sessionItemsFromPickup(
        { ...CUSTOMER_PICKUP, anybankUserType: userType },
        'anybank',
      );
      expect(Object.fromEntries(items)).toEqual({
        email: 'jane.doe@example.com',
        subject: 'jane.doe',
        firstName: 'Jane',
        lastName: 'Doe',
        uid: 'u-1',
        '{product}UserType': userType,
      });
    },
  );

  it('makes any other user type a customer, and reads the product-named field', () => {
    const other = { ...CUSTOMER_PICKUP, anybankUserType: 'Janitor' };
    expect(Object.fromEntries(sessionItemsFromPickup(other, 'anybank'))['{product}UserType']).toBe(
      'customer',
    );
    const named = { ...CUSTOMER_PICKUP, otherbankUserType: 'AnyMarketing' };
    expect(
      Object.fromEntries(sessionItemsFromPickup(named, 'otherbank'))['{product}UserType'],
    ).toBe('AnyMarketing');
  });

  it('fills a partner session from the token claims', () => {
    const claims = {
      sub: 'adam.advisor',
      FirstName: 'Adam',
      LastName: 'Smith',
      anybankUserType: 'AnyWealthAdvisor',
    };
    expect(Object.fromEntries(sessionItemsFromClaims(claims, 'tok', 'anybank', null))).toEqual({
      AT: 'tok',
      subject: 'adam.advisor',
      firstName: 'Adam',
      lastName: 'Smith',
      '{product}UserType': 'AnyWealthAdvisor',
    });
  });
});

describe('sign-in returns', () => {
  it('reads the bank pickup on home and a partner code on its return route', () => {
    expect(signInReturnOf('/', '?REF=r1&refType=BXFSPRefID&code=c&state=s')).toEqual({
      kind: 'bank',
      ref: 'r1',
      refType: 'BXFSPRefID',
      code: 'c',
      state: 's',
    });
    expect(signInReturnOf('/app/advisor/', '?code=c&state=s')).toEqual({
      kind: 'partner',
      client: PARTNER_CLIENTS.AnyWealthAdvisor,
      code: 'c',
      state: 's',
    });
    expect(signInReturnOf('/banking', '?code=c&state=s')).toBeNull();
    expect(signInReturnOf('/', '?code=c&state=s')).toBeNull();
    expect(signInReturnOf('/app/advisor', '?error=access_denied')).toBeNull();
  });

  it('reads an authorization error on home and on a return route', () => {
    expect(signInReturnOf('/', '?error=pickup_failed&state=s')).toEqual({
      kind: 'refused',
      client: BANK_CLIENT,
      error: 'pickup_failed',
      state: 's',
    });
    expect(signInReturnOf('/app/any-marketing', '?error=access_denied&state=s')).toEqual({
      kind: 'refused',
      client: PARTNER_CLIENTS.AnyMarketing,
      error: 'access_denied',
      state: 's',
    });
  });

  it('picks the client for the redirect page', () => {
    expect(clientForUserType('customer')).toBe(BANK_CLIENT);
    expect(clientForUserType('AnyMarketing')).toBe(PARTNER_CLIENTS.AnyMarketing);
    expect(clientForUserType('Janitor')).toBeNull();
    expect(clientForUserType(null)).toBeNull();
  });
});

describe('sign-out address (§4.7)', () => {
  const parse = (url: string) => new URL(url, 'https://bank.example');

  it('sends customers and marketing users home', () => {
    for (const userType of ['customer', 'AnyMarketing', null]) {
      const url = parse(signOutUrl(config, 'anybank-web', userType));
      expect(url.pathname).toBe('/bank/as/signoff');
      expect(url.searchParams.get('client_id')).toBe('anybank-web');
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://bank.example/bank/');
    }
  });

  it('sends advisors and customer service reps to the partner sign-off page', () => {
    for (const userType of ['AnyWealthAdvisor', 'CustomerServiceRep']) {
      expect(
        parse(signOutUrl(config, 'x', userType)).searchParams.get('post_logout_redirect_uri'),
      ).toBe('https://bank.example/bank/partner/signoff');
    }
  });
});
