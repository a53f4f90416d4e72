/**
 * The bank's brand (issue 15 §5, ADR 0020): a presenter shows the demo under a prospect's
 * name, logo and colours. The defaults come from the environment (BANK_NAME, PRODUCT_NAME,
 * BRAND_PRIMARY_COLOR, BRAND_ACCENT_COLOR); the demo admin's "Branding" form replaces them at
 * once, everywhere, until "Restore default brand" or "Reset demo". The schemas are in
 * branding.schemas.ts (ADR 0024).
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

/** The Branding form's words (demo admin page). */
export const brandingMessages = {
  heading: 'Branding',
  intro:
    'Show the bank under another name, logo and colours. Everything changes at once: the site, the sign-in, the messages in the outbox and the phone app.',
  bankNameLabel: 'Bank name',
  productNameLabel: 'App name',
  productNameHelp: 'What the phone app is called, as in “Approve it in the AnyBank app”.',
  primaryColorLabel: 'Primary colour',
  primaryColorHelp: 'Buttons, links and the home page banner, with white text on it.',
  accentColorLabel: 'Accent colour',
  accentColorHelp:
    'Highlights on the primary colour, with black text on it (the skip link, “Prepared for”).',
  colorTextLabel: (what: string) => `${what} (#rrggbb)`,
  logoLabel: 'Logo (SVG or PNG)',
  logoHelp: `At most ${MAX_LOGO_BYTES / 1024} KB. Leave empty to keep the current logo.`,
  save: 'Apply brand',
  restore: 'Restore default brand',
  saved: 'The new brand is applied everywhere.',
  restored: 'The default brand is back.',
  failed: 'The brand could not be changed. Please try again.',
  unreadableFile: 'The logo file could not be read.',
  logoTooLarge: `The logo is larger than ${MAX_LOGO_BYTES / 1024} KB.`,
  logoWrongType: 'The logo must be an SVG or PNG file.',
  /** The refusal of a colour pair below WCAG AA: which pair, its ratio and the minimum. */
  contrastTooLow: (pair: string, ratio: string, minimum: string) =>
    `The contrast between ${pair} is ${ratio}:1; WCAG AA needs at least ${minimum}:1 for text.`,
  logoRefused: (reason: string) => `This logo cannot be used: ${reason}.`,
  /** The colour pairs a contrast refusal names (server: branding.rules.ts). */
  pairs: {
    whiteOnPrimary: (primary: string) => `white text and the primary colour ${primary}`,
    accentOnPrimary: (accent: string, primary: string) =>
      `the accent colour ${accent} and the primary colour ${primary}`,
    blackOnAccent: (accent: string) => `black text and the accent colour ${accent}`,
  },
  /** Why a logo is refused, finishing “This logo cannot be used: …” (server: logo.rules.ts). */
  logoReasons: {
    empty: 'the file is empty',
    tooLarge: `the file is larger than ${MAX_LOGO_BYTES / 1024} KB`,
    notUtf8: 'an SVG logo must be UTF-8 text',
    notSvg: 'this is not an SVG image',
    notPng: 'this is not a PNG image',
    declarations: 'an SVG logo must not declare a DOCTYPE or entities',
    scripts: 'an SVG logo must not contain scripts',
    handlers: 'an SVG logo must not contain event handlers (on… attributes)',
    javascriptUrl: 'an SVG logo must not contain javascript: addresses',
    embedded: 'an SVG logo must not embed other content or animate attributes',
    outside: 'an SVG logo must not refer to other files or sites',
  },
} as const;
