import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ASSISTANT_SCOPE_LIST,
  MCP_PATH,
  MCP_RESOURCE_METADATA_PATH,
  apiErrorMessage,
} from '@anybank/contracts';
import { DomainError } from '../../domain-error';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';
import { statusOfError } from '../../http/error-status';
import type { AuthGuards } from '../identity';
import { buildMcpServer } from './assistant.mcp';
import {
  ASSISTANT_TOOLS,
  STATEMENTS_RESOURCE,
  bearerChallenge,
  insufficientScopeChallenge,
  missingScopeOf,
  useOf,
} from './assistant.rules';
import type { AssistantService } from './assistant.service';

/** RFC 9728 §2: what `/mcp` is and who issues its tokens. */
const protectedResourceMetadataSchema = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
  resource_name: z.string(),
  resource_documentation: z.string(),
});

/** A JSON-RPC answer (or error) of the MCP server (the SDK writes it). */
const jsonRpcAnswerSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0') }).loose(),
  z.array(z.object({ jsonrpc: z.literal('2.0') }).loose()),
]);

/** The JSON of the MCP server's answer; null for an empty or non-JSON one. */
function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The bank's MCP server (ADR 0029): `/mcp` over Streamable HTTP, stateless (each POST builds
 * its own server for the customer its token speaks for, and answers in JSON), and its
 * protected resource metadata. A token must be a customer's, issued to a registered assistant
 * for `/mcp` (RFC 8707): the bank's API tokens are refused here, as `/mcp`'s are at the APIs.
 */
export function registerAssistantRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthGuards;
    assistant: AssistantService;
    siteUrl: string;
    issuer: string;
    version: string;
  },
) {
  const resource = `${deps.siteUrl}${MCP_PATH}`;
  const resourceMetadataUrl = `${deps.siteUrl}${MCP_RESOURCE_METADATA_PATH}`;

  app.get(
    MCP_RESOURCE_METADATA_PATH,
    {
      config: {
        docs: {
          summary: 'The MCP server’s protected resource metadata (RFC 9728)',
          tag: 'assistant',
          caller: 'anyone',
          description:
            'Names `/mcp` as the resource, the bank as its authorization server and the scopes its tools need. `/mcp`’s 401 points here.',
          responses: {
            200: { description: 'The metadata.', schema: protectedResourceMetadataSchema },
          },
        },
      },
    },
    async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=300').send({
        resource,
        authorization_servers: [deps.issuer],
        scopes_supported: [...ASSISTANT_SCOPE_LIST],
        bearer_methods_supported: ['header'],
        resource_name: 'AnyBank for AI assistants',
        resource_documentation: `${deps.siteUrl}/api/docs`,
      }),
  );

  /** 401 with where to learn how to get a token; 403 names the scope a tool call needs. */
  async function callerOf(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await deps.auth.requireAssistant(request, resource);
    } catch (error) {
      if (error instanceof DomainError && statusOfError(error.code) === 401) {
        reply.header('WWW-Authenticate', bearerChallenge(resourceMetadataUrl));
      }
      throw error;
    }
  }

  app.post(
    MCP_PATH,
    {
      config: {
        docs: {
          summary:
            'The MCP server (Streamable HTTP, JSON-RPC): tools reading the customer’s accounts',
          tag: 'assistant',
          caller: 'bearer',
          description:
            'A customer’s token issued to a registered assistant with `resource` `/mcp` (RFC 8707); any other token, the bank’s API tokens included, answers 401 with `WWW-Authenticate: Bearer resource_metadata=…`. ' +
            `Tools: ${Object.entries(ASSISTANT_TOOLS)
              .map(([name, tool]) => `\`${name}\` (scope \`${tool.scope}\`)`)
              .join(', ')}. ` +
            `Resources: each account’s monthly statements, \`${STATEMENTS_RESOURCE.uriTemplate}\` (scope \`${STATEMENTS_RESOURCE.scope}\`). ` +
            'A call of a tool (or a read of a resource) whose scope the token lacks answers 403 `missing_scope` with `WWW-Authenticate: Bearer error="insufficient_scope", scope=…`. Stateless: no `Mcp-Session-Id`.',
          responses: {
            200: { description: 'The JSON-RPC answer.', schema: jsonRpcAnswerSchema },
            202: { description: 'A notification or response was accepted.' },
            400: {
              description: 'Not a JSON-RPC message the server accepts (a JSON-RPC error).',
              schema: jsonRpcAnswerSchema,
              codes: ['invalid_json', 'body_too_deep'],
            },
            401: {
              description: 'No valid `/mcp` token, or its grant was revoked.',
              codes: USER_TOKEN_REFUSALS[401],
            },
            403: {
              description:
                'Not a customer’s token, or a tool call whose scope the token lacks (`missing_scope`).',
              codes: ['forbidden', 'missing_scope'],
            },
            406: {
              description:
                'The `Accept` header does not list application/json and text/event-stream (a JSON-RPC error).',
              schema: jsonRpcAnswerSchema,
            },
            413: { description: 'The body is too large.', codes: ['body_too_large'] },
            415: {
              description: 'Not `application/json`.',
              codes: ['unsupported_media_type'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { principal, clientId } = await callerOf(request, reply);
      const scope = missingScopeOf(request.body, principal.scopes);
      if (scope !== null) {
        reply.header('WWW-Authenticate', insufficientScopeChallenge(resourceMetadataUrl, scope));
        throw new DomainError('missing_scope', {
          message: apiErrorMessage('missing_scope', scope),
        });
      }
      const server = buildMcpServer(
        { userId: principal.userId, scopes: principal.scopes },
        deps.assistant,
        deps.version,
      );
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const answer = await transport.handleRequest(
          new Request(resource, { method: 'POST', headers }),
          { parsedBody: request.body },
        );
        const text = await answer.text();
        const used = answer.status === 200 ? useOf(request.body, parsedOrNull(text)) : null;
        if (used !== null) {
          await deps.assistant.recordUse({
            userId: principal.userId,
            clientId,
            what: used,
            ip: request.ip,
          });
        }
        reply.status(answer.status);
        const type = answer.headers.get('content-type');
        if (type) reply.type(type);
        return text === '' ? reply.send() : reply.send(text);
      } finally {
        await server.close();
      }
    },
  );

  app.get(
    MCP_PATH,
    {
      config: {
        docs: {
          summary: 'No server-sent event stream: the MCP server answers each POST in its response',
          tag: 'assistant',
          caller: 'anyone',
          responses: {
            405: {
              description: 'Always (`Allow: POST`), as the Streamable HTTP transport allows.',
              codes: ['mcp_stream_not_offered'],
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Allow', 'POST');
      throw new DomainError('mcp_stream_not_offered');
    },
  );
}
