import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_AUDIENCE,
  ASSISTANT_SCOPES,
  ASSISTANT_SCOPE_LIST,
  BALANCES_API_PATH,
  CONNECTED_APPS_API_PATH,
  MCP_PATH,
  MCP_RESOURCE_METADATA_PATH,
  OAUTH_CONSENT_API_PATH,
  OAUTH_CONSENT_PAGE_PATH,
  OAUTH_PATHS,
  XSRF_HEADER,
  consentDecisionResponseSchema,
  consentRequestSchema,
} from '@anybank/contracts';
import { customerToken, startBankingServer } from './banking-server';
import { arriveAtRedirectUri, openAuthorization } from './relying-party';
import { PERSON_RISK_PAYLOAD, SignInDriver, type Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * The MCP TypeScript SDK's client (code this project does not write) as an AI assistant:
 * from `/mcp`'s 401 it finds the protected resource metadata (RFC 9728) and the bank's
 * authorization server, registers itself (RFC 7591), and gets jane's token by the authorization
 * code flow with PKCE and `resource` (RFC 8707), all by its own rules; the test plays only
 * jane's browser (her sign-in and her consent).
 */

const JANE = { username: 'jane.doe', email: 'jane.doe@example.com', password: 'Welcome2Bank!' };
const ASSISTANT_NAME = 'Pocket Assistant';
/** Where the assistant wants the code: never fetched (the browser stops there). */
const REDIRECT_URI = 'http://127.0.0.1:1/oauth/callback';

/** The SDK's OAuth client storage, in memory, and the authorization URL it asked to open. */
class AssistantAuth implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | null = null;

  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: ASSISTANT_NAME,
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.client = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * jane's browser: she signs in where the assistant sent her, and allows it (unless she did
 * before: then no consent page); answers the code and what the consent page asked.
 */
async function janeAllows(
  origin: string,
  authorizationUrl: URL,
): Promise<{ code: string; consent: { appName: string; scopes: string[] } | null }> {
  const driver = new SignInDriver(origin);
  await openAuthorization(driver, authorizationUrl);
  await driver.read();
  await driver.post('submitIdentifier', {
    identifier: JANE.username,
    riskPayload: PERSON_RISK_PAYLOAD,
  });
  const afterPassword = await driver.post('checkUsernamePassword', {
    username: JANE.username,
    password: JANE.password,
  });
  if (afterPassword.body.status === 'DEVICE_SELECTION_REQUIRED') {
    const device = afterPassword.body.devices?.find((candidate) => candidate.type === 'Email');
    await driver.post({ action: 'selectDevice' }, { deviceRef: { id: device?.id } });
  }
  await driver.post({ action: 'checkOtp' }, { otp: await driver.latestCode(JANE.email) });
  const { url: page } = await driver.browser.navigate(await driver.continueToResume());
  if (page.href.startsWith(REDIRECT_URI)) {
    return { code: page.searchParams.get('code') ?? '', consent: null };
  }
  expect(page.pathname).toBe(OAUTH_CONSENT_PAGE_PATH);
  const interaction = page.searchParams.get('interaction') ?? '';
  const asked = await driver.browser.fetch(
    `${OAUTH_CONSENT_API_PATH}?${new URLSearchParams({ interaction })}`,
  );
  expect(asked.status).toBe(200);
  const consent = consentRequestSchema.parse(await asked.json());
  const decided = await driver.browser.fetch(OAUTH_CONSENT_API_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify({ interaction, decision: 'allow' }),
  });
  expect(decided.status).toBe(200);
  const { redirectTo } = consentDecisionResponseSchema.parse(await decided.json());
  const landing = await arriveAtRedirectUri(driver.browser, redirectTo, REDIRECT_URI);
  expect(landing.searchParams.get('error')).toBeNull();
  return { code: landing.searchParams.get('code') ?? '', consent };
}

// One database (API_DATABASES): MCP authorization conformance over HTTP.
describe.each(API_DATABASES)('the MCP SDK’s client as an assistant of jane on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let mcpUrl: URL;
  const auth = new AssistantAuth();
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    mcpUrl = new URL(MCP_PATH, origin);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const mcp = (token: string, body: unknown) =>
    fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(body),
    });

  it('answers 401 naming its protected resource metadata, which names the bank as authorization server', async () => {
    const answer = await mcp('', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(answer.status).toBe(401);
    const metadataUrl = `${origin}${MCP_RESOURCE_METADATA_PATH}`;
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadataUrl}"`,
    );
    const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      resource: mcpUrl.href,
      authorization_servers: [origin],
      scopes_supported: ASSISTANT_SCOPE_LIST,
    });
  });

  it('registers, gets jane’s consent and a token for /mcp alone, lists the tools and reads her balances', async () => {
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth });
    // The SDK meets the 401, discovers, registers and sends jane's browser to sign in.
    await expect(new Client({ name: 'pocket', version: '1.0.0' }).connect(first)).rejects.toThrow(
      /Unauthorized/,
    );
    const clientId = auth.client?.client_id ?? '';
    expect(clientId).toMatch(/^assistant-/);
    const authorizationUrl = auth.authorizationUrl;
    if (!authorizationUrl) throw new Error('the SDK asked for no authorization');
    expect(authorizationUrl.searchParams.get('resource')).toBe(mcpUrl.href);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const { code, consent } = await janeAllows(origin, authorizationUrl);
    // The consent page names the assistant (as its own claim) and what it may do.
    expect(consent?.appName).toContain(ASSISTANT_NAME);
    expect(consent?.appName).toContain('AnyBank has not checked its name');
    expect([...(consent?.scopes ?? [])].sort()).toEqual([...ASSISTANT_SCOPE_LIST].sort());

    await first.finishAuth(code);
    const token = decodeJwt(auth.saved?.access_token ?? '');
    expect(token.aud).toBe(mcpUrl.href);
    expect(token.act).toEqual({ sub: clientId, client_name: ASSISTANT_NAME });

    const client = new Client({ name: 'pocket', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool._meta?.['anybank/scope']])).toEqual([
      ['list_accounts', 'assistant.accounts'],
      ['search_transactions', 'assistant.transactions'],
      ['list_payees', 'assistant.payees'],
    ]);
    const balances = await client.callTool({ name: 'list_accounts' });
    expect(balances.isError).toBeFalsy();
    const accounts = (balances.structuredContent as { accounts: { name: string }[] }).accounts;
    expect(accounts.length).toBeGreaterThan(0);
    const text = (balances.content as { type: string; text: string }[])[0]?.text ?? '';
    expect(text).toContain(accounts[0]?.name ?? '(none)');
    expect(text).toMatch(/\$\d/);

    // Each account's monthly statements are a resource; jane's checking account has months.
    const { resources } = await client.listResources();
    expect(resources).toHaveLength(accounts.length);
    const [statements] = (await client.readResource({ uri: resources[0]?.uri ?? '' })).contents;
    expect(statements && 'text' in statements ? statements.text : '').toMatch(
      /^\d{4}-\d{2}: opening -?\$[\d,]+\.\d{2}, in /m,
    );
    await client.close();

    // Connected apps lists the assistant by its name, with Revoke.
    const apps = await fetch(new URL(CONNECTED_APPS_API_PATH, origin), {
      headers: { authorization: `Bearer ${await customerToken(origin, JANE.username)}` },
    });
    const listed = (await apps.json()) as {
      apps: { clientId: string; name: string; lastUsed?: { what: string } }[];
    };
    const listedApp = listed.apps.find((app) => app.clientId === clientId);
    expect(listedApp?.name).toContain(ASSISTANT_NAME);
    // With what it did last: the statements it read after the balances.
    expect(listedApp?.lastUsed?.what).toBe('statements');
  });

  it('refuses the /mcp token at the banking API, and the banking API’s token at /mcp', async () => {
    const mcpToken = auth.saved?.access_token ?? '';
    expect(mcpToken).not.toBe('');
    const atBanking = await fetch(new URL(BALANCES_API_PATH, origin), {
      headers: { authorization: `Bearer ${mcpToken}` },
    });
    expect(atBanking.status).toBe(401);

    const bankingToken = await customerToken(origin, JANE.username);
    // Good at the banking API first (its check remembered), and still refused at /mcp.
    const atBankingFirst = await fetch(new URL(BALANCES_API_PATH, origin), {
      headers: { authorization: `Bearer ${bankingToken}` },
    });
    expect(atBankingFirst.status).toBe(200);
    const atMcp = await mcp(bankingToken, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(atMcp.status).toBe(401);
    expect(atMcp.headers.get('www-authenticate')).toContain('resource_metadata=');
    // The SDK's client with the banking token is refused too (no way around the audience).
    const stolen = new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { authorization: `Bearer ${bankingToken}` } },
    });
    await expect(
      new Client({ name: 'pocket', version: '1.0.0' }).connect(stolen),
    ).rejects.toBeInstanceOf(StreamableHTTPError);
  });

  it('asks for the scope a tool call lacks (403 insufficient_scope), and the tool is not run', async () => {
    // jane allowed all three scopes before: a request for one of them asks her nothing more.
    const narrow = new AssistantAuth();
    narrow.client = auth.client;
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: narrow });
    await expect(
      new Client({ name: 'pocket', version: '1.0.0' }).connect(transport),
    ).rejects.toThrow(/Unauthorized/);
    const url = narrow.authorizationUrl;
    if (!url) throw new Error('the SDK asked for no authorization');
    url.searchParams.set('scope', ASSISTANT_SCOPES.accounts);
    const { code, consent } = await janeAllows(origin, url);
    expect(consent).toBeNull();
    await transport.finishAuth(code);
    expect(narrow.saved?.scope).toBe(ASSISTANT_SCOPES.accounts);

    const answer = await mcp(narrow.saved?.access_token ?? '', {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'list_payees', arguments: {} },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toContain(
      `error="insufficient_scope", scope="${ASSISTANT_SCOPES.payees}"`,
    );
    expect(await answer.json()).toMatchObject({ code: 'missing_scope' });
    // Nor are the statements read without the transactions' scope.
    const statements = await mcp(narrow.saved?.access_token ?? '', {
      jsonrpc: '2.0',
      id: 3,
      method: 'resources/read',
      params: { uri: 'anybank://accounts/any/statements' },
    });
    expect(statements.status).toBe(403);
  });

  it('registers public clients only, and never gives an assistant the banking API', async () => {
    const register = (metadata: Record<string, unknown>) =>
      fetch(new URL(OAUTH_PATHS.registration, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Greedy', redirect_uris: [REDIRECT_URI], ...metadata }),
      });
    for (const greedy of [
      { token_endpoint_auth_method: 'client_secret_basic' },
      { token_endpoint_auth_method: 'none', grant_types: ['client_credentials'] },
      { token_endpoint_auth_method: 'none', client_name: ' ' },
      // No logout tokens posted to a host an assistant names (ADR 0028).
      { token_endpoint_auth_method: 'none', backchannel_logout_uri: 'https://evil.example/logout' },
    ]) {
      const refused = await register(greedy);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_client_metadata' });
    }

    const params = new URLSearchParams({
      client_id: auth.client?.client_id ?? '',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'banking',
      resource: API_AUDIENCE,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'x',
    });
    const asked = await fetch(new URL(`${OAUTH_PATHS.authorization}?${params}`, origin), {
      redirect: 'manual',
    });
    const back = new URL(asked.headers.get('location') ?? '', origin);
    expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(back.searchParams.get('error')).toBe('invalid_target');
  });

  it('answers the assistant’s next tool call 401 once jane revokes it in Connected apps', async () => {
    const token = auth.saved?.access_token ?? '';
    const call = () =>
      mcp(token, {
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'list_accounts', arguments: {} },
      });
    expect((await call()).status).toBe(200);
    const revoked = await fetch(
      new URL(
        `${CONNECTED_APPS_API_PATH}/${encodeURIComponent(auth.client?.client_id ?? '')}`,
        origin,
      ),
      {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await customerToken(origin, JANE.username)}` },
      },
    );
    expect(revoked.status).toBe(204);
    const after = await call();
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('resource_metadata=');
  });
});
