import { useCallback, useId, useRef, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useIdleTimer } from 'react-idle-timer';
import type { EventsType, IIdleTimer } from 'react-idle-timer';
import { useLocation } from 'react-router';
import { IDLE_ACTIVITY_DEBOUNCE_MS, IDLE_TIMEOUT_MS, messages } from '@anybank/contracts';
import { Logo } from '../../components/ui/Logo';
import { restartSignIn, signOut } from '../../lib/sign-in';
import { validIdleTimeout } from './idle-timeout';

const TIMEOUT_MS = validIdleTimeout(IDLE_TIMEOUT_MS);

/**
 * What counts as activity: react-idle-timer's defaults without `focus`, which the modal itself
 * causes when it opens and moves focus into the dialog: that is not the person coming back.
 */
const ACTIVITY_EVENTS: EventsType[] = [
  'mousemove',
  'keydown',
  'wheel',
  'DOMMouseScroll',
  'mousewheel',
  'mousedown',
  'touchstart',
  'touchmove',
  'MSPointerDown',
  'MSPointerMove',
  'visibilitychange',
];

/**
 * Document 1 §4.6: after 30 minutes idle, 'Are you still there?'. Another idle period while it
 * is open signs out; any activity clears the timed-out flag. Tabs share activity (crossTab,
 * with leader election; react-idle-timer 5 elects with the spec's defaults, a 2000 ms
 * fallback and 100 ms response time). Mounted only while a user is signed in.
 */
export function IdleSession() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const timedOut = useRef(false);
  const titleId = useId();

  const onIdle = useCallback((_event?: Event, timer?: IIdleTimer) => {
    if (timedOut.current) {
      signOut();
      return;
    }
    timedOut.current = true;
    setOpen(true);
    // Count the next idle period from now. After onIdle returns, the timer marks itself idle,
    // which would undo a reset made here: so the reset waits for that.
    queueMicrotask(() => timer?.reset());
  }, []);

  const onActivity = useCallback(() => {
    timedOut.current = false;
  }, []);

  useIdleTimer({
    timeout: TIMEOUT_MS,
    debounce: IDLE_ACTIVITY_DEBOUNCE_MS,
    events: ACTIVITY_EVENTS,
    crossTab: true,
    leaderElection: true,
    onIdle,
    onActive: onActivity,
    onAction: onActivity,
  });

  return (
    // No dismissal without a choice: Escape and the backdrop do nothing, Stay or Logout decide.
    <Modal show={open} backdrop="static" keyboard={false} centered aria-labelledby={titleId}>
      <Modal.Header>
        <Logo />
      </Modal.Header>
      <Modal.Body>
        <h2 id={titleId} className="h4">
          {messages.login.idleTitle}
        </h2>
        <p className="mb-0">You have been inactive for a while. Stay signed in?</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => signOut()}>
          Logout
        </Button>
        <Button variant="primary" onClick={() => void restartSignIn(pathname)}>
          Stay
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
