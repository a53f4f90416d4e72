import type { FastifyInstance } from 'fastify';
import {
  PASSWORD_CHANGE_API_PATH,
  passwordChangeResponseSchema,
  passwordChangeSchema,
  type PasswordChangeResponse,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import {
  passwordChangeRateLimit,
  perUserRateLimit,
  signInRateLimit,
  RATE_LIMIT_REFUSALS,
} from '../../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import type { AuthGuards } from '../oauth/access-token';
import type { PasswordChangeService } from './password-change.service';
import { STEP_UP_REFUSALS } from '../../../http/access-token-refusals';

/** "Change password" on Sign In & Password. Thin: the service decides. */
export function registerPasswordChangeRoutes(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'rateLimitPerMinute'>;
    auth: AuthGuards;
    passwordChange: PasswordChangeService;
  },
) {
  const { auth, passwordChange } = deps;
  // Per address (before the token is read), then per customer (whatever address or token).
  const perCustomer = perUserRateLimit(
    app,
    'password-change',
    passwordChangeRateLimit(deps.config),
  );
  app.post(
    PASSWORD_CHANGE_API_PATH,
    {
      config: {
        rateLimit: signInRateLimit(deps.config),
        docs: {
          summary: 'Changes the signed-in customer’s password; may sign out every other session',
          tag: 'sign-in',
          caller: 'bearer',
          description:
            'A customer’s token with the `banking` scope, for a customer who signs in with a password. It needs a step-up made for it in this sign-in within the last 5 minutes (a fresh sign-in alone is not enough), checked first and spent only when the new password is stored; then the new password is checked as at registration and reset (the spec’s rule, then common, breached and personal passwords). Rate-limited per address and, at a tenth of that, per customer. With `signOutOtherSessions` (the default) every other session of the customer ends with its grants and tokens in the same transaction; this one goes on. Audited; the customer is told by e-mail.',
          body: passwordChangeSchema,
          responses: {
            200: {
              description: 'Changed; how many other sessions ended.',
              schema: passwordChangeResponseSchema,
            },
            400: {
              description:
                'A malformed body, or a new password that is refused (`password_policy`, `password_personal`, `password_too_weak`: the message says why).',
              codes: [
                ...INPUT_REFUSALS[400],
                'password_policy',
                'password_personal',
                'password_too_weak',
              ],
            },
            401: {
              description:
                'No valid token, or `step_up_required` (with the factors the step-up may use).',
              codes: STEP_UP_REFUSALS[401],
            },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: STEP_UP_REFUSALS[403],
            },
            409: {
              description: '`no_password_to_change`: the customer signs in without a password.',
              codes: ['no_password_to_change'],
            },
            429: {
              description:
                '`rate_limited`: too many changes from this address, or for this customer (Retry-After says when to try again).',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply): Promise<PasswordChangeResponse> => {
      const principal = await auth.requireCustomer(request);
      await perCustomer(request, reply, principal.userId);
      const input = parseInput(passwordChangeSchema, request.body);
      return passwordChange.change(principal, input, request.ip);
    },
  );
}
