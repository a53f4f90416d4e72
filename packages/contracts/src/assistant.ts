/**
 * The bank as an MCP server (ADR 0029): an AI assistant the customer connects reads their
 * accounts through `/mcp` with a token of its own, bound to `/mcp` (RFC 8707), never to the
 * bank's other APIs.
 */

/** The MCP endpoint (Streamable HTTP), under the base path. */
export const MCP_PATH = '/mcp';

/**
 * Its protected resource metadata (RFC 9728 §3.1: the well-known name, then the resource's
 * path), named by `/mcp`'s 401 in `WWW-Authenticate: Bearer resource_metadata="…"`.
 */
export const MCP_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** What an assistant may be allowed, one scope per kind of tool (each tool names its own). */
export const ASSISTANT_SCOPES = {
  accounts: 'assistant.accounts',
  transactions: 'assistant.transactions',
  payees: 'assistant.payees',
} as const;

export const ASSISTANT_SCOPE_LIST: readonly string[] = Object.values(ASSISTANT_SCOPES);

/**
 * The client ids the bank gives an application that registers itself (OAuth Dynamic Client
 * Registration, RFC 7591) start with this; no client the bank configures does.
 */
export const ASSISTANT_CLIENT_ID_PREFIX = 'assistant-';

/** Whether the client registered itself (an assistant), rather than being one the bank set up. */
export function isRegisteredAssistant(clientId: string): boolean {
  return clientId.startsWith(ASSISTANT_CLIENT_ID_PREFIX);
}

/**
 * What an assistant did with a tool or resource (its name), as Connected apps and Behind the
 * scenes say it: "Pocket Assistant read your accounts and balances".
 */
export const assistantUseText: Readonly<Record<string, string>> = {
  list_accounts: 'read your accounts and balances',
  search_transactions: 'searched your transactions',
  list_payees: 'listed whom you can pay',
  statements: 'read your monthly statements',
};
