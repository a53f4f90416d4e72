import fc from 'fast-check';
import { POLLUTION_KEYS, hostileAscii, hostileString } from './hostile-input';

/**
 * Generators of hostile request parts for the fuzz tests, built from the hostile values of
 * hostile-input.ts: query strings, path segments, headers, cookies and Authorization values.
 */

/** A query string of the endpoint's own parameters and strangers, hostile values, odd encodings. */
export function hostileQuery(names: readonly string[] = []): fc.Arbitrary<string> {
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...names, ...POLLUTION_KEYS), weight: 3 },
    { arbitrary: hostileString.filter((key) => key.length < 100), weight: 1 },
  );
  const encoded = fc
    .array(
      fc.tuple(
        name,
        hostileString.filter((value) => value.length < 5_000),
      ),
      {
        maxLength: 5,
      },
    )
    .map((pairs) => {
      const query = new URLSearchParams();
      for (const [key, value] of pairs) query.append(key, value);
      return query.toString();
    });
  const raw = fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    '%ED%A0%80',
    'a[b]=1&a[c]=2',
    'a[__proto__][x]=1',
    '__proto__[isAdmin]=true',
    'constructor[prototype][isAdmin]=true',
    '&&&===',
    'a=1&a=2&a=3',
    `${names[0] ?? 'x'}[]=1`,
    `${names[0] ?? 'x'}=`,
    `${names[0] ?? 'x'}`,
  );
  return fc.oneof({ arbitrary: encoded, weight: 4 }, { arbitrary: raw, weight: 1 });
}

/** One URL path segment: hostile text, percent-encoded, or raw broken encodings. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: hostileString
      .filter((text) => text.length > 0 && text.length < 2_000)
      .map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
    weight: 4,
  },
  {
    arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '..', '%2e%2e', '%2F'),
    weight: 1,
  },
);

/** Headers an attacker may add or bend (the endpoint's own are among them). */
export const HOSTILE_HEADER_NAMES = [
  'accept',
  'accept-language',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-request-id',
  'idempotency-key',
  'x-api-key',
  'x-instance-id',
  'x-device-timestamp',
  'x-device-signature',
  'origin',
  'referer',
  'cookie',
  'if-none-match',
  'range',
] as const;

/** The cookies the server reads (oidc-provider's, the pickup binding, remember-me). */
const COOKIE_NAMES = [
  '_interaction',
  '_interaction.sig',
  '_interaction_resume',
  '_session',
  '_session.sig',
  'anybank_pickup',
  'rememberMe',
] as const;

/** A Cookie header with the server's own cookie names and hostile, percent-encoded values. */
const hostileCookies = fc
  .array(
    fc.tuple(
      fc.constantFrom(...COOKIE_NAMES),
      fc.oneof(
        hostileAscii,
        fc.constantFrom('%00', '%FF%FE', '%E0%A4%A', '%', '"quoted"', 'a%3Bb', 'x'.repeat(5000)),
      ),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('; '));

export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...HOSTILE_HEADER_NAMES), hostileAscii), { maxLength: 4 }),
    fc.option(hostileCookies, { nil: undefined, freq: 4 }),
  )
  .map(([pairs, cookie]) => ({
    ...Object.fromEntries(pairs),
    ...(cookie === undefined ? {} : { cookie }),
  }));

/** What an Authorization header may hold instead of a good token. */
export function hostileAuthorization(goodToken: string | null): fc.Arbitrary<string> {
  const variants: fc.Arbitrary<string>[] = [
    hostileAscii.map((text) => `Bearer ${text}`),
    hostileAscii.map((text) => `Basic ${Buffer.from(text).toString('base64')}`),
    hostileAscii,
    fc.constantFrom('Bearer', 'Bearer ', 'bearer x', 'Bearer a.b.c', 'Bearer ..', 'Negotiate x'),
  ];
  if (goodToken) {
    // A character changed in the signed part (the header or the claims). Not in the signature:
    // its last base64url character carries padding bits, so some changes there decode to the
    // very same signature and the token stays genuine.
    const signed = goodToken.lastIndexOf('.');
    variants.push(
      fc
        .nat({ max: Math.max(0, signed - 1) })
        .filter((at) => goodToken[at] !== '.')
        .map(
          (at) =>
            `Bearer ${goodToken.slice(0, at)}${goodToken[at] === 'A' ? 'B' : 'A'}${goodToken.slice(at + 1)}`,
        ),
      fc.constant(`Bearer ${goodToken}${'A'.repeat(3)}`),
      fc.constant(`Bearer  ${goodToken}`),
    );
  }
  return fc.oneof(...variants);
}
