import { randomUUID } from 'node:crypto';
import { messages } from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import { isUnknownUsernameLimit } from '../risk/risk.rules';
import type { FlowEvent } from './flow.rules';
import { parseProfile } from './flow.risk';
import type { FlowCall, FlowStep, FlowStepsDeps } from './flow.steps';
import type { StoredFlow } from './flow.store';

/**
 * The username step (§4.1): the risk rules first, before anything depends on whether the
 * username exists, then the user's facts for the machine (IDENTIFIER_ACCEPTED): whether a
 * password is asked, their devices, this browser's device id.
 */
export async function identifierEvent(
  deps: Pick<FlowStepsDeps, 'risk' | 'userTypeOfClient'>,
  call: FlowCall,
  flow: StoredFlow,
  step: Extract<FlowStep, { kind: 'submitIdentifier' }>,
): Promise<FlowEvent> {
  // The risk rules run before anything depends on whether the username exists: under an
  // address block (or past the unknown-username rate) every username gets one answer.
  const payload = parseProfile(step.riskPayload);
  const evaluation = await deps.risk.evaluate({
    username: step.identifier,
    riskPayload: payload,
    ip: call.context.ip,
    deviceHash: call.context.deviceHash,
    // The modal's /api/riskEvaluation used up the admin's one-shot override already.
    consumeOverride: false,
  });
  const denied = (recommendedAction: string): FlowEvent => ({
    type: 'RISK_DENIED',
    message: messages.login.accessDenied(recommendedAction),
  });
  if (evaluation.known === 'unsaid') {
    if (isUnknownUsernameLimit(evaluation.result)) {
      throw new DomainError('unknown_username_limit', {
        message: evaluation.result.recommendedAction,
      });
    }
    return denied(evaluation.result.recommendedAction);
  }
  if (!evaluation.known) return { type: 'IDENTIFIER_UNKNOWN', identifier: step.identifier };
  const { user } = evaluation;
  const portalType = deps.userTypeOfClient(flow.clientId);
  if (portalType && portalType !== user.userType) return { type: 'IDENTIFIER_WRONG_USER_TYPE' };
  // Without a browser profile the admin's override waits for the device-profile step.
  if (payload && evaluation.result.level !== 'LOW') {
    return denied(evaluation.result.recommendedAction);
  }
  return {
    type: 'IDENTIFIER_ACCEPTED',
    userId: user.id,
    username: user.uid,
    // A password is asked of a Password customer who has one (a passkey-only account has none).
    passwordRequired: user.authnPreference === 'Password' && user.passwordHash !== null,
    hasRiskPayload: payload !== null,
    identityVerified: user.identityVerified,
    devices: await call.devices.machine(user.id),
    nonce: randomUUID(),
    // This browser's HttpOnly device cookie (hashed), never the profile's device id: a
    // remembrance is bound to what the page's script cannot read or copy.
    browserDeviceId: call.context.deviceHash,
  };
}
