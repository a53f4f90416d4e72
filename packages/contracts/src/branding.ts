/**
 * The bank's brand (ADR 0020): a presenter shows the demo under a prospect's
 * name, logo and colours. The defaults come from the environment (BANK_NAME, PRODUCT_NAME,
 * BRAND_PRIMARY_COLOR, BRAND_ACCENT_COLOR); the demo admin's "Branding" form replaces them at
 * once, everywhere, until "Restore default brand" or "Reset demo". The schemas are in
 * branding.schemas.ts, the form's words in branding-messages.ts (ADR 0024).
 */

export const BRANDING_API_PATH = '/api/branding';
export const BRANDING_LOGO_PATH = '/api/branding/logo';
export const ADMIN_BRANDING_PATH = '/api/admin/branding';

/**
 * Where a message sent to a person (e-mail, SMS, push) names the bank or its app: the server
 * fills in the current brand when it sends the message (`fillBrand`), so the outbox and the
 * phone read the name the presenter chose.
 */
export const BANK_NAME_SLOT = '{{bankName}}';
export const PRODUCT_NAME_SLOT = '{{productName}}';

export interface BrandNames {
  bankName: string;
  productName: string;
}

/** Today's look (apps/web/src/styles/app.css): the navy primary, white on it. */
export const DEFAULT_BRAND = {
  bankName: 'AnyBank',
  productName: 'AnyBank',
  primaryColor: '#0a3d7a',
  accentColor: '#ffffff',
} as const;

/** A message template with the brand's names in place of its slots. */
export function fillBrand(text: string, names: BrandNames): string {
  return text
    .replaceAll(BANK_NAME_SLOT, names.bankName)
    .replaceAll(PRODUCT_NAME_SLOT, names.productName);
}

/** The logo types accepted, and the largest logo (an SVG or PNG mark, not a photograph). */
export const LOGO_TYPES = ['image/svg+xml', 'image/png'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const MAX_LOGO_BYTES = 100 * 1024;
export const BRAND_NAME_MAX_LENGTH = 40;
