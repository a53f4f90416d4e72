import { PAIRING_STATUSES, messages } from '@anybank/contracts';
import type { FlowAnswer } from '../../lib/flow-answer';
import { signInErrors } from '../../lib/error-catalogue';
import { browserFidoCompatibility } from './fido-compatibility';
import { collectRiskPayload } from '../../lib/signals';
import { evaluateRisk } from './flow-api';
import type { PasswordSubmission } from './IdentifierTab';
import { hasError } from './login-model';
import type { FlowStep } from './login-model';
import { recoverUsername } from './orchestration-api';
import type { PairingTarget } from './PairingTargetTab';
import type { RecoverySubmission } from './RecoveryCodeTab';
import type { LoginFlow, SettleOptions } from './use-login-flow';

/**
 * What the person can do on the login modal's tabs: each posts a flow step (or, for forgot
 * username, asks the orchestration service beside the flow) and lets `settle` take the answer.
 */
export function loginActionsOf({ flow, state, dispatch, settle, postThisFlow }: LoginFlow) {
  const movedOn = (response: FlowAnswer | null) => response !== null && !hasError(response);

  /** Posts a step the person asked for; resolves true when the flow moved on. */
  const postStep = async (
    name: FlowStep,
    body: Record<string, unknown> = {},
    options?: SettleOptions,
  ) => movedOn(await settle(postThisFlow(name, body), options));

  const submitIdentifier = async (username: string) => {
    dispatch({ type: 'flags', flags: { invalidUsername: null } });
    dispatch({ type: 'notice', notice: null });
    dispatch({ type: 'busy', busy: true });
    const riskPayload = collectRiskPayload();
    const risk = await evaluateRisk(username, riskPayload);
    switch (risk.kind) {
      case 'proceed':
        await settle(postThisFlow('submitIdentifier', { identifier: username, riskPayload }));
        return;
      case 'denied':
        dispatch({ type: 'error', error: signInErrors.accessDenied(risk.recommendedAction) });
        break;
      case 'invalid-username':
        dispatch({ type: 'flags', flags: { invalidUsername: messages.login.invalidUsername } });
        break;
      case 'failed':
        dispatch({ type: 'notice', notice: messages.login.riskCallFailed });
        break;
    }
    dispatch({ type: 'busy', busy: false });
  };

  /** Cancels this second factor: the flow asks again how to confirm (tab 2). */
  const chooseAnotherWay = () => void postStep('cancelAuthentication');
  // The answer to "Don't ask again on this browser" goes with it.
  const continueAuthentication = () =>
    void postStep('continueAuthentication', { rememberBrowser: state.flags.rememberBrowser });
  const cancelPairing = () => void postStep('cancelDevicePairing');
  const pairingStep = (name: FlowStep, body: Record<string, unknown> = {}) =>
    postStep(name, body, { pairing: true });

  // FIDO2 (tabs 13 and 14): the browser's answer, with the page's origin and compatibility.
  const fidoContext = async () => ({
    origin: window.location.origin,
    compatibility: await browserFidoCompatibility(),
  });

  return {
    submitIdentifier: (username: string) => void submitIdentifier(username),
    submitPassword: (submission: PasswordSubmission) =>
      postStep('checkUsernamePassword', { ...submission }),
    selectDevice: (deviceId: string) => {
      dispatch({ type: 'flags', flags: { pushFailed: false } });
      const withProfile = flow?.status === 'DEVICE_PROFILE_REQUIRED';
      void settle(
        postThisFlow('selectDevice', {
          deviceRef: { id: deviceId },
          ...(withProfile ? { signalsSdkDeviceProfile: collectRiskPayload() } : {}),
        }),
      );
    },
    checkOtp: (otp: string) => postStep('checkOtp', { otp }),
    setRememberBrowser: (rememberBrowser: boolean) =>
      dispatch({ type: 'flags', flags: { rememberBrowser } }),
    // A recovery code instead of the second factor.
    useRecoveryCode: () => void postStep('useRecoveryCode'),
    checkRecoveryCode: (recoveryCode: string) => postStep('checkRecoveryCode', { recoveryCode }),
    chooseAnotherWay,
    continueAuthentication,

    // Forgot username (tabs 4 and 5), beside the flow: the flow stays at the username.
    forgotUsername: () => {
      dispatch({ type: 'notice', notice: null });
      dispatch({ type: 'flags', flags: { forgotUsername: { sentTo: null } } });
    },
    backToSignIn: () => dispatch({ type: 'flags', flags: { forgotUsername: null } }),
    submitForgotUsername: async (mail: string) => {
      dispatch({ type: 'busy', busy: true });
      const outcome = await recoverUsername(mail);
      dispatch({ type: 'busy', busy: false });
      if (outcome.kind === 'sent') {
        dispatch({ type: 'flags', flags: { forgotUsername: { sentTo: mail } } });
      }
      return outcome;
    },

    // Forgot password (tabs 16–18) and a password that must change (tab 14).
    forgotPassword: () => {
      dispatch({ type: 'notice', notice: null });
      dispatch({ type: 'flags', flags: { invalidUsername: null } });
      void postStep('initiateAccountRecovery');
    },
    submitRecoveryUsername: (username: string) =>
      void postStep('submitRecoveryUsername', { username }),
    recoverAccount: (submission: RecoverySubmission) =>
      postStep('recoverAccount', { ...submission }),
    resetPassword: (newPassword: string) => postStep('resetPassword', { newPassword }),

    // Pairing another device (tabs 8–13, 15).
    addDevice: () => dispatch({ type: 'flags', flags: { addingDevice: true } }),
    selectPairingMethod: (deviceType: string) =>
      void pairingStep('selectPairingMethod', { devicePairingMethod: { deviceType } }),
    submitPairingTarget: (target: PairingTarget) =>
      void pairingStep('submitPairingTarget', { ...target }),
    activateWithCode: (otp: string) => pairingStep('activateDevice', { otp }),
    cancelPairing,
    /** Tab 12's Continue: after a failure, out of the pairing; after a success, on. */
    continueAfterPairing: () => {
      dispatch({ type: 'flags', flags: { pairingFailed: false } });
      if (flow && PAIRING_STATUSES.includes(flow.status)) cancelPairing();
      else continueAuthentication();
    },
    activateWithAttestation: async (attestation: Record<string, unknown>) =>
      settle(postThisFlow('activateDevice', { attestation, ...(await fidoContext()) }), {
        pairing: true,
      }),
    // The username field's passkey suggestions (options, then the answer).
    passkeyOptions: async () =>
      (await postThisFlow('startPasskeySignIn')).publicKeyCredentialRequestOptions,
    signInWithPasskey: async (assertion: Record<string, unknown>) => {
      await settle(
        postThisFlow('signInWithPasskey', {
          assertion,
          origin: window.location.origin,
          riskPayload: collectRiskPayload(),
        }),
      );
    },
    checkAssertion: async (assertion: Record<string, unknown>) =>
      settle(postThisFlow('checkAssertion', { assertion, ...(await fidoContext()) })),
  };
}

export type LoginActions = ReturnType<typeof loginActionsOf>;
