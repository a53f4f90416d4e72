import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Modal } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import type { FlowResponse, PairingMethod } from '@anybank/contracts';
import { ErrorModal } from '../../components/ErrorModal';
import { Logo } from '../../components/ui/Logo';
import { publicConfig } from '../../lib/config';
import { DEFAULT_ERROR, errorWithMessage, signInErrors } from '../../lib/error-catalogue';
import type { ErrorContent } from '../../lib/error-catalogue';
import { browserFidoCompatibility, useFidoCompatibility } from '../../lib/fido-compatibility';
import { sessionStore, useSessionItem } from '../../lib/session-storage';
import { collectRiskPayload } from '../../lib/signals';
import { restartSignIn } from '../../lib/sign-in';
import { AuthenticatorAppTab } from './AuthenticatorAppTab';
import { DeviceSelectionTab } from './DeviceSelectionTab';
import { FailureTab } from './FailureTab';
import { FidoTab } from './FidoTab';
import { FlowRequestError, evaluateRisk, getFlow, postFlow } from './flow-api';
import type { FlowAuth } from './flow-api';
import type { FlowStep } from './login-model';
import { ForgotUsernameTab } from './ForgotUsernameTab';
import { IdentifierTab } from './IdentifierTab';
import type { PasswordSubmission } from './IdentifierTab';
import {
  NO_FLAGS,
  PAIRING_STATUSES,
  closeDestination,
  failureTextsOf,
  hasError,
  isPairingFailure,
  reactionTo,
  storedFlowResponse,
  tabFor,
} from './login-model';
import type { LoginFlags } from './login-model';
import { NewPasswordTab } from './NewPasswordTab';
import { qrCodeFor, recoverUsername } from './orchestration-api';
import { OtpTab } from './OtpTab';
import { PairingCodeTab } from './PairingCodeTab';
import { PairingMethodTab } from './PairingMethodTab';
import { PairingOfferTab } from './PairingOfferTab';
import { PairingResultTab } from './PairingResultTab';
import { PairingTargetTab } from './PairingTargetTab';
import type { PairingTarget } from './PairingTargetTab';
import { PasswordResetDoneTab } from './PasswordResetDoneTab';
import { PushTab } from './PushTab';
import { RecoveryCodeTab } from './RecoveryCodeTab';
import type { RecoverySubmission } from './RecoveryCodeTab';
import { RecoveryUsernameTab } from './RecoveryUsernameTab';
import { StepUpPasswordTab } from './StepUpPasswordTab';
import { usePushPolling } from './use-push-polling';
import { UsernameSentTab } from './UsernameSentTab';
import { WaitingTab } from './WaitingTab';

/** The modal follows the flow on its own for a few steps at most; more means a loop. */
const MAX_STEPS_WITHOUT_USER = 6;

interface LoginModalProps {
  flowId: string;
  /** Leaves the modal (for the home page, in a sign-in). */
  onClose: () => void;
  /**
   * Adding a device for the signed-in customer (the profile page): every flow call carries
   * the access token, the pairing tabs (8–13, 15) show, and RESUME without resumeUrl ends it.
   */
  pairing?: boolean;
  /** The flow's first answer when the opener already has it (the pairing flow's start). */
  initialFlow?: FlowResponse;
  /** A pairing is over (RESUME without resumeUrl): the modal is done, nothing navigates. */
  onDone?: () => void;
  /**
   * A step-up (issue 12 §2): the signed-in customer confirms it is them before a change. Like
   * a pairing, every call carries the access token and RESUME without resumeUrl ends it.
   */
  stepUp?: boolean;
}

/** How `settle` treats failures: a pairing step's go to tab 12 (§8), others to the error modal. */
interface SettleOptions {
  pairing?: boolean;
}

/**
 * The login modal (document 1 §2.4, §4.1–§4.5). It renders the server's flow response, kept in
 * session item `flowResponse`, and posts what the user enters; the flow engine decides what
 * comes next. Flags it keeps itself (`LoginFlags`): invalid username, the OTP attempt limit, a
 * denied push, the pairing offer taken or failed, and forgot username (beside the flow).
 */
export function LoginModal({
  flowId,
  onClose,
  pairing = false,
  initialFlow,
  onDone,
  stepUp = false,
}: LoginModalProps) {
  const flow = storedFlowResponse(useSessionItem('flowResponse'), flowId);
  // A pairing from the profile page starts at the device types (tab 9), or at the limit (tab 8).
  const [flags, setFlags] = useState<LoginFlags>(
    pairing ? { ...NO_FLAGS, addingDevice: true } : NO_FLAGS,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorContent | null>(null);
  // One dialog at a time: the error modal opens once the login modal has faded out.
  const [loginHidden, setLoginHidden] = useState(false);
  const loadedFlowId = useRef<string | null>(null);
  const headingId = useId();
  const compatibility = useFidoCompatibility();
  const mode = pairing ? 'pairing' : stepUp ? 'step-up' : 'sign-in';
  /** Pairing and step-up: flows of the signed-in customer, closed in place. */
  const signedIn = pairing || stepUp;

  /** Such a flow is bound to the customer's access token: read at each call, never kept. */
  const flowAuth = useCallback(
    (): FlowAuth => (signedIn ? { bearer: sessionStore.get('AT') } : {}),
    [signedIn],
  );
  const getThisFlow = useCallback(() => getFlow(flowId, flowAuth()), [flowId, flowAuth]);
  const postThisFlow = useCallback(
    (step: FlowStep, body: Record<string, unknown> = {}) =>
      postFlow(flowId, step, body, flowAuth()),
    [flowId, flowAuth],
  );

  /**
   * Takes a flow answer: keeps it, then does what it calls for by itself (continue, send the
   * device profile, reload after an unknown username, go to resumeUrl). Resolves with the last
   * answer the user gets to see, or null when the request failed.
   */
  const settle = useCallback(
    async (
      request: Promise<FlowResponse>,
      options: SettleOptions = {},
    ): Promise<FlowResponse | null> => {
      setBusy(true);
      try {
        let response = await request;
        for (let step = 0; step < MAX_STEPS_WITHOUT_USER; step += 1) {
          sessionStore.set('flowResponse', JSON.stringify(response));
          const reaction = reactionTo(response, mode);
          switch (reaction.kind) {
            case 'post':
              response = await postThisFlow(
                reaction.step,
                reaction.withDeviceProfile ? { signalsSdkDeviceProfile: collectRiskPayload() } : {},
              );
              continue;
            case 'reload-invalid-username':
              setFlags((current) => ({ ...current, invalidUsername: reaction.message }));
              response = await getThisFlow();
              continue;
            case 'navigate':
              window.location.assign(reaction.url);
              return response;
            case 'done':
              sessionStore.remove('flowResponse');
              onDone?.();
              return response;
            case 'otp-attempts-limit':
              setFlags((current) => ({ ...current, otpAttemptsLimit: true }));
              return response;
            case 'cancel-after-push':
              // §4.3: the phone said no (or nothing): say so, and let the person choose again.
              setFlags((current) => ({ ...current, pushFailed: true }));
              response = await postThisFlow('cancelAuthentication');
              continue;
            case 'error-modal':
              setError(reaction.error);
              return response;
            case 'show':
              if (options.pairing && isPairingFailure(response)) {
                setFlags((current) => ({ ...current, pairingFailed: true }));
              }
              return response;
          }
        }
        setError(DEFAULT_ERROR);
        return response;
      } catch (failure) {
        if (options.pairing) {
          console.error(failure);
          setFlags((current) => ({ ...current, pairingFailed: true }));
        } else if (failure instanceof FlowRequestError)
          setError(errorWithMessage(failure.userMessage));
        else {
          console.error(failure);
          setError(DEFAULT_ERROR);
        }
        return null;
      } finally {
        setBusy(false);
      }
    },
    [mode, getThisFlow, postThisFlow, onDone],
  );

  useEffect(() => {
    // Once per flow (React runs effects twice in development).
    if (loadedFlowId.current === flowId) return;
    loadedFlowId.current = flowId;
    void settle(initialFlow?.id === flowId ? Promise.resolve(initialFlow) : getThisFlow());
  }, [flowId, initialFlow, getThisFlow, settle]);

  const movedOn = (response: FlowResponse | null) => response !== null && !hasError(response);

  /** Posts a step the person asked for; resolves true when the flow moved on. */
  const postStep = async (
    name: FlowStep,
    body: Record<string, unknown> = {},
    options?: SettleOptions,
  ) => movedOn(await settle(postThisFlow(name, body), options));

  // §4.3: while the phone is asked, the flow is read every 3 s; an unchanged answer is dropped.
  const waitingForPhone =
    error === null &&
    !busy &&
    flow?.status === 'PUSH_CONFIRMATION_WAITING' &&
    !hasError(flow) &&
    tabFor(flow, flags) === 7;
  usePushPolling(
    waitingForPhone,
    flowId,
    (response) => {
      if (response.status === 'PUSH_CONFIRMATION_WAITING' && !hasError(response)) return;
      void settle(Promise.resolve(response));
    },
    (failure) => {
      if (failure instanceof FlowRequestError) setError(errorWithMessage(failure.userMessage));
      else {
        console.error(failure);
        setError(DEFAULT_ERROR);
      }
    },
  );

  const submitIdentifier = async (username: string) => {
    setFlags((current) => ({ ...current, invalidUsername: null }));
    setNotice(null);
    setBusy(true);
    const riskPayload = collectRiskPayload();
    const risk = await evaluateRisk(username, riskPayload);
    switch (risk.kind) {
      case 'proceed':
        await settle(postThisFlow('submitIdentifier', { identifier: username, riskPayload }));
        return;
      case 'denied':
        setError(signInErrors.accessDenied(risk.recommendedAction));
        break;
      case 'invalid-username':
        setFlags((current) => ({ ...current, invalidUsername: messages.login.invalidUsername }));
        break;
      case 'failed':
        setNotice(messages.login.riskCallFailed);
        break;
    }
    setBusy(false);
  };

  const submitPassword = async (submission: PasswordSubmission) =>
    movedOn(await settle(postThisFlow('checkUsernamePassword', { ...submission })));

  const selectDevice = (deviceId: string) => {
    setFlags((current) => ({ ...current, pushFailed: false }));
    const withProfile = flow?.status === 'DEVICE_PROFILE_REQUIRED';
    void settle(
      postThisFlow('selectDevice', {
        deviceRef: { id: deviceId },
        ...(withProfile ? { signalsSdkDeviceProfile: collectRiskPayload() } : {}),
      }),
    );
  };

  const checkOtp = (otp: string) => postStep('checkOtp', { otp });

  /** Cancels this second factor: the flow asks again how to confirm (tab 2). */
  const chooseAnotherWay = () => void postStep('cancelAuthentication');
  const continueAuthentication = () => void postStep('continueAuthentication');

  // Forgot username (tabs 4 and 5), beside the flow: the flow stays at the username.
  const forgotUsername = () => {
    setNotice(null);
    setFlags((current) => ({ ...current, forgotUsername: { sentTo: null } }));
  };
  const backToSignIn = () => setFlags((current) => ({ ...current, forgotUsername: null }));
  const submitForgotUsername = async (mail: string) => {
    setBusy(true);
    const outcome = await recoverUsername(mail);
    setBusy(false);
    if (outcome.kind === 'sent') {
      setFlags((current) => ({ ...current, forgotUsername: { sentTo: mail } }));
    }
    return outcome;
  };

  // Forgot password (tabs 16–18) and a password that must change (tab 14).
  const forgotPassword = () => {
    setNotice(null);
    setFlags((current) => ({ ...current, invalidUsername: null }));
    void postStep('initiateAccountRecovery');
  };
  const submitRecoveryUsername = (username: string) =>
    void postStep('submitRecoveryUsername', { username });
  const recoverAccount = (submission: RecoverySubmission) =>
    postStep('recoverAccount', { ...submission });
  const resetPassword = (newPassword: string) => postStep('resetPassword', { newPassword });

  // Pairing another device (tabs 8–13, 15).
  const addDevice = () => setFlags((current) => ({ ...current, addingDevice: true }));
  const pairingStep = (name: FlowStep, body: Record<string, unknown> = {}) =>
    postStep(name, body, { pairing: true });
  const selectPairingMethod = (deviceType: PairingMethod) =>
    void pairingStep('selectPairingMethod', { devicePairingMethod: { deviceType } });
  const submitPairingTarget = (target: PairingTarget) =>
    void pairingStep('submitPairingTarget', { ...target });
  const activateWithCode = (otp: string) => pairingStep('activateDevice', { otp });
  const cancelPairing = () => void postStep('cancelDevicePairing');
  /** Tab 12's Continue: after a failure, out of the pairing; after a success, on. */
  const continueAfterPairing = () => {
    setFlags((current) => ({ ...current, pairingFailed: false }));
    if (flow && PAIRING_STATUSES.includes(flow.status)) cancelPairing();
    else continueAuthentication();
  };

  // FIDO2 (tabs 13 and 14): the browser's answer, with the page's origin and compatibility.
  const fidoContext = async () => ({
    origin: window.location.origin,
    compatibility: await browserFidoCompatibility(),
  });
  const activateWithAttestation = async (attestation: Record<string, unknown>) =>
    settle(postThisFlow('activateDevice', { attestation, ...(await fidoContext()) }), {
      pairing: true,
    });
  const checkAssertion = async (assertion: Record<string, unknown>) =>
    settle(postThisFlow('checkAssertion', { assertion, ...(await fidoContext()) }));

  const leave = useCallback(() => {
    sessionStore.remove('flowResponse');
    onClose();
  }, [onClose]);

  /** Try again: a new sign-in; a pairing just closes (the profile page can start another). */
  const tryAgain = () => (signedIn ? leave() : void restartSignIn());

  /** Self-service (§2.5): cancel the flow, and follow it back to the application that asked. */
  const returnToRequester = useCallback(
    (fallback: () => void) => {
      void postThisFlow('cancelAuthentication')
        .then((response) => {
          if (response.resumeUrl) window.location.assign(response.resumeUrl);
          else fallback();
        })
        .catch(fallback);
    },
    [postThisFlow],
  );

  const selfService = flow?.selfService === true;

  /** Back to the retail checkout site with error=access_denied if the visitor came from it. */
  const leaveToReferrer = useCallback(() => {
    const destination = closeDestination(document.referrer, publicConfig.retailSiteUrl);
    if (!destination.external) return false;
    sessionStore.remove('flowResponse');
    window.location.assign(destination.to);
    return true;
  }, []);

  /**
   * Closing goes home, or back to the retail checkout site (§2.4). A sign-in that another
   * application asked for, whose referrer the browser withheld, is cancelled instead, so that
   * the application gets its visitor back with access_denied.
   */
  const close = useCallback(() => {
    if (signedIn) {
      leave();
      return;
    }
    if (leaveToReferrer()) return;
    if (selfService) returnToRequester(leave);
    else leave();
  }, [signedIn, leaveToReferrer, selfService, returnToRequester, leave]);

  const returnAfterError = useCallback(
    () =>
      returnToRequester(() => {
        if (!leaveToReferrer()) leave();
      }),
    [returnToRequester, leaveToReferrer, leave],
  );

  const tab = tabFor(flow, flags);
  let content: ReactNode;
  if (tab === 1 && stepUp) {
    content = (
      <StepUpPasswordTab
        headingId={headingId}
        flow={flow}
        busy={busy}
        onSubmit={submitPassword}
        onChooseAnother={chooseAnotherWay}
      />
    );
  } else if (tab === 1) {
    content = (
      <IdentifierTab
        headingId={headingId}
        flow={flow}
        flags={flags}
        notice={notice}
        busy={busy}
        onSubmitIdentifier={(username) => void submitIdentifier(username)}
        onSubmitPassword={submitPassword}
        onForgotUsername={forgotUsername}
        onForgotPassword={forgotPassword}
      />
    );
  } else if (tab === 2 && flow) {
    content = (
      <DeviceSelectionTab
        headingId={headingId}
        flow={flow}
        compatibility={compatibility}
        notice={flags.pushFailed ? messages.login.pushRejectedOrTimedOut : null}
        busy={busy}
        onSelect={selectDevice}
      />
    );
  } else if (tab === 3) {
    content = (
      <OtpTab
        headingId={headingId}
        flow={flow}
        attemptsLimit={flags.otpAttemptsLimit}
        busy={busy}
        onSubmit={checkOtp}
        onTryAgain={tryAgain}
      />
    );
  } else if (tab === 4) {
    content = (
      <ForgotUsernameTab
        headingId={headingId}
        busy={busy}
        onSubmit={submitForgotUsername}
        onBack={backToSignIn}
      />
    );
  } else if (tab === 5 && flags.forgotUsername?.sentTo) {
    content = (
      <UsernameSentTab
        headingId={headingId}
        sentTo={flags.forgotUsername.sentTo}
        onBack={backToSignIn}
      />
    );
  } else if (tab === 7) {
    content = (
      <PushTab
        headingId={headingId}
        flow={flow}
        notice={flags.pushFailed ? messages.login.pushRejectedOrTimedOut : null}
        busy={busy}
        onChooseAnother={chooseAnotherWay}
      />
    );
  } else if (tab === 8 && flow) {
    content = (
      <PairingOfferTab
        headingId={headingId}
        flow={flow}
        busy={busy}
        onAddDevice={addDevice}
        onContinue={continueAuthentication}
      />
    );
  } else if (tab === 9 && flow) {
    content = (
      <PairingMethodTab
        headingId={headingId}
        flow={flow}
        compatibility={compatibility ?? 'NONE'}
        busy={busy}
        onSelect={selectPairingMethod}
        onCancel={cancelPairing}
      />
    );
  } else if (tab === 10 && flow) {
    content = (
      <PairingTargetTab
        headingId={headingId}
        flow={flow}
        busy={busy}
        onSubmit={submitPairingTarget}
        onCancel={cancelPairing}
      />
    );
  } else if (tab === 11 && flow) {
    content = (
      <PairingCodeTab
        headingId={headingId}
        flow={flow}
        busy={busy}
        onSubmit={activateWithCode}
        onCancel={cancelPairing}
      />
    );
  } else if (tab === 12) {
    content = (
      <PairingResultTab
        headingId={headingId}
        flow={flow}
        failed={flags.pairingFailed}
        busy={busy}
        onContinue={continueAfterPairing}
      />
    );
  } else if (tab === 13 && flow) {
    content = (
      <FidoTab
        headingId={headingId}
        ceremony="register"
        flow={flow}
        busy={busy}
        onAnswer={activateWithAttestation}
        onLeave={cancelPairing}
      />
    );
  } else if (tab === 14 && flow?.status === 'ASSERTION_REQUIRED') {
    content = (
      <FidoTab
        headingId={headingId}
        ceremony="authenticate"
        flow={flow}
        busy={busy}
        onAnswer={checkAssertion}
        onLeave={chooseAnotherWay}
      />
    );
  } else if (tab === 14 && flow) {
    content = (
      <NewPasswordTab headingId={headingId} flow={flow} busy={busy} onSubmit={resetPassword} />
    );
  } else if (tab === 15 && flow) {
    content = (
      <AuthenticatorAppTab
        headingId={headingId}
        flow={flow}
        busy={busy}
        qrCodeFor={qrCodeFor}
        onSubmit={activateWithCode}
        onCancel={cancelPairing}
      />
    );
  } else if (tab === 16 && flow) {
    content = (
      <RecoveryUsernameTab
        headingId={headingId}
        flow={flow}
        busy={busy}
        onSubmit={submitRecoveryUsername}
      />
    );
  } else if (tab === 17 && flow) {
    content = (
      <RecoveryCodeTab headingId={headingId} flow={flow} busy={busy} onSubmit={recoverAccount} />
    );
  } else if (tab === 18) {
    content = (
      <PasswordResetDoneTab headingId={headingId} busy={busy} onContinue={continueAuthentication} />
    );
  } else if (tab === 6) {
    content = <WaitingTab headingId={headingId} status={flow?.status ?? null} />;
  } else {
    // Tab 19: the flow failed (in recovery: its message and userMessage, §4.1).
    content = (
      <FailureTab headingId={headingId} texts={failureTextsOf(flow)} onTryAgain={tryAgain} />
    );
  }

  return (
    <>
      <Modal
        show={error === null}
        onHide={close}
        backdrop="static"
        centered
        aria-labelledby={headingId}
        className="login-modal"
        onEnter={() => setLoginHidden(false)}
        onExited={() => setLoginHidden(true)}
      >
        <Modal.Header
          closeButton
          closeLabel={
            pairing ? 'Close add a device' : stepUp ? 'Close confirm it is you' : 'Close sign in'
          }
        >
          <Logo />
        </Modal.Header>
        <Modal.Body data-login-tab={tab}>
          <div key={tab}>{content}</div>
        </Modal.Body>
      </Modal>
      <ErrorModal
        error={loginHidden ? error : null}
        selfService={selfService}
        onSelfServiceReturn={returnAfterError}
        onTryAgain={tryAgain}
        onQuit={leave}
      />
    </>
  );
}
