import { errors, type Configuration } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { deliveryMessages } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { listMfaDevicesOf } from '../../directory';
import { isActivatedPhone } from '../challenge/methods/phone-push/phone-push.device';
import type { PushService } from '../devices/push.service';

/** The server-side client that asks a customer's phone to approve a transfer (CIBA, poll). */
export const TRANSFER_APPROVAL_CLIENT_ID = 'anybank-transfer-approvals';

/**
 * Client-Initiated Backchannel Authentication (oidc-provider's `features.ciba`): the login
 * hint is the customer's subject, the binding message says what is approved, and the request
 * goes to the phone app as a push. The phone's signed decision completes it
 * (`completeBackchannelRequest`), and the waiting caller sees the result on its token poll.
 */
export function cibaConfiguration(deps: {
  db: Database;
  push: () => PushService;
}): NonNullable<NonNullable<Configuration['features']>['ciba']> {
  async function activatedPhoneOf(userId: string) {
    return (await listMfaDevicesOf(deps.db, userId)).find(isActivatedPhone);
  }
  return {
    enabled: true,
    deliveryModes: ['poll'],
    processLoginHint: async (_ctx, loginHint) => {
      if (!loginHint || !(await activatedPhoneOf(loginHint))) {
        throw new errors.InvalidRequest('the customer has no activated phone app');
      }
      return loginHint;
    },
    processLoginHintToken: () => {
      throw new errors.InvalidRequest('login_hint_token is not supported');
    },
    // Shown on the phone as it is: printable characters only, no line breaks or controls.
    validateBindingMessage: (_ctx, bindingMessage) => {
      if (
        !bindingMessage ||
        bindingMessage.length > 160 ||
        !/^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(bindingMessage)
      ) {
        throw new errors.InvalidBindingMessage(
          'the binding message must be 1-160 printable characters',
        );
      }
    },
    validateRequestContext: (_ctx, requestContext) => {
      if (requestContext !== undefined && !contextDetails(requestContext)) {
        throw new errors.InvalidRequest('request_context must be a JSON object of short texts');
      }
    },
    verifyUserCode: () => undefined,
    triggerAuthenticationDevice: async (_ctx, request, account) => {
      const phone = await activatedPhoneOf(account.accountId);
      if (!phone) throw new errors.InvalidRequest('the customer has no activated phone app');
      await deps.push().send({
        userId: account.accountId,
        deviceId: phone.id,
        kind: 'transfer',
        context: {
          title: deliveryMessages.transferPushTitle,
          details: contextDetails(String(request.params?.request_context ?? '')) ?? {
            Transfer: String(request.params?.binding_message ?? ''),
          },
          cibaRequestId: request.jti,
        },
      });
    },
  };
}

/** The request context as the phone's detail lines: at most 6 short texts, or null. */
function contextDetails(requestContext: string): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(requestContext);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed);
    const short = (value: unknown) => typeof value === 'string' && value.length <= 80;
    return entries.length <= 6 && entries.every(([key, value]) => key.length <= 40 && short(value))
      ? (Object.fromEntries(entries) as Record<string, string>)
      : null;
  } catch {
    return null;
  }
}

/** The phone decided: complete the backchannel request with a grant, or access_denied. */
export async function completeBackchannelRequest(
  provider: Provider,
  requestId: string,
  approved: boolean,
): Promise<void> {
  const request = await provider.BackchannelAuthenticationRequest.find(requestId, {
    ignoreExpiration: true,
  });
  if (!request?.accountId) return;
  if (!approved) {
    await provider.backchannelResult(
      request,
      new errors.AccessDenied('the customer declined on their phone'),
    );
    return;
  }
  const grant = new provider.Grant({ accountId: request.accountId, clientId: request.clientId });
  grant.addOIDCScope('openid');
  await grant.save();
  await provider.backchannelResult(request, grant, { amr: ['mfa'] });
}
