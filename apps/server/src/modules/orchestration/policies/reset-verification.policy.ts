import { resetVerificationRequestSchema, type AdminPolicyResponse } from '@anybank/contracts';
import type { AdminService } from '../../admin';
import { definePolicy, userOf } from '../policy';

/**
 * Reset verification (document 2 §7: `host`, `accessToken`): clears the signed-in customer's
 * identity-verified flag, so that their next credit-card application verifies them again.
 */
export function createResetVerificationPolicy(deps: { admin: AdminService }) {
  return definePolicy({
    name: 'RESET_VERIFICATION',
    access: 'user',
    input: resetVerificationRequestSchema,
    async run(input, context): Promise<AdminPolicyResponse> {
      return deps.admin.resetVerification(userOf(context), { host: input.host, ip: context.ip });
    },
  });
}
