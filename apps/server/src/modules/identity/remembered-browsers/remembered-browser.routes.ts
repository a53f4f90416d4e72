import type { FastifyInstance } from 'fastify';
import {
  REMEMBERED_BROWSERS_API_PATH,
  REMEMBERED_BROWSER_COOKIE,
  rememberedBrowserParamsSchema,
  rememberedBrowsersResponseSchema,
  type RememberedBrowsersResponse,
} from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import { sentDeviceHash } from '../browser-device/browser-device';
import type { AuthGuards } from '../oauth/access-token';
import type { RememberedBrowserService } from './remembered-browser.service';
import { USER_TOKEN_REFUSALS } from '../../../http/access-token-refusals';

/**
 * The customer's remembered browsers on Sign In & Password, and "Forget". Thin:
 * the service decides. Forgetting makes sign-in stricter, so it needs no step-up.
 */
export function registerRememberedBrowserRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; rememberedBrowsers: RememberedBrowserService },
) {
  const { auth, rememberedBrowsers } = deps;

  app.get(
    REMEMBERED_BROWSERS_API_PATH,
    {
      config: {
        docs: {
          summary: 'The browsers that do not ask the customer for a second factor (30 days)',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A customer’s token. `current` marks the browser asking (it holds that remembrance’s HttpOnly cookie).',
          responses: {
            200: {
              description: 'The remembered browsers, this one first.',
              schema: rememberedBrowsersResponseSchema,
            },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer.', codes: USER_TOKEN_REFUSALS[403] },
          },
        },
      },
    },
    async (request): Promise<RememberedBrowsersResponse> => {
      const principal = await auth.requireCustomer(request);
      return {
        browsers: await rememberedBrowsers.list(principal.userId, {
          cookie: request.cookies[REMEMBERED_BROWSER_COOKIE],
          deviceHash: sentDeviceHash(request),
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      };
    },
  );

  app.delete(
    `${REMEMBERED_BROWSERS_API_PATH}/:browserId`,
    {
      config: {
        docs: {
          summary: 'Forgets a remembered browser: its next sign-in asks for the second factor',
          tag: 'sign-in',
          caller: 'bearer',
          description: 'A customer’s token. Audited (`browser.forgotten`).',
          params: { browserId: 'The remembered browser’s id, from the list.' },
          responses: {
            204: 'Forgotten.',
            400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer.', codes: USER_TOKEN_REFUSALS[403] },
            404: {
              description:
                '`remembered_browser_not_found`: no such remembered browser of this customer.',
              codes: ['remembered_browser_not_found'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = await auth.requireCustomer(request);
      const { browserId } = parseInput(rememberedBrowserParamsSchema, request.params);
      if (!(await rememberedBrowsers.forget(principal.userId, browserId, request.ip))) {
        throw new DomainError('remembered_browser_not_found');
      }
      return reply.status(204).send();
    },
  );
}
