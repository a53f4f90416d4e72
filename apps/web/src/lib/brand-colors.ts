/**
 * The brand's colours as the CSS custom properties app.css builds on (ADR 0020): the
 * primary and accent colours the demo admin chose, and what is derived from them (the darker
 * hover and gradient shade, the "r, g, b" triplets Bootstrap's rgba() rules need). Set at run
 * time on the document, so a new brand applies without a rebuild.
 */

/** How much of the primary the hover shade keeps (today's #0a3d7a → #072c58, ~#072c59). */
const DARK_SHARE = 0.725;

function channels(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  return [match[1], match[2], match[3]].map((part) => Number.parseInt(part ?? '', 16)) as [
    number,
    number,
    number,
  ];
}

const hexOf = (rgb: readonly number[]) =>
  `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/**
 * The custom properties for a brand's colours; empty when a colour is not `#rrggbb` (the
 * stylesheet's own values, today's look, then stay). A darker primary keeps at least the
 * primary's contrast with white text, which the server checked.
 */
export function brandCssVariables(colors: {
  primaryColor: string;
  accentColor: string;
}): Record<string, string> {
  const primary = channels(colors.primaryColor);
  const accent = channels(colors.accentColor);
  if (!primary || !accent) return {};
  const dark = primary.map((channel) => Math.round(channel * DARK_SHARE));
  return {
    '--brand-primary': hexOf(primary),
    '--brand-primary-rgb': primary.join(', '),
    '--brand-primary-dark': hexOf(dark),
    '--brand-primary-dark-rgb': dark.join(', '),
    '--brand-accent': hexOf(accent),
  };
}
