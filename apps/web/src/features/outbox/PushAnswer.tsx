import { useId } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import type { PushDecision } from '@anybank/contracts';
import type { PushCardState } from './push-answers';

const MOBILE_PATH = pageRoute('mobile').paths[0] ?? '/mobile';

const DECIDED_TEXT: Record<PushDecision, string> = { approve: 'Approved', deny: 'Denied' };

interface PushAnswerProps {
  state: PushCardState;
  /** The id of the message's title: the buttons say which push they answer. */
  titleId: string;
  /** A decision is on its way. */
  busy: boolean;
  /** The server's refusal of the last decision sent from here. */
  failure: string | null;
  onDecide: (decision: PushDecision) => void;
}

function hintOf(state: PushCardState) {
  switch (state.kind) {
    case 'no-key':
      return (
        <>
          Open <Link to={MOBILE_PATH}>/mobile</Link> and activate the app for this device to answer
          here.
        </>
      );
    case 'not-activated':
      return (
        <>
          This browser&apos;s phone key is not accepted for this device any more. Open{' '}
          <Link to={MOBILE_PATH}>/mobile</Link> and activate the app again.
        </>
      );
    case 'checking':
      return 'Checking whether this request still waits for an answer…';
    default:
      return null;
  }
}

/** Approve and Deny under a push message, answered with this browser's phone key. */
export function PushAnswer({ state, titleId, busy, failure, onDecide }: PushAnswerProps) {
  const hintId = useId();
  const hint = hintOf(state);
  const canAnswer = state.kind === 'pending' && !busy;
  const showButtons = state.kind !== 'decided' && state.kind !== 'settled';
  const describedBy = hint ? `${titleId} ${hintId}` : titleId;

  return (
    <div className="mt-3">
      {showButtons && (
        <div className="d-flex flex-wrap gap-2">
          <Button
            variant="success"
            disabled={!canAnswer}
            aria-describedby={describedBy}
            onClick={() => onDecide('approve')}
          >
            Approve
          </Button>
          <Button
            variant="outline-danger"
            disabled={!canAnswer}
            aria-describedby={describedBy}
            onClick={() => onDecide('deny')}
          >
            Deny
          </Button>
        </div>
      )}
      {hint && (
        <p id={hintId} className="small text-body-secondary mt-2 mb-0">
          {hint}
        </p>
      )}
      <div role="status" aria-atomic="true">
        {state.kind === 'decided' && (
          <div className="alert alert-success py-2 mb-0">{DECIDED_TEXT[state.decision]}</div>
        )}
      </div>
      {state.kind === 'settled' && (
        <p className="small text-body-secondary mb-0">
          No answer is waiting: this request was answered or has expired.
        </p>
      )}
      <div role="alert" aria-atomic="true">
        {failure && <div className="alert alert-danger py-2 mt-2 mb-0">{failure}</div>}
      </div>
    </div>
  );
}
