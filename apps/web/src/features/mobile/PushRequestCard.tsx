import { useId } from 'react';
import { Badge, Button } from 'react-bootstrap';
import type { PushDecision, PushRequest } from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { orderedDetails, placeOf } from './push-details';
import { formatTimeLeft, sentAgo } from './time-left';

export const KIND_LABELS: Record<string, string> = {
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

/** A detail's value as the phone says it: when in words, an address with its place. */
function DetailValue({ label, value, nowMs }: { label: string; value: string; nowMs: number }) {
  if (label === 'Time') return <time dateTime={value}>{sentAgo(value, nowMs)}</time>;
  const place = label === 'IP address' ? placeOf(value) : null;
  return place ? <>{`${value} (${place})`}</> : <>{value}</>;
}

/**
 * One pending request, as a notification on the lock screen that opens in place: what is
 * asked, from where (browser and place) or for what (amount and accounts), how long it waits,
 * and Approve / Deny.
 */
export function PushRequestCard({
  request,
  secondsLeft,
  nowMs,
  busy,
  onDecide,
}: PushRequestCardProps) {
  const titleId = useId();
  // The notification comes from the bank's app, under the bank's brand (ADR 0020).
  const brand = useBrand();
  const expired = secondsLeft <= 0;
  const details = orderedDetails(request.context.details);
  return (
    <article className="phone-notification push-request mb-2" aria-labelledby={titleId}>
      <div className="d-flex align-items-center gap-2 mb-1 small">
        <span className="phone-app-icon" aria-hidden="true">
          {brand.productName.charAt(0)}
        </span>
        <span className="fw-semibold">{brand.productName}</span>
        <Badge bg="dark">{KIND_LABELS[request.kind] ?? request.kind}</Badge>
        <span className="ms-auto">{formatTimeLeft(secondsLeft)}</span>
      </div>
      <h4 id={titleId} className="h6 fw-bold mb-1">
        {request.context.title}
      </h4>
      {details.length > 0 && (
        <dl className="push-request-details small mb-2">
          {details.map(([label, value]) => (
            <div key={label} className="push-request-detail">
              <dt>{label}</dt>
              <dd className="text-break mb-0">
                <DetailValue label={label} value={value} nowMs={nowMs} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="d-flex gap-2">
        <Button
          variant="success"
          size="sm"
          className="flex-fill"
          disabled={busy || expired}
          aria-describedby={titleId}
          onClick={() => onDecide('approve')}
        >
          Approve
        </Button>
        <Button
          variant="danger"
          size="sm"
          className="flex-fill"
          disabled={busy || expired}
          aria-describedby={titleId}
          onClick={() => onDecide('deny')}
        >
          Deny
        </Button>
      </div>
    </article>
  );
}
