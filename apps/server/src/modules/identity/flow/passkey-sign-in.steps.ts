import { tracePasskey } from '../factors/passkey/passkey-trace';
import { randomUUID } from 'node:crypto';
import { messages, type UserType } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { findMfaDeviceByCredentialId, findUserById, updateMfaDeviceCounter } from '../../directory';
import { PASSKEY_DEVICE_TYPES } from '../credentials/passkey-only.rules';
import {
  checkAssertion,
  userHandleFor,
  userHandleOf,
  type WebAuthnRelyingParty,
} from '../devices/webauthn';
import type { RiskService } from '../risk/risk.service';
import type { FlowContext } from './flow.context';
import type { FlowEvent, FlowState } from './flow.rules';
import { parseProfile } from './flow.risk';
import type { StoredFlow } from './flow.store';

export type PasskeySignInStep =
  | { kind: 'startPasskeySignIn' }
  | {
      kind: 'signInWithPasskey';
      assertion: Record<string, unknown>;
      riskPayload: Record<string, unknown>;
    };

/** The challenge the flow handed out for a username-less sign-in, if it did. */
function discoverableChallenge(state: FlowState): string | null {
  const options = state.webauthnOptions;
  if (!options || options.discoverable !== true || typeof options.challenge !== 'string') {
    return null;
  }
  return options.challenge;
}

/**
 * The facts for a sign-in from the username field's passkey suggestion
 * (passkey-sign-in.rules.ts decides). The credential is looked up by the id in the browser's
 * answer (with two passkeys for the site the browser may answer with either: stack notes), its
 * owner is the one who signs in, and the answer is verified against the flow's challenge with
 * user verification required. Then the portal and the risk rules have their say, as at the
 * username step: a HIGH risk still denies.
 */
export function createPasskeySignInSteps(deps: {
  db: Database;
  risk: RiskService;
  webauthn: WebAuthnRelyingParty;
  userTypeOfClient: (clientId: string) => UserType | null;
}) {
  const { db, webauthn } = deps;
  const refused: FlowEvent = { type: 'PASSKEY_SIGN_IN_REFUSED' };

  async function signIn(
    context: FlowContext,
    flow: StoredFlow,
    step: Extract<PasskeySignInStep, { kind: 'signInWithPasskey' }>,
  ): Promise<FlowEvent> {
    const { state } = flow;
    // Not at the username: the machine refuses it as at a wrong status.
    if (state.status !== 'IDENTIFIER_REQUIRED') return refused;
    const payload = parseProfile(step.riskPayload);
    const challenge = discoverableChallenge(state);
    const credentialId = typeof step.assertion.id === 'string' ? step.assertion.id : null;
    if (!challenge || !credentialId || !payload) return refused;
    const device = await findMfaDeviceByCredentialId(db, credentialId);
    if (
      !device?.credentialId ||
      !device.publicKey ||
      !PASSKEY_DEVICE_TYPES.includes(device.type) ||
      device.rpId !== webauthn.rpId
    ) {
      return refused;
    }
    const user = await findUserById(db, device.userId);
    if (!user) return refused;
    // No username came first: the passkey names its owner, and it must be the owner of the
    // credential it signed with (WebAuthn §7.2 step 6).
    if (userHandleOf(step.assertion) !== userHandleFor(user.id)) return refused;
    const check = await checkAssertion(
      webauthn,
      step.assertion,
      challenge,
      {
        credentialId: device.credentialId,
        publicKey: device.publicKey,
        signCount: device.signCount,
      },
      { requireUserVerification: true },
    );
    if (!check.ok) {
      return check.reason === 'counter'
        ? {
            type: 'PASSKEY_SIGN_IN_CLONED',
            userId: user.id,
            deviceId: device.id,
            deviceType: device.type,
          }
        : refused;
    }
    await updateMfaDeviceCounter(db, device.id, check.newCounter);
    await tracePasskey(db, device, check);

    const portalType = deps.userTypeOfClient(flow.clientId);
    if (portalType && portalType !== user.userType) return { type: 'IDENTIFIER_WRONG_USER_TYPE' };
    // No /api/riskEvaluation came before this step: this evaluation is the sign-in's own, and
    // uses up the demo admin's one-shot high-risk switch.
    const evaluation = await deps.risk.evaluate({
      username: user.uid,
      riskPayload: payload,
      ip: context.ip,
      deviceHash: context.deviceHash,
      // A verified passkey is the owner's: other addresses' failed passwords never refuse it.
      passkey: true,
      consumeOverride: true,
      user,
    });
    if (evaluation.known === false) return refused;
    if (evaluation.result.level !== 'LOW') {
      return {
        type: 'RISK_DENIED',
        message: messages.login.accessDenied(evaluation.result.recommendedAction),
      };
    }
    return {
      type: 'PASSKEY_SIGN_IN_ACCEPTED',
      userId: user.id,
      username: user.uid,
      identityVerified: user.identityVerified,
    };
  }

  return {
    async eventFor(
      context: FlowContext,
      flow: StoredFlow,
      step: PasskeySignInStep,
    ): Promise<FlowEvent> {
      if (step.kind === 'startPasskeySignIn') {
        return { type: 'PASSKEY_CHALLENGE_ISSUED', nonce: randomUUID() };
      }
      return signIn(context, flow, step);
    },
  };
}

export type PasskeySignInSteps = ReturnType<typeof createPasskeySignInSteps>;
