import {
  API_AUDIENCE,
  BANK_CLIENT,
  OAUTH_PATHS,
  PARTNER_CLIENTS,
  SCOPES,
  type BrowserClient,
} from '@anybank/contracts';
import type { ServerSecrets } from '../src/modules/identity/keys/keys.service';
import {
  SERVICE_CLIENT_ID,
  serviceClientSecret,
} from '../src/modules/identity/oauth/oauth.clients';
import { SignInDriver } from './sign-in-driver';

/** The seeded staff of each partner portal (apps/server/src/seed/demo-data.ts). */
export const PARTNER_STAFF = {
  AnyWealthAdvisor: 'amy.davis',
  AnyMarketing: 'maria.lopez',
  CustomerServiceRep: 'sam.rivera',
} as const;

/**
 * A seeded user's access token from a real sign-in (password, then the e-mailed code) through
 * the client of their portal: partners through their own, customers through the bank's site.
 */
export async function signedInToken(
  origin: string,
  uid: string,
  client: BrowserClient = BANK_CLIENT,
): Promise<string> {
  const driver = new SignInDriver(origin, client);
  const landing = await driver.signInWithPasswordAndEmail(uid, `${uid}@example.com`);
  const response = await driver.token(landing.searchParams.get('code') ?? '');
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no access token for ${uid}: ${response.status}`);
  return body.access_token;
}

export function partnerToken(
  origin: string,
  userType: keyof typeof PARTNER_STAFF,
): Promise<string> {
  return signedInToken(origin, PARTNER_STAFF[userType], PARTNER_CLIENTS[userType]);
}

/**
 * An application's token (client credentials, the bank's own server-side client) that carries
 * the very scopes the partner APIs ask for, but speaks for no person.
 */
export async function applicationToken(
  origin: string,
  secrets: Pick<ServerSecrets, 'signingSecret'>,
): Promise<string> {
  const credentials = Buffer.from(`${SERVICE_CLIENT_ID}:${serviceClientSecret(secrets)}`).toString(
    'base64',
  );
  const response = await fetch(new URL(OAUTH_PATHS.token, origin), {
    method: 'POST',
    headers: {
      authorization: `Basic ${credentials}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: `${SCOPES.directory} ${SCOPES.consentAdmin}`,
      resource: API_AUDIENCE,
    }),
  });
  const body = (await response.json()) as { access_token?: string; scope?: string };
  if (!body.access_token)
    throw new Error(`no application token: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}
