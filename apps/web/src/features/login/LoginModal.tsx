import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Modal } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { ErrorModal } from '../../components/ErrorModal';
import { Logo } from '../../components/ui/Logo';
import { publicConfig } from '../../lib/config';
import { DEFAULT_ERROR, errorWithMessage, signInErrors } from '../../lib/error-catalogue';
import type { ErrorContent } from '../../lib/error-catalogue';
import { sessionStore, useSessionItem } from '../../lib/session-storage';
import { collectRiskPayload } from '../../lib/signals';
import { restartSignIn } from '../../lib/sign-in';
import { DeviceSelectionTab } from './DeviceSelectionTab';
import { FailureTab } from './FailureTab';
import { FlowRequestError, evaluateRisk, getFlow, postFlow } from './flow-api';
import { IdentifierTab } from './IdentifierTab';
import type { PasswordSubmission } from './IdentifierTab';
import {
  NO_FLAGS,
  RENDERED_TABS,
  closeDestination,
  failureTextsOf,
  hasError,
  reactionTo,
  storedFlowResponse,
  tabFor,
} from './login-model';
import type { LoginFlags } from './login-model';
import { OtpTab } from './OtpTab';
import { WaitingTab } from './WaitingTab';

/** The modal follows the flow on its own for a few steps at most; more means a loop. */
const MAX_STEPS_WITHOUT_USER = 6;

interface LoginModalProps {
  flowId: string;
  /** Leaves the modal for the home page. */
  onClose: () => void;
}

/**
 * The login modal (document 1 §2.4, §4.1, §4.2). It renders the server's flow response, kept in
 * session item `flowResponse`, and posts what the user enters; the flow engine decides what
 * comes next. Flags it keeps itself: invalid username and the OTP attempt limit.
 */
export function LoginModal({ flowId, onClose }: LoginModalProps) {
  const flow = storedFlowResponse(useSessionItem('flowResponse'), flowId);
  const [flags, setFlags] = useState<LoginFlags>(NO_FLAGS);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorContent | null>(null);
  // One dialog at a time: the error modal opens once the login modal has faded out.
  const [loginHidden, setLoginHidden] = useState(false);
  const loadedFlowId = useRef<string | null>(null);
  const headingId = useId();

  /**
   * Takes a flow answer: keeps it, then does what it calls for by itself (continue, send the
   * device profile, reload after an unknown username, go to resumeUrl). Resolves with the last
   * answer the user gets to see, or null when the request failed.
   */
  const settle = useCallback(
    async (request: Promise<FlowResponse>): Promise<FlowResponse | null> => {
      setBusy(true);
      try {
        let response = await request;
        for (let step = 0; step < MAX_STEPS_WITHOUT_USER; step += 1) {
          sessionStore.set('flowResponse', JSON.stringify(response));
          const reaction = reactionTo(response);
          switch (reaction.kind) {
            case 'post':
              response = await postFlow(
                flowId,
                reaction.step,
                reaction.withDeviceProfile ? { signalsSdkDeviceProfile: collectRiskPayload() } : {},
              );
              continue;
            case 'reload-invalid-username':
              setFlags((current) => ({ ...current, invalidUsername: reaction.message }));
              response = await getFlow(flowId);
              continue;
            case 'navigate':
              window.location.assign(reaction.url);
              return response;
            case 'otp-attempts-limit':
              setFlags((current) => ({ ...current, otpAttemptsLimit: true }));
              return response;
            case 'error-modal':
              setError(reaction.error);
              return response;
            case 'show':
              return response;
          }
        }
        setError(DEFAULT_ERROR);
        return response;
      } catch (failure) {
        if (failure instanceof FlowRequestError) setError(errorWithMessage(failure.userMessage));
        else {
          console.error(failure);
          setError(DEFAULT_ERROR);
        }
        return null;
      } finally {
        setBusy(false);
      }
    },
    [flowId],
  );

  useEffect(() => {
    // Once per flow (React runs effects twice in development).
    if (loadedFlowId.current === flowId) return;
    loadedFlowId.current = flowId;
    void settle(getFlow(flowId));
  }, [flowId, settle]);

  const movedOn = (response: FlowResponse | null) => response !== null && !hasError(response);

  const submitIdentifier = async (username: string) => {
    setFlags((current) => ({ ...current, invalidUsername: null }));
    setNotice(null);
    setBusy(true);
    const riskPayload = collectRiskPayload();
    const risk = await evaluateRisk(username, riskPayload);
    switch (risk.kind) {
      case 'proceed':
        await settle(postFlow(flowId, 'submitIdentifier', { identifier: username, riskPayload }));
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
    movedOn(await settle(postFlow(flowId, 'checkUsernamePassword', { ...submission })));

  const selectDevice = (deviceId: string) => {
    const withProfile = flow?.status === 'DEVICE_PROFILE_REQUIRED';
    void settle(
      postFlow(flowId, 'selectDevice', {
        deviceRef: { id: deviceId },
        ...(withProfile ? { signalsSdkDeviceProfile: collectRiskPayload() } : {}),
      }),
    );
  };

  const checkOtp = async (otp: string) =>
    movedOn(await settle(postFlow(flowId, 'checkOtp', { otp })));

  const tryAgain = () => void restartSignIn();

  const leave = useCallback(() => {
    sessionStore.remove('flowResponse');
    onClose();
  }, [onClose]);

  /** Self-service (§2.5): cancel the flow, and follow it back to the application that asked. */
  const returnToRequester = useCallback(
    (fallback: () => void) => {
      void postFlow(flowId, 'cancelAuthentication')
        .then((response) => {
          if (response.resumeUrl) window.location.assign(response.resumeUrl);
          else fallback();
        })
        .catch(fallback);
    },
    [flowId],
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
    if (leaveToReferrer()) return;
    if (selfService) returnToRequester(leave);
    else leave();
  }, [leaveToReferrer, selfService, returnToRequester, leave]);

  const returnAfterError = useCallback(
    () =>
      returnToRequester(() => {
        if (!leaveToReferrer()) leave();
      }),
    [returnToRequester, leaveToReferrer, leave],
  );

  const tab = tabFor(flow, flags);
  let content: ReactNode;
  if (tab === 1) {
    content = (
      <IdentifierTab
        headingId={headingId}
        flow={flow}
        flags={flags}
        notice={notice}
        busy={busy}
        onSubmitIdentifier={(username) => void submitIdentifier(username)}
        onSubmitPassword={submitPassword}
      />
    );
  } else if (tab === 2 && flow) {
    content = (
      <DeviceSelectionTab headingId={headingId} flow={flow} busy={busy} onSelect={selectDevice} />
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
  } else if (tab === 6) {
    content = <WaitingTab headingId={headingId} status={flow?.status ?? null} />;
  } else {
    // Tab 19, and the tabs of the devices issue until it renders them.
    content = (
      <FailureTab
        headingId={headingId}
        texts={RENDERED_TABS.includes(tab) ? failureTextsOf(flow) : [DEFAULT_ERROR.message]}
        onTryAgain={tryAgain}
      />
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
        <Modal.Header closeButton closeLabel="Close sign in">
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
