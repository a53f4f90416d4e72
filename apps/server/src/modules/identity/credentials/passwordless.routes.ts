import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PASSWORDLESS_API_PATH,
  passkeyRenameSchema,
  passkeyRenamedSchema,
  passwordlessStatusSchema,
} from '@anybank/contracts';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import type { AuthGuards } from '../oauth/access-token';
import type { PasswordlessService } from './passwordless.service';
import { USER_TOKEN_REFUSALS, STEP_UP_REFUSALS } from '../../../http/access-token-refusals';

const deviceParams = z.object({ deviceId: z.uuid() });

/** "Sign in without a password" and naming passkeys. Thin: the service decides. */
export function registerPasswordlessRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; passwordless: PasswordlessService },
) {
  const { auth, passwordless } = deps;

  app.get(
    PASSWORDLESS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Whether the signed-in customer has a password, and how many passkeys',
          tag: 'sign-in',
          caller: 'bearer',
          responses: {
            200: { description: 'What the customer has.', schema: passwordlessStatusSchema },
            401: { description: 'No valid customer token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'The token is not a customer’s.', codes: USER_TOKEN_REFUSALS[403] },
          },
        },
      },
    },
    async (request) => passwordless.status(await auth.requireCustomer(request)),
  );

  app.delete(
    PASSWORDLESS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Removes the customer’s password: they sign in with a passkey only',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A passkey-only account from then on (no password, sign-in method Device). Needs at least one passkey and a sign-in or step-up of the last 5 minutes. Audited; the customer is told by e-mail. A password comes back through the sign-in method switch to Password.',
          responses: {
            204: 'Removed.',
            401: {
              description:
                'No valid token, or `step_up_required` (with the factors the step-up may use).',
              codes: STEP_UP_REFUSALS[401],
            },
            403: { description: 'The token is not a customer’s.', codes: STEP_UP_REFUSALS[403] },
            409: {
              description:
                '`passwordless_needs_passkey`: no passkey yet; `passwordless_no_password`: none to remove.',
              codes: ['passwordless_needs_passkey', 'passwordless_no_password'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      await passwordless.removePassword(await auth.requireCustomer(request), request.ip);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/authn/devices/:deviceId/name',
    {
      config: {
        docs: {
          summary: 'Renames one of the customer’s passkeys',
          tag: 'sign-in',
          caller: 'bearer',
          params: { deviceId: 'The passkey’s `id` from the devices list.' },
          body: passkeyRenameSchema,
          responses: {
            200: { description: 'The new name.', schema: passkeyRenamedSchema },
            400: {
              description: 'A name that is empty or longer than 64 characters, or a malformed id.',
              codes: INPUT_REFUSALS[400],
            },
            401: { description: 'No valid customer token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'The token is not a customer’s.', codes: USER_TOKEN_REFUSALS[403] },
            404: {
              description: '`passkey_not_found`: not a passkey of this customer.',
              codes: ['passkey_not_found'],
            },
          },
        },
      },
    },
    async (request) => {
      const principal = await auth.requireCustomer(request);
      const { deviceId } = parseInput(deviceParams, request.params);
      const { name } = parseInput(passkeyRenameSchema, request.body);
      return {
        id: deviceId,
        nickname: await passwordless.renamePasskey(principal, deviceId, name),
      };
    },
  );
}
