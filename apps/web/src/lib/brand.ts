import { createContext, useContext } from 'react';
import {
  BRANDING_API_PATH,
  BRANDING_LOGO_PATH,
  DEFAULT_BRAND,
  type Branding,
} from '@anybank/contracts';
import { getJson } from './api';
import { brandCssVariables } from './brand-colors';
import { publicConfig } from './config';
import { withBasePath } from './public-config';

/**
 * The bank's brand in the browser (ADR 0020): name, app name, colours and logo,
 * read from `GET /api/branding` when the app starts, again when a tab comes back into view,
 * and at once in every tab when the demo admin changes it. Pages name the bank through
 * `useBrand()`, never a literal "AnyBank".
 */

/** The brand until the server's answer arrives: the contracts' defaults (today's look). */
export const FALLBACK_BRAND: Branding = {
  ...DEFAULT_BRAND,
  logoUrl: withBasePath(publicConfig.basePath, BRANDING_LOGO_PATH),
  customLogo: false,
  custom: false,
};

export interface BrandControls {
  /** Shows a brand the server answered (the admin form's save) in this tab and the others. */
  apply(brand: Branding): void;
  /** Reads the brand from the server again. */
  reload(): Promise<void>;
}

export const BrandContext = createContext<Branding>(FALLBACK_BRAND);
export const BrandControlsContext = createContext<BrandControls | null>(null);

/** The brand in use: `bankName`, `productName`, the colours, `logoUrl`, `customLogo`. */
export function useBrand(): Branding {
  return useContext(BrandContext);
}

/** Changing the brand shown (the demo admin's Branding form). */
export function useBrandControls(): BrandControls {
  const controls = useContext(BrandControlsContext);
  if (!controls) throw new Error('useBrandControls needs the BrandProvider above it');
  return controls;
}

export function loadBrand(signal?: AbortSignal): Promise<Branding> {
  const schema = import('./shell-schemas').then((schemas) => schemas.brandingSchema);
  return getJson(BRANDING_API_PATH, schema, { signal });
}

/** Sets the brand's colours as the custom properties app.css reads (documentElement). */
export function applyBrandColors(brand: Branding, root: HTMLElement = document.documentElement) {
  for (const [name, value] of Object.entries(brandCssVariables(brand))) {
    root.style.setProperty(name, value);
  }
}

/** The channel on which a tab tells the others (the phone beside the site) of a new brand. */
export const BRAND_CHANNEL = 'anybank-brand';
