import { PHONE_OFFER_PARAM, PHONE_PRESENTATION_PARAM } from '@anybank/contracts';

/**
 * Reading what is opened in the phone's wallet (ADR 0027): an OpenID4VCI credential offer
 * (`openid-credential-offer://?credential_offer=<JSON>`), an OpenID4VP request
 * (`openid4vp://?client_id=…&request_uri=…`), or either as the `/mobile#…` link that carries it.
 * DOM-free and pure.
 */

export const PRE_AUTHORIZED_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

export interface CredentialOffer {
  credentialIssuer: string;
  configurationIds: string[];
  preAuthorizedCode: string;
  /** The transaction code the wallet must ask for, or null when the offer needs none. */
  txCode: { length: number | null; numeric: boolean; description: string | null } | null;
}

export interface PresentationLink {
  clientId: string;
  requestUri: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of `param` in an address fragment (`#a=…&b=…`), or null when absent or empty. */
export function fragmentParam(hash: string, param: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(param);
  return value === null || value === '' ? null : value;
}

/** The query of `scheme://?…`, or of the fragment of a `/mobile#param=…` link holding one. */
function queryOf(text: string, scheme: string, param: string): URLSearchParams | null {
  let link = text.trim();
  const hashAt = link.indexOf('#');
  if (!link.startsWith(scheme) && hashAt >= 0) {
    link = fragmentParam(link.slice(hashAt), param) ?? '';
  }
  if (!link.startsWith(`${scheme}?`) && !link.startsWith(`${scheme}/?`)) return null;
  return new URLSearchParams(link.slice(link.indexOf('?') + 1));
}

function offerFrom(json: unknown): CredentialOffer | null {
  if (!isObject(json) || typeof json.credential_issuer !== 'string') return null;
  const ids = json.credential_configuration_ids;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
    return null;
  }
  const grant = isObject(json.grants) ? json.grants[PRE_AUTHORIZED_GRANT] : undefined;
  if (!isObject(grant) || typeof grant['pre-authorized_code'] !== 'string') return null;
  const tx = grant.tx_code;
  if (tx !== undefined && !isObject(tx)) return null;
  return {
    credentialIssuer: json.credential_issuer,
    configurationIds: ids as string[],
    preAuthorizedCode: grant['pre-authorized_code'],
    txCode: tx
      ? {
          length: typeof tx.length === 'number' ? tx.length : null,
          numeric: tx.input_mode === undefined || tx.input_mode === 'numeric',
          description: typeof tx.description === 'string' ? tx.description : null,
        }
      : null,
  };
}

/** An offer by value with the pre-authorized code grant, from any of its forms; else null. */
export function parseCredentialOffer(text: string): CredentialOffer | null {
  const query = queryOf(text, 'openid-credential-offer://', PHONE_OFFER_PARAM);
  const json = query?.get('credential_offer') ?? null;
  if (json === null) return null;
  try {
    return offerFrom(JSON.parse(json));
  } catch {
    return null;
  }
}

/** An OpenID4VP request by reference, from either of its forms; else null. */
export function parsePresentationLink(text: string): PresentationLink | null {
  const query = queryOf(text, 'openid4vp://', PHONE_PRESENTATION_PARAM);
  const clientId = query?.get('client_id');
  const requestUri = query?.get('request_uri');
  if (!clientId || !requestUri) return null;
  try {
    const url = new URL(requestUri);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  } catch {
    return null;
  }
  return { clientId, requestUri };
}

/** Whether `url` is on this site (its origin and under its base path): the wallet's bank. */
export function isOnSite(url: string, site: string): boolean {
  try {
    const target = new URL(url);
    const base = new URL(site);
    const path = base.pathname.replace(/\/$/, '');
    return (
      target.origin === base.origin &&
      (target.pathname === path || target.pathname.startsWith(`${path}/`) || path === '')
    );
  } catch {
    return false;
  }
}
