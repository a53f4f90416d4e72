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
} from '../../../http/rate-limits';
import { parseInput } from '../../../http/validation';
import type { AuthGuards } from '../oauth/access-token';
import type { PasswordChangeService } from './password-change.service';

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
            400: 'A malformed body, or a new password that is refused (`password_policy`, `password_personal`, `password_too_weak`: the message says why).',
            401: 'No valid token, or `step_up_required` (with the factors the step-up may use).',
            403: 'Not a customer, or no banking scope.',
            409: '`no_password_to_change`: the customer signs in without a password.',
            429: '`rate_limited`: too many changes from this address, or for this customer (Retry-After says when to try again).',
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
