import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Badge, Card } from 'react-bootstrap';
import type { OutboxChannel, OutboxMessage } from '@anybank/contracts';

const CHANNEL_LABELS: Record<OutboxChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push',
};

const CHANNEL_BADGES: Record<OutboxChannel, string> = {
  email: 'primary',
  sms: 'success',
  push: 'dark',
};

function formatTime(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? createdAt : date.toLocaleString();
}

interface OutboxMessageCardProps {
  message: OutboxMessage;
  /** What goes under the message (a push's Approve and Deny), given the title's id. */
  renderActions?: (titleId: string) => ReactNode;
  /** The message a link pointed at (`?message=`): marked, scrolled to and focused. */
  linked?: boolean;
}

export function OutboxMessageCard({ message, renderActions, linked }: OutboxMessageCardProps) {
  const titleId = useId();
  const channel = CHANNEL_LABELS[message.channel];
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (linked) card.current?.focus();
  }, [linked]);
  return (
    <Card
      as="article"
      ref={card}
      className={linked ? 'mb-3 border-primary border-2' : 'mb-3'}
      aria-labelledby={titleId}
      aria-current={linked ? 'true' : undefined}
      tabIndex={linked ? -1 : undefined}
    >
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <Badge bg={CHANNEL_BADGES[message.channel]}>{channel}</Badge>
        <span className="text-break">
          To <span className="fw-semibold">{message.to}</span>
        </span>
        <time dateTime={message.createdAt} className="ms-sm-auto small">
          {formatTime(message.createdAt)}
        </time>
      </Card.Header>
      <Card.Body>
        <h2 id={titleId} className="h5 text-break">
          {message.subject ?? `${channel} message`}
        </h2>
        {message.code !== null && (
          <p className="mb-3">
            <span className="d-block small fw-semibold">One-time code</span>
            <span className="outbox-code font-monospace">{message.code}</span>
          </p>
        )}
        <p className="preserve-line-breaks text-break mb-0">{message.body}</p>
        {renderActions?.(titleId)}
      </Card.Body>
    </Card>
  );
}
