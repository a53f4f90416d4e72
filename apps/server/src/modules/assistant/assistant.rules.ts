import { ASSISTANT_SCOPES } from '@anybank/contracts';

/**
 * The MCP server's tools (ADR 0029), each with the one scope a token must carry to call it.
 * The scope is declared on the tool itself (its `_meta`), so an assistant reading the tool list
 * knows what to ask the customer for; a call without it is refused with 403 `insufficient_scope`
 * before any tool runs (the MCP authorization spec's scope challenge).
 */
export const ASSISTANT_TOOLS = {
  list_accounts: {
    scope: ASSISTANT_SCOPES.accounts,
    title: 'Accounts and balances',
    description:
      'Lists the customer’s accounts with their current balances (read only: no money moves).',
  },
  search_transactions: {
    scope: ASSISTANT_SCOPES.transactions,
    title: 'Search transactions',
    description:
      'Searches one account’s transactions: by text in the description or category, and by date. Newest first, at most 50.',
  },
  list_payees: {
    scope: ASSISTANT_SCOPES.payees,
    title: 'Payees',
    description:
      'Lists the accounts the customer can pay (their own accounts), by name and last digits.',
  },
} as const;

export type AssistantToolName = keyof typeof ASSISTANT_TOOLS;

/**
 * The statements of each account, as MCP resources (one per account, by this URI template):
 * a statement is the account's transactions summed by month, so it needs the transactions'
 * scope.
 */
export const STATEMENTS_RESOURCE = {
  uriTemplate: 'anybank://accounts/{accountId}/statements',
  scope: ASSISTANT_SCOPES.transactions,
  title: 'Monthly statements',
  description:
    'An account’s monthly statements: opening and closing balance, money in and out, number of transactions.',
} as const;

/** The URI of an account's statements resource. */
export function statementsUri(accountId: string): string {
  return STATEMENTS_RESOURCE.uriTemplate.replace('{accountId}', encodeURIComponent(accountId));
}

/** The `_meta` key a tool declares its scope under. */
export const TOOL_SCOPE_META_KEY = 'anybank/scope';

/** The scope a call of this tool needs; null for a tool the bank does not have. */
export function scopeOfTool(name: unknown): string | null {
  return typeof name === 'string' && Object.hasOwn(ASSISTANT_TOOLS, name)
    ? ASSISTANT_TOOLS[name as AssistantToolName].scope
    : null;
}

/**
 * The scope a JSON-RPC message's tool call or resource read needs and the token lacks; null
 * when it is neither, names nothing of ours (the MCP server answers that) or the token holds
 * the scope.
 */
export function missingScopeOf(message: unknown, held: ReadonlySet<string>): string | null {
  if (typeof message !== 'object' || message === null) return null;
  const { method, params } = message as {
    method?: unknown;
    params?: { name?: unknown; uri?: unknown };
  };
  const scope =
    method === 'tools/call'
      ? scopeOfTool(params?.name)
      : method === 'resources/read' &&
          typeof params?.uri === 'string' &&
          params.uri.startsWith('anybank://accounts/')
        ? STATEMENTS_RESOURCE.scope
        : null;
  return scope !== null && !held.has(scope) ? scope : null;
}

/**
 * What a request did for the customer, for the audit log and Connected apps: the tool it
 * called or `statements`, when the MCP server answered it with a result (not an error); null
 * for anything else (listing, a refused or failed call).
 */
export function useOf(message: unknown, answer: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null;
  if (typeof answer !== 'object' || answer === null || !('result' in answer)) return null;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  const result = (answer as { result?: { isError?: unknown } }).result;
  if (method === 'tools/call' && scopeOfTool(params?.name) !== null && result?.isError !== true) {
    return String(params?.name);
  }
  if (method === 'resources/read' && missingScopeOf(message, new Set()) !== null) {
    return 'statements';
  }
  return null;
}

/** Cents as the customer reads dollars: -1234 → "-$12.34". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** `WWW-Authenticate` of `/mcp`'s 401: where its protected resource metadata is (RFC 9728 §5.1). */
export function bearerChallenge(resourceMetadataUrl: string): string {
  return `Bearer resource_metadata="${resourceMetadataUrl}"`;
}

/** `WWW-Authenticate` of a tool call's 403: the scope the call needs (RFC 6750 §3.1). */
export function insufficientScopeChallenge(resourceMetadataUrl: string, scope: string): string {
  return `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadataUrl}"`;
}
