import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AUDIENCE, OAUTH_PATHS, SCOPES } from '@anybank/contracts';
import { TRANSFER_APPROVAL_CLIENT_ID } from '../src/modules/identity/oauth/ciba';
import {
  SERVICE_CLIENT_ID,
  serviceClientSecret,
} from '../src/modules/identity/oauth/oauth.clients';
import { startBankingServer, userIdOf } from './banking-server';
import { discoverAs, refusal } from './relying-party';
import { SignInDriver, type Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { TestPhone } from './test-phone';

/**
 * openid-client (panva) as the bank's server-side clients: client credentials, and CIBA in
 * poll mode with the customer's phone app deciding. The server names no polling interval, and
 * the library would then wait the specification's default (5 s) before each poll; the tests hand
 * it a one-second interval (`polledEverySecond`), so that a poll costs one second, not five.
 */

/**
 * The backchannel answer with a one-second polling interval where the server names none:
 * openid-client waits `interval` seconds before each token request. The server answers every
 * poll the same way whatever the pace (oidc-provider sends no slow_down for CIBA), so only the
 * test's waiting shrinks. An interval the server does name is kept.
 */
function polledEverySecond(
  started: oidc.BackchannelAuthenticationResponse,
): oidc.BackchannelAuthenticationResponse {
  return { ...started, interval: started.interval ?? 1 };
}

/**
 * Watches the client's token requests: `pending` resolves once the server has answered a poll
 * with authorization_pending, so the phone decides only after the client has been kept waiting.
 */
function watchPolls(config: oidc.Configuration) {
  let sawPending: () => void = () => undefined;
  const pending = new Promise<void>((resolve) => {
    sawPending = resolve;
  });
  const errors: string[] = [];
  config[oidc.customFetch] = async (url, options) => {
    const response = await fetch(url, options);
    if (new URL(url).pathname === OAUTH_PATHS.token && response.status !== 200) {
      const { error } = (await response.clone().json()) as { error?: string };
      errors.push(error ?? '');
      if (error === 'authorization_pending') sawPending();
    }
    return response;
  };
  return { pending, errors };
}

// One database (API_DATABASES): OpenID conformance over HTTP.
describe.each(API_DATABASES)('openid-client as the bank server-side clients on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let phone: TestPhone;
  let johnId = '';
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    phone = new TestPhone(origin);
    await phone.activate('john.smith', 'john.smith@example.com', new SignInDriver(origin));
    johnId = await userIdOf(test, 'john.smith');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  /** The client's secret as the server derives it from its own (generated) signing secret. */
  const secretOf = (clientId: string) =>
    serviceClientSecret(server.services.keys.secrets, clientId);

  async function phoneRequest() {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const request = (await phone.pending()).requests[0];
      if (request) return request;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the phone never received the request');
  }

  it('gets a client-credentials token for the APIs with the scopes the service client may hold', async () => {
    const config = await discoverAs(
      origin,
      SERVICE_CLIENT_ID,
      oidc.ClientSecretBasic(secretOf(SERVICE_CLIENT_ID)),
    );
    const tokens = await oidc.clientCredentialsGrant(config, {
      scope: `${SCOPES.directory} ${SCOPES.consentAdmin}`,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope?.split(' ').sort()).toEqual([SCOPES.consentAdmin, SCOPES.directory]);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: API_AUDIENCE,
      client_id: SERVICE_CLIENT_ID,
      iss: origin,
    });
    expect(tokens.id_token).toBeUndefined();
  });

  it('refuses client credentials with a wrong secret, and to a client without that grant', async () => {
    const wrongSecret = await discoverAs(
      origin,
      SERVICE_CLIENT_ID,
      oidc.ClientSecretBasic('not-the-secret'),
    );
    // RFC 6749 §5.2: a client that authenticated with the Authorization header is told why in
    // a WWW-Authenticate challenge of its scheme.
    expect(await refusal(oidc.clientCredentialsGrant(wrongSecret))).toMatchObject({
      status: 401,
      cause: [{ scheme: 'basic', parameters: { error: 'invalid_client' } }],
    });
    const cibaOnly = await discoverAs(
      origin,
      TRANSFER_APPROVAL_CLIENT_ID,
      oidc.ClientSecretBasic(secretOf(TRANSFER_APPROVAL_CLIENT_ID)),
    );
    // oidc-provider answers invalid_request here where RFC 6749 §5.2 names unauthorized_client:
    // the grant is refused all the same (docs/conformance.md lists the difference).
    expect(await refusal(oidc.clientCredentialsGrant(cibaOnly))).toMatchObject({
      status: 400,
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    });
  });

  it('polls a CIBA request while the phone has not decided, and gets john.smith’s ID token once it approves', async () => {
    const config = await discoverAs(
      origin,
      TRANSFER_APPROVAL_CLIENT_ID,
      oidc.ClientSecretBasic(secretOf(TRANSFER_APPROVAL_CLIENT_ID)),
    );
    const polls = watchPolls(config);
    const started = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid',
      login_hint: johnId,
      binding_message: 'Conformance check 4711',
    });
    expect(started.auth_req_id).toBeTruthy();
    const tokens = oidc.pollBackchannelAuthenticationGrant(config, polledEverySecond(started));

    const request = await phoneRequest();
    expect(request.context).toMatchObject({ details: { Transfer: 'Conformance check 4711' } });
    await polls.pending;
    expect((await phone.decide(request.id, 'approve')).status).toBe(204);

    const approved = await tokens;
    expect(polls.errors[0]).toBe('authorization_pending');
    expect(approved.claims()).toMatchObject({
      sub: johnId,
      aud: TRANSFER_APPROVAL_CLIENT_ID,
      iss: origin,
    });
  });

  it('ends the CIBA poll with access_denied when the phone declines', async () => {
    const config = await discoverAs(
      origin,
      TRANSFER_APPROVAL_CLIENT_ID,
      oidc.ClientSecretBasic(secretOf(TRANSFER_APPROVAL_CLIENT_ID)),
    );
    const started = await oidc.initiateBackchannelAuthentication(config, {
      scope: 'openid',
      login_hint: johnId,
      binding_message: 'Conformance check 4712',
    });
    expect((await phone.decide((await phoneRequest()).id, 'deny')).status).toBe(204);
    expect(
      await refusal(oidc.pollBackchannelAuthenticationGrant(config, polledEverySecond(started))),
    ).toMatchObject({
      error: 'access_denied',
    });
  });

  it('refuses a CIBA request for someone without an activated phone app', async () => {
    const config = await discoverAs(
      origin,
      TRANSFER_APPROVAL_CLIENT_ID,
      oidc.ClientSecretBasic(secretOf(TRANSFER_APPROVAL_CLIENT_ID)),
    );
    const refused = await refusal(
      oidc.initiateBackchannelAuthentication(config, {
        scope: 'openid',
        login_hint: randomUUID(),
        binding_message: 'Conformance check 4713',
      }),
    );
    expect(refused).toMatchObject({ error: 'invalid_request', status: 400 });
  });
});
