import { brandingMessages } from './branding-messages';

/**
 * WCAG 2.2 contrast for the brand's colours (ADR 0020). The site puts white text on the
 * primary colour (buttons, the home banner) and the primary colour on white (links); the
 * accent is a highlight on the primary (the banner's "Prepared for") that carries black text
 * where it is a background (the skip link). Each of those pairs must reach WCAG AA for normal
 * text, so that a brand a presenter picks keeps the site readable and axe-clean.
 *
 * Pure, and in the contracts rather than the branding module: the server's configuration
 * checks the default brand's colours (BRAND_PRIMARY_COLOR, BRAND_ACCENT_COLOR) with the same
 * rule as the demo admin's form, and the configuration imports no module.
 */

/** WCAG AA for normal-size text (success criterion 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const BLACK = '#000000';

export interface BrandColors {
  primaryColor: string;
  accentColor: string;
}

/** The pairs the site shows, each with the words that name it in a refusal. */
export type ContrastPair = 'white-on-primary' | 'accent-on-primary' | 'black-on-accent';

export interface ContrastProblem {
  pair: ContrastPair;
  /** The ratio, rounded down to two decimals (never shown as passing when it does not). */
  ratio: number;
  message: string;
}

/** `#rrggbb` to its three channels 0-255; null for anything else. */
export function rgbOf(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  return [
    Number.parseInt(match[1] ?? '', 16),
    Number.parseInt(match[2] ?? '', 16),
    Number.parseInt(match[3] ?? '', 16),
  ];
}

/** WCAG's relative luminance of an sRGB colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = rgbOf(hex);
  if (!rgb) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 … 21, the same whichever is given first. */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const pairs = brandingMessages.pairs;
const PAIR_WORDS: Record<ContrastPair, (colors: BrandColors) => string> = {
  'white-on-primary': (c) => pairs.whiteOnPrimary(c.primaryColor),
  'accent-on-primary': (c) => pairs.accentOnPrimary(c.accentColor, c.primaryColor),
  'black-on-accent': (c) => pairs.blackOnAccent(c.accentColor),
};

const PAIR_COLORS: Record<ContrastPair, (colors: BrandColors) => [string, string]> = {
  'white-on-primary': (c) => [WHITE, c.primaryColor],
  'accent-on-primary': (c) => [c.accentColor, c.primaryColor],
  'black-on-accent': (c) => [BLACK, c.accentColor],
};

/** Every pair of the brand below WCAG AA, in the order the form lists the colours. */
export function contrastProblems(colors: BrandColors): ContrastProblem[] {
  // A colour that is not #rrggbb has no contrast to speak of: its schema refuses it.
  if (!rgbOf(colors.primaryColor) || !rgbOf(colors.accentColor)) return [];
  const problems: ContrastProblem[] = [];
  for (const pair of Object.keys(PAIR_COLORS) as ContrastPair[]) {
    const [text, background] = PAIR_COLORS[pair](colors);
    const ratio = Math.floor(contrastRatio(text, background) * 100) / 100;
    if (ratio >= MIN_TEXT_CONTRAST) continue;
    problems.push({
      pair,
      ratio,
      message: brandingMessages.contrastTooLow(
        PAIR_WORDS[pair](colors),
        ratio.toFixed(2),
        String(MIN_TEXT_CONTRAST),
      ),
    });
  }
  return problems;
}
