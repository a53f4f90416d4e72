import type { Configuration } from 'oidc-provider';
import { WALLET_CLIENT_ID } from '@anybank/contracts';

/**
 * How oidc-provider's HTTP meets the browser and the network: which web origins may call it
 * for a client (CORS), and how it calls out (back-channel logout tokens).
 */

/**
 * Which web origins may call the token endpoint for a client: a public client's own pages (its
 * redirect URIs), as oidc-provider's default; and the phone's wallet, which runs on the bank's
 * own site (/mobile, ADR 0027) and has no redirect URI.
 */
export function clientBasedCors(siteOrigin: string): NonNullable<Configuration['clientBasedCORS']> {
  return (ctx, origin, client) => {
    if (origin === 'null') return false;
    if (client.clientId === WALLET_CLIENT_ID) return origin === siteOrigin;
    if (ctx.oidc.route !== 'userinfo' && client.clientAuthMethod !== 'none') return false;
    return (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin);
  };
}

/**
 * oidc-provider posts back-channel logout tokens through an SSRF guard that refuses
 * special-use addresses (loopback among them). The bank's clients are its own static
 * registrations, and the shop lives on this server (on localhost in the demo): a call to the
 * bank's own origin goes without the guard; any other keeps it (ADR 0028).
 */
export function ownOriginUnguardedFetch(siteOrigin: string): NonNullable<Configuration['fetch']> {
  return (url, options) => {
    if (URL.parse(String(url))?.origin !== siteOrigin) return fetch(url, options);
    const unguarded: RequestInit & { dispatcher?: unknown } = { ...options };
    delete unguarded.dispatcher;
    return fetch(url, unguarded);
  };
}
