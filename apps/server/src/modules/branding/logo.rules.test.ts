import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_LOGO_BYTES } from '@anybank/contracts';
import { defaultLogoSvg } from './default-logo';
import { logoResponseHeaders, logoVerdict } from './logo.rules';

const svg = (inner: string, attributes = '') =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inner}</svg>`,
  );

/** A real 1×1 PNG: signature, IHDR, IDAT, IEND (CRCs are not checked by the rule). */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an SVG logo', () => {
  it.each([
    ['a plain drawing', svg('<rect width="10" height="10" fill="#123456"/>')],
    ['the default mark', new TextEncoder().encode(defaultLogoSvg('#0a3d7a'))],
    [
      'an XML declaration and a comment first',
      new TextEncoder().encode(
        `<?xml version="1.0"?>\n<!-- made by hand -->\n${defaultLogoSvg('#000000')}`,
      ),
    ],
    [
      'a gradient referred to inside the file',
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
          '<rect fill="url(#g)" width="10" height="10"/><use href="#g"/><use xlink:href=\'#g\'/>',
      ),
    ],
    ['inline styles', svg('<rect style="fill: #123456" width="10" height="10"/>')],
  ])('is accepted: %s', (_name, bytes) => {
    expect(logoVerdict('image/svg+xml', bytes)).toEqual({ ok: true });
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>'), 'scripts'],
    ['a SCRIPT in capitals', svg('<SCRIPT>alert(1)</SCRIPT>'), 'scripts'],
    ['an onload handler', svg('', ' onload="alert(1)"'), 'event handlers'],
    ['an onclick handler on a shape', svg('<rect onclick = "x()"/>'), 'event handlers'],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>'), 'javascript:'],
    [
      'an image from another site',
      svg('<image href="https://evil.example/x.png"/>'),
      'other files',
    ],
    ['an xlink:href to a file', svg('<use xlink:href="other.svg#a"/>'), 'other files'],
    ['a data: image', svg('<image href="data:image/png;base64,AAAA"/>'), 'other files'],
    [
      'a CSS url() to a site',
      svg('<rect style="fill:url(https://evil.example/a)"/>'),
      'other files',
    ],
    ['a quoted url() to a file', svg('<rect fill="url(\'x.svg#a\')"/>'), 'other files'],
    ['a style @import', svg('<style>@import "https://evil.example/a.css";</style>'), 'other files'],
    // CSS escapes and XML character references hide a word from a text filter, not from the
    // browser's parsers: each is undone before the refusals look.
    [
      'a url() written with a CSS hex escape',
      svg('<rect style="fill:u\\72l(https://evil.example/a)"/>'),
      'other files',
    ],
    [
      'a url() written with a CSS hex escape and its space',
      svg('<style>rect{fill:\\75 rl(https://evil.example/a)}</style>'),
      'other files',
    ],
    [
      'a url() written with a CSS character escape',
      svg('<rect style="fill:\\u\\r\\l(https://evil.example/a)"/>'),
      'other files',
    ],
    [
      'an @import written with a CSS escape',
      svg('<style>@\\69mport "https://evil.example/a.css";</style>'),
      'other files',
    ],
    [
      'a url() written with XML character references',
      svg('<rect style="fill:&#117;&#x72;l(https://evil.example/a)"/>'),
      'other files',
    ],
    [
      'a url() split by a CSS comment',
      svg('<style>rect{fill:url/**/(https://evil.example/a)}</style>'),
      'other files',
    ],
    [
      'a javascript: link written with character references',
      svg('<a href="#x"/><a xlink:href="jav&#x61;script:alert(1)"><rect/></a>'),
      'javascript:',
    ],
    ['embedded HTML', svg('<foreignObject><div/></foreignObject>'), 'embed'],
    [
      'an entity declaration',
      new TextEncoder().encode('<!DOCTYPE svg [<!ENTITY a "b">]><svg/>'),
      'DOCTYPE',
    ],
    ['HTML, not SVG', new TextEncoder().encode('<html><body>hi</body></html>'), 'not an SVG'],
    ['bytes that are not UTF-8', new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]), 'UTF-8'],
    ['an empty file', new Uint8Array(), 'empty'],
    ['a PNG sent as SVG', tinyPng(), 'UTF-8'],
  ])('is refused: %s', (_name, bytes, reason) => {
    const verdict = logoVerdict('image/svg+xml', bytes);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toContain(reason);
  });

  it('is refused above the size limit, and accepted at it', () => {
    const padding = (length: number) => `<!--${'x'.repeat(length)}-->`;
    const base = svg(padding(0)).length;
    expect(logoVerdict('image/svg+xml', svg(padding(MAX_LOGO_BYTES - base))).ok).toBe(true);
    const verdict = logoVerdict('image/svg+xml', svg(padding(MAX_LOGO_BYTES - base + 1)));
    expect(verdict).toEqual({ ok: false, reason: 'the file is larger than 100 KB' });
  });
});

describe('a PNG logo', () => {
  it('is accepted with the PNG signature and its header chunk', () => {
    expect(logoVerdict('image/png', tinyPng())).toEqual({ ok: true });
  });

  it.each([
    ['an SVG sent as PNG', svg('<rect/>')],
    ['a GIF', new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000')],
    ['a signature without a header', tinyPng().subarray(0, 8)],
    [
      'a damaged signature',
      Uint8Array.from(tinyPng(), (byte, index) => (index === 1 ? 0x51 : byte)),
    ],
  ])('is refused: %s', (_name, bytes) => {
    expect(logoVerdict('image/png', bytes)).toEqual({
      ok: false,
      reason: 'this is not a PNG image',
    });
  });
});

describe('serving the logo', () => {
  it('names its type, forbids sniffing, and lets nothing in an SVG run or load', () => {
    const headers = logoResponseHeaders('image/svg+xml');
    expect(headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'x-content-type-options': 'nosniff',
    });
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['content-security-policy']).toContain('sandbox');
    expect(headers['content-security-policy']).not.toContain('script-src');
    // Opened by its address, it is saved, never rendered as a page of the bank.
    expect(headers['content-disposition']).toBe('attachment; filename="logo.svg"');
    expect(logoResponseHeaders('image/png')['content-type']).toBe('image/png');
    expect(logoResponseHeaders('image/png')['content-disposition']).toBe(
      'attachment; filename="logo.png"',
    );
  });

  it('draws the default mark only in a checked colour', () => {
    expect(defaultLogoSvg('#1b5e20')).toContain('fill="#1b5e20"');
    expect(() => defaultLogoSvg('"/><script>')).toThrow();
  });
});
