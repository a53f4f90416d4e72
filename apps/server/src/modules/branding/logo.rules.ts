import { MAX_LOGO_BYTES, type LogoType, brandingMessages } from '@anybank/contracts';

const reasons = brandingMessages.logoReasons;

/**
 * What an uploaded logo may be (issue 15 §5, ADR 0020): a PNG that really is one, or an SVG
 * that is only a drawing. The logo is shown through <img> (where SVG scripts never run) and
 * served with a Content-Security-Policy that forbids them anyway; refusing scripts, event
 * handlers and anything fetched from elsewhere here keeps the stored file harmless when it is
 * opened directly, downloaded or used elsewhere.
 */

/** The eight bytes every PNG file starts with (PNG specification §5.2). */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Why a logo is refused, in words that finish "This logo cannot be used: …". */
export type LogoVerdict = { ok: true } | { ok: false; reason: string };

const SVG_REFUSALS: { pattern: RegExp; reason: string }[] = [
  { pattern: /<!DOCTYPE|<!ENTITY/i, reason: reasons.declarations },
  { pattern: /<script/i, reason: reasons.scripts },
  {
    pattern: /\son[a-z]+\s*=/i,
    reason: reasons.handlers,
  },
  { pattern: /javascript:/i, reason: reasons.javascriptUrl },
  {
    pattern: /<(foreignObject|iframe|embed|object|audio|video|animate|set)\b/i,
    reason: reasons.embedded,
  },
  {
    // Only references inside the file itself (#id) are allowed: no other file, site or data.
    pattern: /\b(?:xlink:)?href\s*=\s*["'](?!\s*#)/i,
    reason: reasons.outside,
  },
  {
    pattern: /url\((?!\s*["']?\s*#)/i,
    reason: reasons.outside,
  },
  { pattern: /@import/i, reason: reasons.outside },
  { pattern: /<\?xml-stylesheet/i, reason: reasons.outside },
];

function svgVerdict(bytes: Uint8Array): LogoVerdict {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: reasons.notUtf8 };
  }
  // The root element, after an optional XML declaration and comments, must be <svg>.
  const start = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  for (const { pattern, reason } of SVG_REFUSALS) {
    if (pattern.test(text)) return { ok: false, reason };
  }
  if (!/^<svg[\s>]/i.test(start)) return { ok: false, reason: reasons.notSvg };
  return { ok: true };
}

function pngVerdict(bytes: Uint8Array): LogoVerdict {
  const signed = PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
  // The first chunk after the signature is the image header (length 13, type IHDR).
  const header = String.fromCharCode(...bytes.subarray(12, 16));
  return signed && header === 'IHDR' ? { ok: true } : { ok: false, reason: reasons.notPng };
}

/** Whether the bytes may be the bank's logo of the given type. */
export function logoVerdict(type: LogoType, bytes: Uint8Array): LogoVerdict {
  if (bytes.length === 0) return { ok: false, reason: reasons.empty };
  if (bytes.length > MAX_LOGO_BYTES) {
    return { ok: false, reason: reasons.tooLarge };
  }
  return type === 'image/png' ? pngVerdict(bytes) : svgVerdict(bytes);
}

/**
 * How the logo is served: the type it was checked as, never sniffed, and for SVG a policy
 * under which nothing in it runs or loads (inline styles are a drawing's own, and allowed).
 */
export function logoResponseHeaders(type: LogoType): Record<string, string> {
  return {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'content-security-policy':
      type === 'image/svg+xml'
        ? "default-src 'none'; style-src 'unsafe-inline'; sandbox"
        : "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
  };
}
