/**
 * What the server tells the browser about its configuration. It holds no secret: the server
 * writes it into a `<meta name="anybank-config">` tag of index.html (no inline script, CSP).
 */
export interface PublicConfig {
  productId: string;
  basePath: string;
  host: string;
  publicUrl: string;
  companyId: string;
  retailSiteUrl: string;
  analyticsMeasurementId: string | null;
  /** The analytics sink: page views and events go there, and only with a measurement id. */
  analyticsCollectorUrl: string;
  demoHosts: string[];
  outboxEnabled: boolean;
  /** DEMO_TOOLS: off, the browser shows no link to a demo page (demo admin, outbox). */
  demoToolsEnabled: boolean;
  /**
   * PHONE_DEFAULT_COUNTRY: the country a phone number typed without `+` is read in, so that the
   * browser reads a number as the server will store it.
   */
  phoneCountry: string;
  /** Ids of the orchestration policies the browser starts itself (no secret in them). */
  policyIds: {
    registration: string;
    usernameRecovery: string;
    deviceUniqueness: string;
    qrCode: string;
    profileUpdate: string;
    signInMethod: string;
    walletPairing: string;
    phishingEmail: string;
    deleteUser: string;
    resetVerification: string;
    helpDesk: string;
  };
}

export const PUBLIC_CONFIG_META_NAME = 'anybank-config';

/**
 * The public configuration is the one document read without a zod schema (ADR 0024): the
 * browser reads it before its first render, and zod (~27 KB gzip) is kept out of the JavaScript
 * of that first page. A field's reader; `object` lists one for every field of its type, so a
 * field added to `PublicConfig` and not read here does not compile.
 */
type Read<T> = (value: unknown, path: string) => T;

function refuse(path: string, expected: string): never {
  const what = path === '' ? 'The public configuration' : `The public configuration's ${path}`;
  throw new TypeError(`${what} is not ${expected}`);
}

const string: Read<string> = (value, path) =>
  typeof value === 'string' ? value : refuse(path, 'a string');
const boolean: Read<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : refuse(path, 'true or false');
const stringOrNull: Read<string | null> = (value, path) =>
  value === null ? null : string(value, path);
const strings: Read<string[]> = (value, path) =>
  Array.isArray(value)
    ? value.map((item: unknown, index) => string(item, `${path}[${index}]`))
    : refuse(path, 'a list');

/** An object with these fields (others are dropped, as a zod object drops them). */
function object<T extends object>(fields: { [K in keyof T]-?: Read<T[K]> }): Read<T> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return refuse(path, 'an object');
    }
    const record = value as Record<string, unknown>;
    const read: Partial<T> = {};
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      read[key] = fields[key](record[key], path === '' ? key : `${path}.${key}`);
    }
    return read as T;
  };
}

const readConfig = object<PublicConfig>({
  productId: string,
  basePath: string,
  host: string,
  publicUrl: string,
  companyId: string,
  retailSiteUrl: string,
  analyticsMeasurementId: stringOrNull,
  analyticsCollectorUrl: string,
  demoHosts: strings,
  outboxEnabled: boolean,
  demoToolsEnabled: boolean,
  phoneCountry: string,
  policyIds: object<PublicConfig['policyIds']>({
    registration: string,
    usernameRecovery: string,
    deviceUniqueness: string,
    qrCode: string,
    profileUpdate: string,
    signInMethod: string,
    walletPairing: string,
    phishingEmail: string,
    deleteUser: string,
    resetVerification: string,
    helpDesk: string,
  }),
});

/**
 * The public configuration in a parsed config tag; a TypeError naming the first field that is
 * missing or of the wrong type (a server bug: the browser does not run on a guess).
 */
export function readPublicConfig(value: unknown): PublicConfig {
  return readConfig(value, '');
}
