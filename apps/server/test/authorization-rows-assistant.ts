import { MCP_PATH, MCP_RESOURCE_METADATA_PATH, OAUTH_PATHS } from '@anybank/contracts';
import { type Row, everyone, route } from './authorization-matrix';

// The authorization matrix's rows for the bank as an MCP server (authorization-matrix.api.test.ts,
// ADR 0029): `/mcp` takes only a token issued for it to a registered assistant, so every caller
// here (each holding a token for the bank's APIs, or none) is refused; mcp.conformance.test.ts
// has the assistant's own token.

const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

export const ASSISTANT_ROWS: Row[] = [
  {
    route: route('POST', MCP_PATH),
    name: 'the MCP server, with a token for the bank’s APIs (another audience)',
    request: () => ({
      method: 'POST',
      path: MCP_PATH,
      headers: { accept: 'application/json, text/event-stream' },
      json: TOOLS_LIST,
    }),
    answers: everyone(401),
  },
  {
    // Stateless: no server-sent event stream to open, whoever asks.
    route: route('GET', MCP_PATH),
    name: 'the MCP server’s event stream',
    request: () => ({ path: MCP_PATH, headers: { accept: 'text/event-stream' } }),
    answers: everyone(405),
  },
  {
    route: route('GET', MCP_RESOURCE_METADATA_PATH),
    name: 'the MCP server’s protected resource metadata',
    request: () => ({ path: MCP_RESOURCE_METADATA_PATH }),
    answers: everyone(200),
  },
  {
    // Open registration (RFC 7591) for public clients: a token changes nothing, and what a
    // registered client may then hold is the assistant scopes alone, after consent.
    route: route('POST', OAUTH_PATHS.registration),
    name: 'an assistant registering itself',
    request: () => ({
      method: 'POST',
      path: OAUTH_PATHS.registration,
      json: {
        client_name: 'Matrix Assistant',
        redirect_uris: ['http://127.0.0.1:1/callback'],
        token_endpoint_auth_method: 'none',
      },
    }),
    answers: everyone(201),
  },
];
