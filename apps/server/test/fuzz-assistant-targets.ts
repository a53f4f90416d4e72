import { MCP_PATH, MCP_RESOURCE_METADATA_PATH, OAUTH_PATHS } from '@anybank/contracts';
import { refusedJsonBody } from './hostile-input';
import { type Target, constant, text } from './fuzz-target';

// The fuzz's MCP server routes and the assistants' registration (fuzz-suite.ts, ADR 0029).
// Appended last, so that no other target moves between shards.

export const ASSISTANT_TARGETS: Target[] = [
  {
    // The customer's token is for the bank's APIs, never for /mcp: hostile bodies, headers and
    // Authorization values meet the body parser and the token check, which refuse them all.
    route: { method: 'POST', url: MCP_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(MCP_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, [text(['method'])]),
    }),
  },
  {
    route: { method: 'GET', url: MCP_PATH },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(MCP_PATH) }),
  },
  {
    route: { method: 'GET', url: MCP_RESOURCE_METADATA_PATH },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(MCP_RESOURCE_METADATA_PATH) }),
  },
  {
    // Always a refused body (no public client's auth method): an accepted one registers a client.
    route: { method: 'POST', url: OAUTH_PATHS.registration },
    shape: 'oauth',
    spec: () => ({
      method: 'POST',
      path: constant(OAUTH_PATHS.registration),
      body: refusedJsonBody(
        {
          client_name: 'Fuzz Assistant',
          redirect_uris: ['http://127.0.0.1:1/callback'],
          token_endpoint_auth_method: 'none',
        },
        [text(['token_endpoint_auth_method'])],
      ),
    }),
  },
];
