import { SCOPES, helpDeskRequestSchema, type HelpDeskResponse } from '@anybank/contracts';
import type { HelpDeskService } from '../../helpdesk';
import { assertAccess } from '../../identity';
import { definePolicy, userOf } from '../policy';

/**
 * The account help desk (document 2 §2 "Customer service", §7 "Help-desk launcher: takes the
 * access token as a flow parameter"): the customer-service portal starts it with the rep's own
 * access token in the body. Only a customer-service rep whose token carries the help-desk scope
 * may run it; the customer they act on proves who they are first (modules/helpdesk).
 */
export function createHelpDeskPolicy(deps: { helpDesk: HelpDeskService }) {
  const { helpDesk } = deps;
  return definePolicy({
    name: 'HELP_DESK',
    access: 'user',
    input: helpDeskRequestSchema,
    async run(input, context): Promise<HelpDeskResponse> {
      const rep = assertAccess(userOf(context), {
        userTypes: ['CustomerServiceRep'],
        scopes: [SCOPES.helpdesk],
      });
      const call = { rep, ip: context.ip };
      const session = await (() => {
        switch (input.step) {
          case 'start':
            return helpDesk.start(call, input.username);
          case 'status':
            return helpDesk.status(call, input.sessionId);
          case 'verifyCode':
            return helpDesk.verifyCode(call, input.sessionId, input.code);
          case 'sendEmailCode':
            return helpDesk.sendEmailCode(call, input.sessionId);
          case 'unlock':
            return helpDesk.unlock(call, input.sessionId);
          case 'removeDevice':
            return helpDesk.removeDevice(call, input.sessionId, input.deviceId);
          case 'cancel':
            return helpDesk.cancel(call, input.sessionId);
        }
      })();
      return { additionalProperties: session };
    },
  });
}
