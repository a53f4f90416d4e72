import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DomainError } from '../../domain-error';
import {
  ASSISTANT_TOOLS,
  STATEMENTS_RESOURCE,
  TOOL_SCOPE_META_KEY,
  dollars,
  statementsUri,
  type AssistantToolName,
} from './assistant.rules';
import type { AssistantService } from './assistant.service';

/** The caller a server is built for: one request's customer and the scopes their token holds. */
export interface McpCaller {
  userId: string;
  scopes: ReadonlySet<string>;
}

/** A tool's answer: the text an assistant reads, and the same facts as structured content. */
function answer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

function refused(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * The bank's MCP server for one request (stateless: each request builds its own, so a tool
 * can only ever read the customer its token speaks for). Every tool declares its scope in
 * `_meta` and checks it again before it reads (the route refuses a call without it first).
 */
export function buildMcpServer(
  caller: McpCaller,
  assistant: AssistantService,
  version: string,
): McpServer {
  const server = new McpServer(
    { name: 'anybank', title: 'AnyBank', version },
    {
      instructions:
        'AnyBank’s tools read the signed-in customer’s own accounts. Amounts are in US dollars. No tool moves money.',
    },
  );

  const toolConfig = (name: AssistantToolName) => ({
    title: ASSISTANT_TOOLS[name].title,
    description: `${ASSISTANT_TOOLS[name].description} Needs the scope ${ASSISTANT_TOOLS[name].scope}.`,
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { [TOOL_SCOPE_META_KEY]: ASSISTANT_TOOLS[name].scope },
  });
  const held = (name: AssistantToolName) => caller.scopes.has(ASSISTANT_TOOLS[name].scope);
  const notAllowed = (name: AssistantToolName) =>
    refused(`This assistant was not allowed ${ASSISTANT_TOOLS[name].scope}.`);

  server.registerTool('list_accounts', toolConfig('list_accounts'), async () => {
    if (!held('list_accounts')) return notAllowed('list_accounts');
    const accounts = await assistant.accounts(caller.userId);
    const lines = accounts.map(
      (account) =>
        `${account.name} (…${account.numberSuffix}), id ${account.id}: ${dollars(account.balanceCents)}`,
    );
    return answer(lines.join('\n') || 'The customer has no accounts.', { accounts });
  });

  server.registerTool(
    'search_transactions',
    {
      ...toolConfig('search_transactions'),
      inputSchema: {
        accountId: z.string().min(1).max(100).describe('An account id from list_accounts'),
        text: z
          .string()
          .trim()
          .max(100)
          .optional()
          .describe('Text the description or category contains'),
        from: z.iso.datetime({ offset: true }).optional().describe('Booked at or after'),
        to: z.iso.datetime({ offset: true }).optional().describe('Booked before'),
      },
    },
    async (search) => {
      if (!held('search_transactions')) return notAllowed('search_transactions');
      try {
        const found = await assistant.searchTransactions(caller.userId, search);
        const lines = found.entries.map(
          (entry) =>
            `${entry.bookedAt.slice(0, 10)} ${entry.description} (${entry.category}): ${dollars(entry.amountCents)}`,
        );
        const head = `${found.account.name} (…${found.account.numberSuffix}): ${found.total} matching transaction(s)`;
        return answer([head, ...lines].join('\n'), found);
      } catch (error) {
        // The same answer whether the account is someone else's or does not exist.
        if (error instanceof DomainError && error.code === 'account_not_found') {
          return refused('No such account among the customer’s accounts.');
        }
        throw error;
      }
    },
  );

  server.registerTool('list_payees', toolConfig('list_payees'), async () => {
    if (!held('list_payees')) return notAllowed('list_payees');
    const payees = await assistant.payees(caller.userId);
    const lines = payees.map((payee) => `${payee.name} (…${payee.numberSuffix}), id ${payee.id}`);
    return answer(lines.join('\n') || 'The customer has no payees.', { payees });
  });

  // Statements, one resource per account: listed and read only with the transactions' scope
  // (the route refuses a read without it; without it none is listed either).
  if (caller.scopes.has(STATEMENTS_RESOURCE.scope)) {
    const template = new ResourceTemplate(STATEMENTS_RESOURCE.uriTemplate, {
      list: async () => ({
        resources: (await assistant.accounts(caller.userId)).map((account) => ({
          uri: statementsUri(account.id),
          name: `${account.name} (…${account.numberSuffix}) statements`,
          mimeType: 'text/plain',
        })),
      }),
    });
    server.registerResource(
      'statements',
      template,
      {
        title: STATEMENTS_RESOURCE.title,
        description: STATEMENTS_RESOURCE.description,
        mimeType: 'text/plain',
        _meta: { [TOOL_SCOPE_META_KEY]: STATEMENTS_RESOURCE.scope },
      },
      async (uri, { accountId }) => {
        // The same answer whether the account is someone else's or does not exist.
        const { account, months } = await assistant.statements(caller.userId, String(accountId));
        const lines = months.map(
          (month) =>
            `${month.month}: opening ${dollars(month.openingBalanceCents)}, in ${dollars(month.moneyInCents)}, out ${dollars(month.moneyOutCents)}, closing ${dollars(month.closingBalanceCents)}, ${month.entries} transaction(s)`,
        );
        const head = `${account.name} (…${account.numberSuffix}) monthly statements`;
        return {
          contents: [{ uri: uri.href, mimeType: 'text/plain', text: [head, ...lines].join('\n') }],
        };
      },
    );
  }

  return server;
}
