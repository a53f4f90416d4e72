import { useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import { cancelTransfer, confirmTransfer, type ConfirmationAnswer } from '../../lib/banking-api';

const CODE_ERROR_ID = 'transfer-code-error';

/**
 * A transfer above the approval threshold by a customer without an activated phone
 * app waits for the one-time code sent to one of their sign-in devices. The code is entered here,
 * in the same page; a wrong code keeps the step (the server changed nothing), any final answer
 * goes to `onDone`. Cancel cancels the transfer on the server (its code stops working and its
 * amount stops counting toward the 24-hour total) before `onCancel` goes back to the form.
 */
export function TransferCodeStep({
  transferId,
  prompt,
  summary,
  headingRef,
  onDone,
  onCancel,
}: {
  transferId: string;
  /** The server's sentence naming where the code went (masked). */
  prompt: string;
  summary: string;
  headingRef: Ref<HTMLHeadingElement>;
  onDone: (answer: Exclude<ConfirmationAnswer, { kind: 'wrong_code' }>) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  // `aboutCode`: the code field is the problem (marked invalid), not a failed Cancel.
  const [error, setError] = useState<{
    message: string;
    attempt: number;
    aboutCode: boolean;
  } | null>(null);
  const [sending, setSending] = useState(false);

  const fail = (message: string, aboutCode = true) =>
    setError((current) => ({ message, attempt: (current?.attempt ?? 0) + 1, aboutCode }));

  async function onCancelClick() {
    if (sending) return;
    setSending(true);
    const answer = await cancelTransfer(transferId);
    setSending(false);
    if (answer === 'failed') {
      fail(messages.transfer.cancelFailed, false);
      return;
    }
    onCancel();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const typed = code.trim();
    if (typed === '') {
      fail(messages.transfer.confirmationCodeRequired);
      return;
    }
    setSending(true);
    const answer = await confirmTransfer(transferId, typed);
    setSending(false);
    if (answer.kind === 'wrong_code') {
      setCode('');
      fail(answer.message);
      return;
    }
    onDone(answer);
  }

  return (
    <section aria-labelledby="transfer-step-heading">
      <h2 id="transfer-step-heading" ref={headingRef} tabIndex={-1} className="h4">
        Approve your transfer
      </h2>
      <p className="mb-1">{summary}</p>
      <p id="transfer-code-prompt">{prompt}</p>
      {error && (
        <Alert key={error.attempt} variant="danger" id={CODE_ERROR_ID} role="alert">
          {error.message}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit}>
        <fieldset disabled={sending} aria-busy={sending}>
          <legend className="visually-hidden">Approval code</legend>
          <Form.Group className="mb-3" controlId="transfer-code">
            <Form.Label>{messages.transfer.confirmationCodeLabel}</Form.Label>
            <Form.Control
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              isInvalid={error?.aboutCode === true}
              aria-invalid={error?.aboutCode === true}
              aria-describedby={['transfer-code-prompt', error?.aboutCode ? CODE_ERROR_ID : '']
                .filter(Boolean)
                .join(' ')}
            />
          </Form.Group>
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" variant="primary">
              {sending ? (
                <>
                  <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
                  Approving…
                </>
              ) : (
                'Approve Transfer'
              )}
            </Button>
            <Button variant="outline-primary" onClick={() => void onCancelClick()}>
              Cancel
            </Button>
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
