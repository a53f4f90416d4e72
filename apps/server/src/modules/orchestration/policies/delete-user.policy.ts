import { deleteUserRequestSchema, type AdminPolicyResponse } from '@anybank/contracts';
import type { AdminService } from '../../admin/admin.service';
import { definePolicy, userOf } from '../policy';

/**
 * Delete user (document 2 §7: `accessToken`, `host`; a failure's reason in
 * `additionalProperties.errorBody`): the signed-in customer deletes their own account. The
 * token that asked stops working with it.
 */
export function createDeleteUserPolicy(deps: { admin: AdminService }) {
  return definePolicy({
    name: 'DELETE_USER',
    access: 'user',
    input: deleteUserRequestSchema,
    async run(input, context): Promise<AdminPolicyResponse> {
      return deps.admin.deleteUser(userOf(context), { host: input.host, ip: context.ip });
    },
  });
}
