import { phishingEmailRequestSchema, type AdminPolicyResponse } from '@anybank/contracts';
import type { AdminService } from '../../admin';
import { definePolicy, userOf } from '../policy';

/**
 * Phishing email (document 2 §7: `to`, `accessToken`, `host`): the demo admin sends the
 * realistic phishing message to the signed-in customer's own outbox. Acts on a user: their
 * access token is in the body, and `to` must be their own address.
 */
export function createPhishingEmailPolicy(deps: { admin: AdminService }) {
  return definePolicy({
    name: 'PHISHING_EMAIL',
    access: 'user',
    input: phishingEmailRequestSchema,
    async run(input, context): Promise<AdminPolicyResponse> {
      return deps.admin.sendPhishingEmail(userOf(context), {
        to: input.to,
        host: input.host,
        ip: context.ip,
      });
    },
  });
}
