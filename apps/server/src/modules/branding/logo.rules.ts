import { MAX_LOGO_BYTES, type LogoType, brandingMessages } from '@anybank/contracts';

const reasons = brandingMessages.logoReasons;

/**
 * What an uploaded logo may be (ADR 0020): a PNG that really is one, or an SVG
 * that is only a drawing.
 *
 * The control that keeps an SVG harmless is how it is served, not this check: it is only ever
 * an image — shown through <img> (where nothing in an SVG runs or loads), sent with
 * `Content-Disposition: attachment` (opened directly, a browser saves it rather than render it
 * on the bank's origin), `nosniff`, and a Content-Security-Policy under which nothing runs or
 * loads even if it were rendered (logoResponseHeaders). The check below is a second line: a
 * text filter cannot parse XML and CSS as a browser does, so it refuses what it finds after
 * undoing the two encodings that hide a word from it — XML character references (`&#117;rl(`)
 * and CSS escapes (`u\72l(`, `@\69mport`) — and it is not relied on alone.
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

/** XML character references (`&#117;`, `&#x75;`) as the characters they stand for. */
function withoutCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|[0-9]+);?/gi, (reference, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : reference;
  });
}

/**
 * CSS escapes (CSS Syntax §4.3.7) as the characters they stand for: `\` with 1-6 hex digits
 * and one optional white space, or `\` with any other character; and CSS comments gone.
 */
function withoutCssEscapes(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (escape, hex: string) => {
      const point = parseInt(hex, 16);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : escape;
    })
    .replace(/\\([^\n0-9a-f])/gi, '$1');
}

/** The text as a browser's XML and CSS parsers read it, for the refusals to look at. */
function decodedForRefusals(text: string): string {
  return withoutCssEscapes(withoutCharacterReferences(text));
}

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
  const decoded = decodedForRefusals(text);
  for (const { pattern, reason } of SVG_REFUSALS) {
    if (pattern.test(text) || pattern.test(decoded)) return { ok: false, reason };
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
 * How the logo is served — the control that keeps it harmless (see the top of this file): the
 * type it was checked as, never sniffed; an attachment, so that a browser opening its address
 * saves it instead of rendering it as a page of the bank's origin (an <img> shows it all the
 * same); and for SVG a policy under which nothing in it runs or loads (inline styles are a
 * drawing's own, and allowed).
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
    'content-disposition': `attachment; filename="logo.${type === 'image/png' ? 'png' : 'svg'}"`,
  };
}
