import type { FastifyInstance } from 'fastify';
import {
  RECOVERY_CODES_API_PATH,
  newRecoveryCodesSchema,
  recoveryCodesStatusSchema,
  type NewRecoveryCodes,
  type RecoveryCodesStatus,
} from '@anybank/contracts';
import type { AuthGuards } from '../../oauth/access-token';
import type { RecoveryCodeService } from './recovery-code.service';
import { USER_TOKEN_REFUSALS, STEP_UP_REFUSALS } from '../../../../http/access-token-refusals';

/**
 * The signed-in customer's recovery codes on Sign In & Password. Always the
 * token's own customer: there is no user in the path, so nobody reads or replaces another's.
 * Thin: the service decides (and asks for the step-up).
 */
export function registerRecoveryCodeRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; recoveryCodes: RecoveryCodeService },
) {
  const { auth, recoveryCodes } = deps;

  app.get(
    RECOVERY_CODES_API_PATH,
    {
      config: {
        docs: {
          summary: 'How many unused recovery codes the signed-in customer has',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A customer’s token with the `banking` scope. The codes themselves are never shown again.',
          responses: {
            200: { description: 'The count.', schema: recoveryCodesStatusSchema },
            401: { description: 'No valid customer token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request): Promise<RecoveryCodesStatus> => {
      const principal = await auth.requireCustomer(request);
      const status = await recoveryCodes.status(principal.userId);
      return {
        remaining: status.remaining,
        generatedAt: status.generatedAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    RECOVERY_CODES_API_PATH,
    {
      config: {
        docs: {
          summary: 'Makes a new set of ten recovery codes (the old set stops working)',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A customer’s token with the `banking` scope, signed in or stepped up within the last 5 minutes. The answer is the only time the codes are shown; they are stored as salted keyed hashes. The customer is told by e-mail.',
          responses: {
            200: { description: 'The new codes.', schema: newRecoveryCodesSchema },
            401: {
              description:
                'No valid customer token; or `step_up_required` (with `methods` and `stepUpPath`): the sign-in is older than 5 minutes.',
              codes: STEP_UP_REFUSALS[401],
            },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: STEP_UP_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request): Promise<NewRecoveryCodes> => {
      const principal = await auth.requireCustomer(request);
      const made = await recoveryCodes.generate(principal, request.ip);
      return {
        codes: made.codes,
        remaining: made.remaining,
        generatedAt: made.generatedAt?.toISOString() ?? null,
      };
    },
  );
}
