import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { FlowAnswer } from '../../lib/flow-answer';
import { DEFAULT_ERROR } from '../../lib/error-catalogue';
import { sessionStore, useSessionItem } from '../../lib/session-storage';
import { collectRiskPayload } from '../../lib/signals';
import { getFlow, postFlow } from './flow-api';
import type { FlowAuth } from './flow-api';
import { errorOfFailure } from './flow-request-error';
import { hasError, isPairingFailure, reactionTo, storedFlowResponse } from './login-model';
import type { FlowStep, ModalMode } from './login-model';
import { initialLoginState, loginReducer } from './login-state';
import { tabNameFor } from './login-tabs';
import { usePushPolling } from './use-push-polling';

/** The modal follows the flow on its own for a few steps at most; more means a loop. */
const MAX_STEPS_WITHOUT_USER = 6;

/** How `settle` treats failures: a pairing step's go to tab 12 (§8), others to the error modal. */
export interface SettleOptions {
  pairing?: boolean;
}

export interface LoginFlowOptions {
  flowId: string;
  mode: ModalMode;
  /** The flow's first answer when the opener already has it (a pairing's or step-up's start). */
  initialFlow?: FlowAnswer;
  /** A pairing or step-up is over (RESUME without resumeUrl): nothing navigates. */
  onDone?: () => void;
}

/**
 * The login modal's one state (document 1 §2.4, §4.1–§4.5), shared by a sign-in, a pairing from
 * the profile page and a step-up: the server's flow response (session item `flowResponse`), the
 * flags the modal keeps beside it (`loginReducer`), and the tab that shows them (`tabNameFor`).
 * `settle` takes each flow answer and does by itself what it calls for (continue, send the
 * device profile, reload after an unknown username, go to resumeUrl); the flow engine decides.
 */
export function useLoginFlow({ flowId, mode, initialFlow, onDone }: LoginFlowOptions) {
  const flow = storedFlowResponse(useSessionItem('flowResponse'), flowId);
  const [state, dispatch] = useReducer(loginReducer, mode === 'pairing', initialLoginState);
  // Read when the modal continues by itself after the second factor.
  const rememberBrowser = useRef(false);
  useEffect(() => {
    rememberBrowser.current = state.flags.rememberBrowser;
  }, [state.flags.rememberBrowser]);
  const loadedFlowId = useRef<string | null>(null);
  /** Pairing and step-up: flows of the signed-in customer, closed in place. */
  const signedIn = mode !== 'sign-in';

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

  /** Resolves with the last answer the user gets to see, or null when the request failed. */
  const settle = useCallback(
    async (
      request: Promise<FlowAnswer>,
      options: SettleOptions = {},
    ): Promise<FlowAnswer | null> => {
      dispatch({ type: 'busy', busy: true });
      try {
        let response = await request;
        for (let step = 0; step < MAX_STEPS_WITHOUT_USER; step += 1) {
          sessionStore.set('flowResponse', JSON.stringify(response));
          const reaction = reactionTo(response, mode);
          switch (reaction.kind) {
            case 'post':
              response = await postThisFlow(
                reaction.step,
                reaction.withDeviceProfile
                  ? { signalsSdkDeviceProfile: collectRiskPayload() }
                  : reaction.step === 'continueAuthentication'
                    ? { rememberBrowser: rememberBrowser.current }
                    : {},
              );
              continue;
            case 'reload-invalid-username':
              dispatch({ type: 'flags', flags: { invalidUsername: reaction.message } });
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
              dispatch({ type: 'flags', flags: { otpAttemptsLimit: true } });
              return response;
            case 'cancel-after-push':
              // §4.3: the phone said no (or nothing): say so, and let the person choose again.
              dispatch({ type: 'flags', flags: { pushFailed: true } });
              response = await postThisFlow('cancelAuthentication');
              continue;
            case 'error-modal':
              dispatch({ type: 'error', error: reaction.error });
              return response;
            case 'show':
              if (options.pairing && isPairingFailure(response)) {
                dispatch({ type: 'flags', flags: { pairingFailed: true } });
              }
              return response;
          }
        }
        dispatch({ type: 'error', error: DEFAULT_ERROR });
        return response;
      } catch (failure) {
        if (options.pairing) {
          console.error(failure);
          dispatch({ type: 'flags', flags: { pairingFailed: true } });
        } else dispatch({ type: 'error', error: errorOfFailure(failure) });
        return null;
      } finally {
        dispatch({ type: 'busy', busy: false });
      }
    },
    [mode, getThisFlow, postThisFlow, onDone, dispatch],
  );

  useEffect(() => {
    // Once per flow (React runs effects twice in development).
    if (loadedFlowId.current === flowId) return;
    loadedFlowId.current = flowId;
    void settle(initialFlow?.id === flowId ? Promise.resolve(initialFlow) : getThisFlow());
  }, [flowId, initialFlow, getThisFlow, settle]);

  const tab = tabNameFor(flow, state.flags, mode);

  // §4.3: while the phone is asked, the flow is read every 3 s; an unchanged answer is dropped.
  const waitingForPhone =
    state.error === null &&
    !state.busy &&
    flow?.status === 'PUSH_CONFIRMATION_WAITING' &&
    !hasError(flow) &&
    tab === 'push';
  usePushPolling(
    waitingForPhone,
    flowId,
    (response) => {
      if (response.status === 'PUSH_CONFIRMATION_WAITING' && !hasError(response)) return;
      void settle(Promise.resolve(response));
    },
    (failure) => dispatch({ type: 'error', error: errorOfFailure(failure) }),
  );

  return { flow, tab, state, dispatch, settle, postThisFlow, signedIn };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
