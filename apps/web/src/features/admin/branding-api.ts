import {
  ADMIN_BRANDING_PATH,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  apiErrorBodySchema,
  brandingSchema,
  type Branding,
  type BrandingUpdate,
  type LogoType,
  brandingMessages,
} from '@anybank/contracts';
import { readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';

/**
 * The demo admin's Branding form's calls (ADR 0020): the new brand, or back to the default.
 * A refusal carries the server's own sentence (which colour pair fails and its ratio, what is
 * wrong with the logo), shown as it is.
 */

export type BrandingAnswer = { ok: true; brand: Branding } | { ok: false; message: string };

const text = brandingMessages;

async function answerOf(response: Response): Promise<BrandingAnswer> {
  const body = await readJson(response);
  if (response.ok) {
    const brand = brandingSchema.safeParse(body);
    return brand.success ? { ok: true, brand: brand.data } : { ok: false, message: text.failed };
  }
  const refusal = apiErrorBodySchema.safeParse(body);
  if (!refusal.success) return { ok: false, message: text.failed };
  const details = refusal.data.details?.map((detail) => detail.message) ?? [];
  // A schema refusal names each field's problem; the contrast refusal's message says it all.
  const message =
    refusal.data.code === 'invalid_input' && details.length > 0
      ? `${refusal.data.message} ${details.join(' ')}`
      : refusal.data.message;
  return { ok: false, message };
}

async function send(method: 'PUT' | 'DELETE', body?: BrandingUpdate): Promise<BrandingAnswer> {
  try {
    const response = await authorizedFetch(ADMIN_BRANDING_PATH, {
      method,
      ...(body
        ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    return await answerOf(response);
  } catch (error) {
    console.warn('Changing the brand failed', error);
    return { ok: false, message: text.failed };
  }
}

export const saveBranding = (body: BrandingUpdate) => send('PUT', body);
export const restoreDefaultBranding = () => send('DELETE');

/** The logo type of a chosen file, by its type or, where the browser gives none, its name. */
export function logoTypeOf(file: Pick<File, 'type' | 'name'>): LogoType | null {
  if ((LOGO_TYPES as readonly string[]).includes(file.type)) return file.type as LogoType;
  if (/\.svg$/i.test(file.name)) return 'image/svg+xml';
  if (/\.png$/i.test(file.name)) return 'image/png';
  return null;
}

/** A chosen logo file as the API takes it, or the reason it cannot be sent. */
export async function logoOf(
  file: File,
): Promise<
  { ok: true; logo: NonNullable<BrandingUpdate['logo']> } | { ok: false; message: string }
> {
  const type = logoTypeOf(file);
  if (!type) return { ok: false, message: text.logoWrongType };
  if (file.size > MAX_LOGO_BYTES) return { ok: false, message: text.logoTooLarge };
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { ok: true, logo: { type, base64: btoa(binary) } };
  } catch {
    return { ok: false, message: text.unreadableFile };
  }
}
