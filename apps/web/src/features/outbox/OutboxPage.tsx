import { Alert, Form } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../components/ui/PageLayout';
import { OutboxMessageCard } from './OutboxMessageCard';
import { PushAnswer } from './PushAnswer';
import { useOutboxMessages } from './use-outbox-messages';
import { usePushAnswers } from './use-push-answers';
import type { OutboxState } from './use-outbox-messages';

function summary(state: OutboxState, to: string): string {
  // The server lists one recipient's messages only, never everyone's.
  if (!to && state.status !== 'off') return 'Enter a recipient to see the messages sent to them.';
  if (state.status === 'loading') return 'Loading messages…';
  if (state.status !== 'ready') return '';
  const count = state.messages.length;
  const noun = count === 1 ? 'message' : 'messages';
  return to ? `${count} ${noun} to ${to}` : `${count} ${noun}`;
}

export function OutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get('to') ?? '';
  // "Behind the scenes" links to one message: it is shown first and focused (ADR 0021).
  const linkedMessage = searchParams.get('message');
  const to = filter.trim();
  const state = useOutboxMessages(to);
  const push = usePushAnswers(
    state.status === 'ready' ? state.messages : undefined,
    state.status === 'ready' ? state.firstSeenAt : undefined,
  );

  const changeFilter = (value: string) => {
    setSearchParams(value ? { to: value } : {}, { replace: true });
  };

  return (
    <PageLayout
      pageId="outbox"
      description="Emails, text messages and push notifications the demo server would have sent. New ones appear here as they arrive."
    >
      <Form.Group controlId="outbox-recipient" className="mb-3 outbox-filter">
        <Form.Label>Recipient</Form.Label>
        <Form.Control
          type="search"
          value={filter}
          onChange={(event) => changeFilter(event.target.value)}
          placeholder="Email address or phone number"
          autoComplete="off"
        />
      </Form.Group>

      <p aria-live="polite" className="fw-semibold">
        {summary(state, to)}
      </p>

      {state.status === 'off' && (
        <Alert variant="secondary">The outbox is turned off on this server.</Alert>
      )}
      {state.status === 'failed' && (
        <Alert variant="danger">Could not load the outbox ({state.reason}). Retrying…</Alert>
      )}
      {state.status === 'ready' &&
        state.messages.map((message) => (
          <OutboxMessageCard
            key={message.id}
            message={message}
            linked={message.id === linkedMessage}
            renderActions={
              message.channel === 'push'
                ? (titleId) => (
                    <PushAnswer
                      state={push.stateOf(message)}
                      titleId={titleId}
                      busy={push.isBusy(message)}
                      failure={push.failureOf(message)}
                      onDecide={(decision) => push.decide(message, decision)}
                    />
                  )
                : undefined
            }
          />
        ))}
    </PageLayout>
  );
}
