import type { OpenID4VCICredentialConfiguration, OpenID4VCIMetadata } from 'oidc-provider';
import {
  CREDENTIAL_CLAIMS,
  CREDENTIAL_TYPES,
  CREDENTIAL_TYPE_NAMES,
  SD_JWT_VC_TYPE,
  credentialClaimLabels,
  credentialTitles,
  fillBrand,
  type BrandNames,
} from '@anybank/contracts';

/**
 * The issuer metadata's credential configurations (OpenID4VCI 1.0 §12.2.4, appendix A.3 for
 * `dc+sd-jwt`): one per credential type, each with its own scope (a pre-authorized code carries
 * one), bound to a holder key proven by one ES256 `jwt` proof, and how a wallet shows it.
 */
export function credentialConfigurations(
  brand: BrandNames,
): Record<string, OpenID4VCICredentialConfiguration> {
  return Object.fromEntries(
    CREDENTIAL_TYPE_NAMES.map((type) => {
      const { configurationId, vct } = CREDENTIAL_TYPES[type];
      const configuration: OpenID4VCICredentialConfiguration = {
        format: SD_JWT_VC_TYPE,
        vct,
        scope: configurationId,
        cryptographic_binding_methods_supported: ['jwk'],
        credential_signing_alg_values_supported: ['ES256'],
        proof_types_supported: { jwt: { proof_signing_alg_values_supported: ['ES256'] } },
        credential_metadata: {
          display: [{ name: fillBrand(credentialTitles[type], brand), locale: 'en-US' }],
          claims: CREDENTIAL_CLAIMS[type].map((claim) => ({
            path: [claim],
            display: [{ name: credentialClaimLabels[claim] ?? claim, locale: 'en-US' }],
          })),
        },
      };
      return [configurationId, configuration];
    }),
  );
}

/** The issuer's own display (OpenID4VCI §12.2.4 `display`). */
export function issuerDisplay(brand: BrandNames): OpenID4VCIMetadata {
  return { display: [{ name: brand.bankName, locale: 'en-US' }] };
}
