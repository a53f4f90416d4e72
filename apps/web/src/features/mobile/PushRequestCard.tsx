import { useId } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import type { PushDecision, PushRequest } from '@anybank/contracts';
import { orderedDetails } from './push-details';
import { formatTimeLeft, sentAgo } from './time-left';

const KIND_LABELS: Record<string, string> = {
  signin: 'Sign-in',
  transfer: 'Transfer',
  helpdesk: 'Help desk',
};

interface PushRequestCardProps {
  request: PushRequest;
  secondsLeft: number;
  /** The phone's clock now: the time a request was sent is shown in words from it. */
  nowMs: number;
  /** A decision on this request is on its way: both buttons wait. */
  busy: boolean;
  onDecide: (decision: PushDecision) => void;
}

/** One pending request on the phone: what is asked, from where, how long it waits, and the answer. */
export function PushRequestCard({
  request,
  secondsLeft,
  nowMs,
  busy,
  onDecide,
}: PushRequestCardProps) {
  const titleId = useId();
  const expired = secondsLeft <= 0;
  const details = orderedDetails(request.context.details);
  return (
    <Card as="article" className="push-request mb-3" aria-labelledby={titleId}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <Badge bg="dark">{KIND_LABELS[request.kind] ?? request.kind}</Badge>
          <span className="ms-auto small">{formatTimeLeft(secondsLeft)}</span>
        </div>
        <h4 id={titleId} className="h5">
          {request.context.title}
        </h4>
        {details.length > 0 && (
          <dl className="push-request-details small mb-3">
            {details.map(([label, value]) => (
              <div key={label} className="push-request-detail">
                <dt>{label}</dt>
                <dd className="text-break mb-1">
                  {label === 'Time' ? <time dateTime={value}>{sentAgo(value, nowMs)}</time> : value}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <div className="d-flex gap-2">
          <Button
            variant="success"
            className="flex-fill"
            disabled={busy || expired}
            aria-describedby={titleId}
            onClick={() => onDecide('approve')}
          >
            Approve
          </Button>
          <Button
            variant="outline-danger"
            className="flex-fill"
            disabled={busy || expired}
            aria-describedby={titleId}
            onClick={() => onDecide('deny')}
          >
            Deny
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
