import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import type { AuthGuards } from '../identity';
import { fullAddress } from './directory.rules';
import { createDirectoryService } from './directory.service';
import { ANY_USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

/** `GET /api/me`: the signed-in user's own directory entry, for any user type. */
export function registerDirectoryRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: AuthGuards },
) {
  const directory = createDirectoryService({ db: deps.db });
  app.get(
    '/api/me',
    {
      config: {
        docs: {
          summary: 'The signed-in user’s own directory entry and the token’s scopes',
          tag: 'directory',
          caller: 'bearer',
          description: 'Any user’s token: a customer’s or partner staff’s.',
          responses: {
            200: '`{ subject, uid, firstName, lastName, email, mobile, fullAddress, userType, authnPreference, scopes }`.',
            401: {
              description: 'No valid token, or the user is gone.',
              codes: ANY_USER_TOKEN_REFUSALS[401],
            },
            403: {
              description: 'An application’s token (no user).',
              codes: ANY_USER_TOKEN_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request) => {
      const principal = await deps.auth.requireUser(request);
      const user = await directory.findUserById(principal.userId);
      if (!user) throw new DomainError('session_ended');
      return {
        subject: user.id,
        uid: user.uid,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        mobile: user.mobile,
        fullAddress: fullAddress(user),
        userType: user.userType,
        authnPreference: user.authnPreference,
        scopes: [...principal.scopes],
      };
    },
  );
}
