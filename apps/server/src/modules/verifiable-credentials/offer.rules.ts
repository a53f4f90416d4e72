/**
 * The credential offer (OpenID4VCI 1.0 §4.1.1) by value: the issuer, the one configuration
 * offered, and the pre-authorized code grant with a numeric transaction code the wallet must ask
 * its user for. As a URI, the `openid-credential-offer://` scheme any wallet opens; as a phone
 * link, `/mobile` with the URI in the fragment (never sent to a server, never in a log).
 */

export const PRE_AUTHORIZED_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
export const CREDENTIAL_OFFER_SCHEME = 'openid-credential-offer://';

export interface CredentialOffer {
  credential_issuer: string;
  credential_configuration_ids: string[];
  grants: {
    [PRE_AUTHORIZED_CODE_GRANT]: {
      'pre-authorized_code': string;
      tx_code: { input_mode: 'numeric'; length: number; description: string };
    };
  };
}

export function credentialOfferOf(input: {
  issuer: string;
  configurationId: string;
  preAuthorizedCode: string;
  txCodeDescription: string;
  txCodeLength?: number;
}): CredentialOffer {
  return {
    credential_issuer: input.issuer,
    credential_configuration_ids: [input.configurationId],
    grants: {
      [PRE_AUTHORIZED_CODE_GRANT]: {
        'pre-authorized_code': input.preAuthorizedCode,
        tx_code: {
          input_mode: 'numeric',
          length: input.txCodeLength ?? 6,
          description: input.txCodeDescription,
        },
      },
    },
  };
}

export function credentialOfferUri(offer: CredentialOffer): string {
  return `${CREDENTIAL_OFFER_SCHEME}?credential_offer=${encodeURIComponent(JSON.stringify(offer))}`;
}

/** `{site}/mobile#<param>=<uri>`: the phone simulator opens the offer or request in it. */
export function phoneLinkOf(site: string, param: string, uri: string): string {
  return `${site}/mobile#${param}=${encodeURIComponent(uri)}`;
}
