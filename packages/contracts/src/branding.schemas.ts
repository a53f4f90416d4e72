import { z } from 'zod';
import { BRAND_NAME_MAX_LENGTH, LOGO_TYPES, MAX_LOGO_BYTES } from './branding';

/**
 * The brand's schemas (branding.ts has its paths, defaults and words): apart, so that the
 * browser's first page, which names the brand's paths, does not load zod with them (ADR 0024).
 */

const HEX_COLOR = /^#[0-9a-f]{6}$/;

export const hexColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HEX_COLOR, 'must be a colour written #rrggbb');

/**
 * A bank or product name as it shows in the navbar, in every message and on the phone:
 * printable, no markup-looking brackets, and none of the invisible characters that change how
 * the text around it reads — controls (\p{Cc}), format characters (\p{Cf}: the bidirectional
 * overrides and isolates U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C,
 * zero-width characters) and line or paragraph separators. A name with a right-to-left override
 * could make "AnyBank" read as something else in a sign-in code's e-mail.
 */
export const brandNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(BRAND_NAME_MAX_LENGTH, `must be at most ${BRAND_NAME_MAX_LENGTH} characters`)
  .regex(
    /^[^<>{}\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u,
    'must not contain <, >, { or }, control, bidirectional or other invisible characters',
  );

/**
 * The demo admin's brand. `logo`: a new file (its type and its bytes in base64), `null` for the
 * default mark, or left out to keep the current logo.
 */
export const brandingUpdateSchema = z.object({
  bankName: brandNameSchema,
  productName: brandNameSchema,
  primaryColor: hexColorSchema,
  accentColor: hexColorSchema,
  logo: z
    .object({
      type: z.enum(LOGO_TYPES),
      base64: z
        .string()
        .max(Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 4, 'is larger than the logo limit')
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
    })
    .nullable()
    .optional(),
});
export type BrandingUpdate = z.infer<typeof brandingUpdateSchema>;

/** The brand as the site, the phone and the admin form read it (public). */
export const brandingSchema = z.object({
  bankName: z.string(),
  productName: z.string(),
  primaryColor: z.string().regex(HEX_COLOR),
  accentColor: z.string().regex(HEX_COLOR),
  /** The logo's address with its version, so a changed logo is a new address for caches. */
  logoUrl: z.string(),
  /** Whether an uploaded logo replaces the default mark. */
  customLogo: z.boolean(),
  /** Whether the demo admin changed the brand (false: the defaults from the environment). */
  custom: z.boolean(),
});
export type Branding = z.infer<typeof brandingSchema>;
