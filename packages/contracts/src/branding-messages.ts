import { MAX_LOGO_BYTES } from './branding';

// Apart from branding.ts, whose paths and defaults the layout on every page needs: the form's and
// the refusals' words are the admin page's and the server's only (ADR 0024).

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
  /** The colour pairs a contrast refusal names (brand-contrast.ts). */
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
