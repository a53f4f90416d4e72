import { describe, expect, it } from 'vitest';
import { credentialOfferOf, credentialOfferUri, phoneLinkOf } from './offer.rules';

describe('a credential offer', () => {
  const offer = credentialOfferOf({
    issuer: 'https://bank.example',
    configurationId: 'anybank_verified_customer',
    preAuthorizedCode: 'code-1',
    txCodeDescription: 'Enter the code',
  });

  it('offers one configuration with a pre-authorized code that asks for a 6-digit code', () => {
    expect(offer).toEqual({
      credential_issuer: 'https://bank.example',
      credential_configuration_ids: ['anybank_verified_customer'],
      grants: {
        'urn:ietf:params:oauth:grant-type:pre-authorized_code': {
          'pre-authorized_code': 'code-1',
          tx_code: { input_mode: 'numeric', length: 6, description: 'Enter the code' },
        },
      },
    });
  });

  it('travels by value in the openid-credential-offer scheme', () => {
    const uri = credentialOfferUri(offer);
    expect(uri.startsWith('openid-credential-offer://?credential_offer=')).toBe(true);
    expect(JSON.parse(new URL(uri).searchParams.get('credential_offer') ?? '')).toEqual(offer);
  });

  it('opens on the phone simulator with the offer in the fragment, never sent to a server', () => {
    const link = new URL(
      phoneLinkOf('https://bank.example', 'credential_offer', 'openid-credential-offer://?x=1'),
    );
    expect(link.pathname).toBe('/mobile');
    expect(link.search).toBe('');
    expect(decodeURIComponent(link.hash)).toBe('#credential_offer=openid-credential-offer://?x=1');
  });
});
