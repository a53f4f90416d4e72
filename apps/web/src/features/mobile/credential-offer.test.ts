import { describe, expect, it } from 'vitest';
import {
  fragmentParam,
  isOnSite,
  parseCredentialOffer,
  parsePresentationLink,
  PRE_AUTHORIZED_GRANT,
} from './credential-offer';

const OFFER = {
  credential_issuer: 'https://bank.example/bank',
  credential_configuration_ids: ['anybank_verified_customer'],
  grants: {
    [PRE_AUTHORIZED_GRANT]: {
      'pre-authorized_code': 'code-1',
      tx_code: { input_mode: 'numeric', length: 6, description: 'Sent by SMS' },
    },
  },
};
const offerUri = (offer: unknown) =>
  `openid-credential-offer://?credential_offer=${encodeURIComponent(JSON.stringify(offer))}`;
const phoneLink = (uri: string, param = 'credential_offer') =>
  `https://bank.example/bank/mobile#${param}=${encodeURIComponent(uri)}`;

const PARSED = {
  credentialIssuer: 'https://bank.example/bank',
  configurationIds: ['anybank_verified_customer'],
  preAuthorizedCode: 'code-1',
  txCode: { length: 6, numeric: true, description: 'Sent by SMS' },
};

describe('parseCredentialOffer', () => {
  it.each([
    ['the offer URI', offerUri(OFFER)],
    ['the offer URI with spaces around it (pasted)', `  ${offerUri(OFFER)}\n`],
    ['the phone link', phoneLink(offerUri(OFFER))],
  ])('reads %s', (_name, text) => {
    expect(parseCredentialOffer(text)).toEqual(PARSED);
  });

  it('reads an offer without a transaction code', () => {
    const grant = { [PRE_AUTHORIZED_GRANT]: { 'pre-authorized_code': 'code-1' } };
    expect(parseCredentialOffer(offerUri({ ...OFFER, grants: grant }))?.txCode).toBeNull();
  });

  it.each([
    ['an https link', 'https://bank.example/'],
    ['a request link', 'openid4vp://?client_id=a&request_uri=https://x'],
    ['JSON that is broken', 'openid-credential-offer://?credential_offer=%7Bnope'],
    ['an offer by reference', 'openid-credential-offer://?credential_offer_uri=https://x'],
    ['an offer without an issuer', offerUri({ ...OFFER, credential_issuer: undefined })],
    ['an offer without ids', offerUri({ ...OFFER, credential_configuration_ids: [] })],
    ['an authorization-code offer', offerUri({ ...OFFER, grants: { authorization_code: {} } })],
    ['a phone link to a pairing', 'https://bank.example/mobile#walletPairing=abc'],
  ])('refuses %s', (_name, text) => {
    expect(parseCredentialOffer(text)).toBeNull();
  });
});

describe('parsePresentationLink', () => {
  const link = 'openid4vp://?client_id=retail-shop&request_uri=https%3A%2F%2Fbank.example%2Fr%2F1';
  it.each([
    ['the request link', link],
    ['the phone link', phoneLink(link, 'openid4vp')],
  ])('reads %s', (_name, text) => {
    expect(parsePresentationLink(text)).toEqual({
      clientId: 'retail-shop',
      requestUri: 'https://bank.example/r/1',
    });
  });

  it.each([
    ['no client id', 'openid4vp://?request_uri=https%3A%2F%2Fx'],
    ['no request_uri', 'openid4vp://?client_id=retail-shop'],
    ['a script request_uri', 'openid4vp://?client_id=a&request_uri=javascript%3Aalert(1)'],
    ['an offer', offerUri(OFFER)],
  ])('refuses a link with %s', (_name, text) => {
    expect(parsePresentationLink(text)).toBeNull();
  });
});

describe('fragmentParam', () => {
  it.each([
    ['#credential_offer=abc', 'abc'],
    ['#x=1&credential_offer=a%20b', 'a b'],
    ['#credential_offer=', null],
    ['', null],
  ])('reads %j', (hash, expected) => {
    expect(fragmentParam(hash, 'credential_offer')).toBe(expected);
  });
});

describe('isOnSite', () => {
  it.each([
    ['https://bank.example/bank', 'https://bank.example/bank', true],
    ['https://bank.example/bank/as', 'https://bank.example/bank', true],
    ['https://bank.example/banking', 'https://bank.example/bank', false],
    ['https://evil.example/bank', 'https://bank.example/bank', false],
    ['http://bank.example/bank', 'https://bank.example/bank', false],
    ['https://bank.example/anything', 'https://bank.example', true],
    ['not a url', 'https://bank.example', false],
  ])('%s on %s: %s', (url, site, expected) => {
    expect(isOnSite(url, site)).toBe(expected);
  });
});
