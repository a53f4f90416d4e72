import type { PublicConfig } from '@anybank/contracts';
import type { Config } from './config';

/**
 * The configuration a browser may read (contracts' public-config.ts): written into the SPA's
 * page (http/spa.ts), never a secret.
 */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    productId: config.productId,
    basePath: config.basePath,
    host: config.host,
    publicUrl: config.publicUrl,
    companyId: config.companyId,
    retailSiteUrl: config.retailSiteUrl,
    analyticsMeasurementId: config.analyticsMeasurementId,
    analyticsCollectorUrl: config.analyticsCollectorUrl,
    demoHosts: config.demoHosts,
    outboxEnabled: config.outboxEnabled,
    demoToolsEnabled: config.demoToolsEnabled,
    phoneCountry: config.phoneDefaultCountry,
    policyIds: {
      registration: config.policyIds.REGISTRATION,
      usernameRecovery: config.policyIds.USERNAME_RECOVERY,
      deviceUniqueness: config.policyIds.DEVICE_UNIQUENESS,
      qrCode: config.policyIds.QR_CODE,
      profileUpdate: config.policyIds.PROFILE_UPDATE,
      signInMethod: config.policyIds.SIGN_IN_METHOD,
      walletPairing: config.policyIds.WALLET_PAIRING,
      phishingEmail: config.policyIds.PHISHING_EMAIL,
      deleteUser: config.policyIds.DELETE_USER,
      resetVerification: config.policyIds.RESET_VERIFICATION,
      helpDesk: config.policyIds.HELP_DESK,
    },
  };
}
