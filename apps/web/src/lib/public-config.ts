import { DEFAULT_PHONE_COUNTRY, DEFAULT_PRODUCT_ID, readPublicConfig } from '@anybank/contracts';
import type { PublicConfig } from '@anybank/contracts';

type PageLocation = Pick<Location, 'hostname' | 'origin'>;

/** What the app runs with when no server wrote its config tag (the vite dev server). */
export function defaultPublicConfig(location: PageLocation): PublicConfig {
  return {
    productId: DEFAULT_PRODUCT_ID,
    basePath: '',
    host: location.hostname,
    publicUrl: location.origin,
    companyId: 'anybank-demo',
    retailSiteUrl: 'https://retail.anybank.example',
    analyticsMeasurementId: null,
    analyticsCollectorUrl: 'https://www.google-analytics.com/g/collect',
    demoHosts: ['localhost'],
    outboxEnabled: true,
    demoToolsEnabled: true,
    phoneCountry: DEFAULT_PHONE_COUNTRY,
    // The server's defaults (POLICY_ID_* unset).
    policyIds: {
      registration: 'registration',
      usernameRecovery: 'username-recovery',
      deviceUniqueness: 'device-uniqueness',
      qrCode: 'qr-code',
      profileUpdate: 'profile-update',
      signInMethod: 'sign-in-method',
      walletPairing: 'wallet-pairing',
      phishingEmail: 'phishing-email',
      deleteUser: 'delete-user',
      resetVerification: 'reset-verification',
      helpDesk: 'help-desk',
    },
  };
}

/**
 * Parses the content of the server's config tag. A tag that is present but malformed is a
 * server bug, so it throws rather than silently running with the defaults.
 */
export function parsePublicConfig(
  metaContent: string | null,
  location: PageLocation,
): PublicConfig {
  if (metaContent === null) return defaultPublicConfig(location);
  return readPublicConfig(JSON.parse(metaContent));
}

/** The router's basename: an empty base path means the site root; a trailing slash is dropped. */
export function routerBasename(basePath: string): string | undefined {
  const trimmed = basePath.replace(/\/+$/, '');
  if (trimmed === '') return undefined;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** A server path (`/api/…`, `/as/…`, `/ext/…`) under the configured base path. */
export function withBasePath(basePath: string, path: string): string {
  return `${routerBasename(basePath) ?? ''}${path}`;
}

/** The site's absolute address (public URL and base path), without a trailing slash. */
export function siteUrl(config: Pick<PublicConfig, 'publicUrl' | 'basePath'>): string {
  return `${config.publicUrl.replace(/\/+$/, '')}${routerBasename(config.basePath) ?? ''}`;
}
