import { useId, useState } from 'react';
import { Modal } from 'react-bootstrap';
import type { FlowResponse } from '@anybank/contracts';
import { ErrorModal } from '../../components/ErrorModal';
import { Logo } from '../../components/ui/Logo';
import { useFidoCompatibility } from './fido-compatibility';
import { loginActionsOf } from './login-actions';
import { LOGIN_TAB_VIEWS } from './login-tab-views';
import { LOGIN_TAB_NUMBER } from './login-tabs';
import { useLoginFlow } from './use-login-flow';
import { useModalExits } from './use-modal-exits';

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
   * A step-up: the signed-in customer confirms it is them before a change. Like
   * a pairing, every call carries the access token and RESUME without resumeUrl ends it.
   */
  stepUp?: boolean;
}

const CLOSE_LABELS = {
  'sign-in': 'Close sign in',
  pairing: 'Close add a device',
  'step-up': 'Close confirm it is you',
} as const;

/**
 * The login modal (document 1 §2.4, §4.1–§4.5). It renders the server's flow response, kept in
 * session item `flowResponse`, and posts what the user enters; the flow engine decides what
 * comes next. `useLoginFlow` holds the modal's state and names the tab that shows it; the
 * tab's view comes from the registry (login-tab-views.tsx), its §2.4 number goes in
 * `data-login-tab`.
 */
export function LoginModal({
  flowId,
  onClose,
  pairing = false,
  initialFlow,
  onDone,
  stepUp = false,
}: LoginModalProps) {
  const mode = pairing ? 'pairing' : stepUp ? 'step-up' : 'sign-in';
  const login = useLoginFlow({ flowId, mode, initialFlow, onDone });
  const exits = useModalExits(login, onClose);
  const compatibility = useFidoCompatibility();
  const headingId = useId();
  // One dialog at a time: the error modal opens once the login modal has faded out.
  const [loginHidden, setLoginHidden] = useState(false);

  const { flow, tab, state } = login;
  const context = {
    headingId,
    flow,
    state,
    compatibility,
    actions: loginActionsOf(login),
    tryAgain: exits.tryAgain,
  };
  const content = LOGIN_TAB_VIEWS[tab](context) ?? LOGIN_TAB_VIEWS.failure(context);
  const number = LOGIN_TAB_NUMBER[tab];

  return (
    <>
      <Modal
        show={state.error === null}
        onHide={exits.close}
        backdrop="static"
        centered
        aria-labelledby={headingId}
        className="login-modal"
        onEnter={() => setLoginHidden(false)}
        onExited={() => setLoginHidden(true)}
      >
        <Modal.Header closeButton closeLabel={CLOSE_LABELS[mode]}>
          <Logo />
        </Modal.Header>
        <Modal.Body data-login-tab={number}>
          <div key={number}>{content}</div>
        </Modal.Body>
      </Modal>
      <ErrorModal
        error={loginHidden ? state.error : null}
        selfService={exits.selfService}
        onSelfServiceReturn={exits.returnAfterError}
        onTryAgain={exits.tryAgain}
        onQuit={exits.leave}
      />
    </>
  );
}
