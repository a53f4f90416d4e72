import type { FastifyInstance } from 'fastify';
import {
  SESSION_CHECK_API_PATH,
  SIGN_IN_SESSIONS_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  sessionsEndedSchema,
  signInSessionParamsSchema,
  signInSessionsResponseSchema,
  type SessionsEnded,
  type SignInSessionsResponse,
} from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import type { AuthGuards } from './access-token';
import type { SessionsService } from './sessions.service';
import { USER_TOKEN_REFUSALS } from '../../../http/access-token-refusals';

/**
 * "Where you're signed in" on Sign In & Password: the customer's sessions, and
 * signing one or all others out. Thin: the service decides; the customer's token says whose.
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; sessions: SessionsService },
) {
  const { auth, sessions } = deps;

  app.get(
    SIGN_IN_SESSIONS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Where the customer is signed in: each live sign-in session',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A customer’s token with the `banking` scope. One entry per browser: its browser and platform (from the user agent), where (a place when the address tells, else the address), when it signed in and was last active (to the minute), and which one is the caller’s own (`current`).',
          responses: {
            200: { description: 'The sessions.', schema: signInSessionsResponseSchema },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request): Promise<SignInSessionsResponse> => {
      const principal = await auth.requireCustomer(request);
      return { sessions: await sessions.list(principal) };
    },
  );

  app.get(
    SESSION_CHECK_API_PATH,
    {
      config: {
        docs: {
          summary: 'Whether the caller’s own session still lives',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A customer’s token with the `banking` scope. What a signed-in tab asks every few seconds: 204 while the session lives; once it was ended elsewhere (another browser’s "Sign out", a password change, Connected apps, an administrator) the token’s 401 `session_ended`. Not counted as the customer’s activity: the session’s "last active" is not written.',
          responses: {
            204: 'The session lives.',
            401: {
              description: 'No valid token, or the session ended.',
              codes: USER_TOKEN_REFUSALS[401],
            },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request, reply) => {
      await auth.requireCustomerSession(request);
      return reply.code(204).send();
    },
  );

  app.delete(
    `${SIGN_IN_SESSIONS_API_PATH}/:sessionId`,
    {
      config: {
        docs: {
          summary: 'Signs one of the customer’s sessions out: its grants and tokens end at once',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A customer’s token with the `banking` scope. Audited (`session.ended`). That browser’s access tokens answer 401 from its next call on, on every instance, and its next visit asks for a sign-in. Another customer’s session is not found.',
          params: { sessionId: 'The session’s `id` from the list.' },
          responses: {
            204: 'Signed out.',
            400: { description: 'A malformed session id.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
            404: {
              description: '`session_not_found`: the customer has no live session so named.',
              codes: ['session_not_found'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = await auth.requireCustomer(request);
      const { sessionId } = parseInput(signInSessionParamsSchema, request.params);
      if (!(await sessions.end(principal, sessionId, request.ip))) {
        throw new DomainError('session_not_found');
      }
      return reply.status(204).send();
    },
  );

  app.post(
    SIGN_OUT_OTHER_SESSIONS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Signs the customer out everywhere but this browser',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A customer’s token with the `banking` scope. Every other session of the customer ends with its grants and tokens (each audited); the caller’s own goes on. No body.',
          responses: {
            200: { description: 'How many sessions ended.', schema: sessionsEndedSchema },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request): Promise<SessionsEnded> => {
      const principal = await auth.requireCustomer(request);
      return { ended: await sessions.endOthers(principal, request.ip) };
    },
  );
}
