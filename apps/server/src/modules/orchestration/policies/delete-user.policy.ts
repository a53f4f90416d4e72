import { deleteUserRequestSchema, type AdminPolicyResponse } from '@anybank/contracts';
import type { AdminService } from '../../admin';
import type { RecentAuthentication } from '../../identity';
import { definePolicy, userOf } from '../policy';

/**
 * Delete user (document 2 §7: `accessToken`, `host`; a failure's reason in
 * `additionalProperties.errorBody`): the signed-in customer deletes their own account. The
 * token that asked stops working with it.
 */
export function createDeleteUserPolicy(deps: {
  admin: AdminService;
  recentAuth: Pick<RecentAuthentication, 'requireRecentAuthentication'>;
}) {
  return definePolicy({
    name: 'DELETE_USER',
    access: 'user',
    input: deleteUserRequestSchema,
    async run(input, context): Promise<AdminPolicyResponse> {
      const user = userOf(context);
      // Deleting the account: only after a recent sign-in or step-up.
      await deps.recentAuth.requireRecentAuthentication(user);
      return deps.admin.deleteUser(user, { host: input.host, ip: context.ip });
    },
  });
}
