import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { messages, pageRoute } from '@anybank/contracts';
import type { PromptForm, RiskPayload } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { accountIdsOf, balancesById, formatUsd } from '../../lib/accounts';
import { newIdempotencyKey, submitTransfer } from '../../lib/banking-api';
import type { TransferAnswer } from '../../lib/banking-api';
import { useSessionItem } from '../../lib/session-storage';
import { collectRiskPayload } from '../../lib/signals';
import { useBalances } from '../../lib/use-balances';
import { useStepFocus } from '../../lib/use-step-focus';
import {
  EMPTY_TRANSFER_FORM,
  denialText,
  stripCommas,
  submissionKey,
  transferAccountOptions,
  validateTransferForm,
} from './transfer-rules';
import type { TransferAccountOption, TransferField, TransferForm } from './transfer-rules';
import { TransferCodeStep } from './TransferCodeStep';
import { Amount } from '../../components/ui/Amount';

/** After this long the server is most likely holding the transfer for a mobile approval. */
const WAITING_NOTICE_AFTER_MS = 1500;
const WAITING_NOTICE = 'Waiting for approval on your mobile app…';

/**
 * Document 2 §2: step 1 form, step 3 result (confirmed or denied), step 4 unexpected error;
 * step 2 asks for the one-time code of a transfer that waits for one.
 */
type Step = 1 | 2 | 3 | 4;

/** A transfer stored pending until the code sent to the customer's sign-in device comes. */
interface AwaitingCode {
  transferId: string;
  /** The server's form that asks for the code (ADR 0026). */
  prompt: PromptForm;
  /** Why it asks: the 24-hour total, this amount and the approval threshold, in words. */
  why: string;
  transferNumber: string | null;
}

/** A validated transfer, kept so that "Try Again" sends the very same submission. */
interface Order {
  from: TransferAccountOption;
  to: TransferAccountOption;
  amountCents: number;
  amount: string;
  riskData: RiskPayload;
  idempotencyKey: string;
}

type Outcome =
  | { kind: 'confirmed'; transferNumber: string | null }
  | { kind: 'denied'; text: string; limitText: string | null; transferNumber: string | null };

interface FormError {
  field: TransferField;
  message: string;
  /** Changes with every failed attempt, so the alert is announced again. */
  attempt: number;
}

const ERROR_ID = 'transfer-error';
const dashboardPath = pageRoute('dashboard').paths[0] ?? '/';

/** The risk signals, logged when they cannot be collected (the form then says so). */
function collectRiskData(): RiskPayload {
  try {
    return collectRiskPayload();
  } catch (error) {
    console.warn('The risk signals could not be collected', error);
    throw error;
  }
}

export function TransferMoneyPage() {
  const accts = useSessionItem('accts');
  const accounts = useMemo(() => transferAccountOptions(accountIdsOf(accts)), [accts]);
  const { state: balancesState, reload: reloadBalances } = useBalances();
  const balances = useMemo(
    () => (balancesState.status === 'ready' ? balancesById(balancesState.balances) : null),
    [balancesState],
  );

  const [step, setStep] = useState<Step>(1);
  const [form, setForm] = useState<TransferForm>(EMPTY_TRANSFER_FORM);
  const [error, setError] = useState<FormError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [awaitingCode, setAwaitingCode] = useState<AwaitingCode | null>(null);
  const submission = useRef<{ key: string; idempotencyKey: string } | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const waitingTimer = useRef<number | undefined>(undefined);
  const headingRef = useStepFocus<HTMLHeadingElement>(step);

  useEffect(() => () => window.clearTimeout(waitingTimer.current), []);

  const setField = (field: keyof TransferForm, value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const fail = (field: TransferField, message: string) =>
    setError((current) => ({ field, message, attempt: (current?.attempt ?? 0) + 1 }));

  async function send(sent: Order) {
    setOrder(sent);
    setSubmitting(true);
    waitingTimer.current = window.setTimeout(() => setWaiting(true), WAITING_NOTICE_AFTER_MS);
    const answer = await submitTransfer({
      fromAccountId: sent.from.id,
      toAccountId: sent.to.id,
      amount: sent.amount,
      riskData: sent.riskData,
      idempotencyKey: sent.idempotencyKey,
    });
    window.clearTimeout(waitingTimer.current);
    setWaiting(false);
    setSubmitting(false);
    if (answer.kind === 'confirmation_required') {
      setAwaitingCode({
        transferId: answer.transferId,
        prompt: answer.prompt,
        why: messages.transfer.approvalThresholdCrossed(answer.limit),
        transferNumber: answer.transferNumber,
      });
      setStep(2);
      return;
    }
    settle(sent, answer);
  }

  /** A final answer, to the transfer or to its code: the result, the form again, or step 4. */
  function settle(sent: Order, answer: Exclude<TransferAnswer, { kind: 'confirmation_required' }>) {
    switch (answer.kind) {
      case 'confirmed':
        setOutcome({ kind: 'confirmed', transferNumber: answer.transferNumber });
        setStep(3);
        reloadBalances();
        break;
      case 'denied':
        setOutcome({
          kind: 'denied',
          text: denialText(answer.code, sent.from, sent.to, sent.amountCents),
          limitText: answer.limit ? messages.transfer.denyLimitCrossed(answer.limit) : null,
          transferNumber: answer.transferNumber,
        });
        setStep(3);
        break;
      case 'invalid':
        setStep(1);
        fail('none', answer.message);
        reloadBalances();
        break;
      case 'unexpected':
        setStep(4);
        break;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const validation = validateTransferForm(form, { accounts, balances, collectRiskData });
    if (!validation.ok) {
      fail(validation.field, validation.message);
      return;
    }
    setError(null);
    // One key per submitted form: the same values sent again are the same transfer.
    const key = submissionKey(form);
    if (submission.current?.key !== key) {
      submission.current = { key, idempotencyKey: newIdempotencyKey() };
    }
    void send({ ...validation, idempotencyKey: submission.current.idempotencyKey });
  }

  function startAnother() {
    setAwaitingCode(null);
    setForm(EMPTY_TRANSFER_FORM);
    setError(null);
    setOutcome(null);
    submission.current = null;
    setOrder(null);
    setStep(1);
    reloadBalances();
  }

  function tryAgain() {
    if (order) void send(order);
  }

  const fromBalance = balances?.get(form.fromAccountId);
  const describedBy = (field: TransferField) =>
    error && error.field === field ? ERROR_ID : undefined;

  return (
    <BankingPageLayout
      pageId="transfer-money"
      description="Move money between your own AnyBank accounts."
    >
      {step === 1 && (
        <section aria-labelledby="transfer-step-heading">
          <h2 id="transfer-step-heading" ref={headingRef} tabIndex={-1} className="h4">
            Transfer between your accounts
          </h2>
          {error && (
            <Alert key={error.attempt} variant="danger" id={ERROR_ID} className="mt-3">
              {error.message}
            </Alert>
          )}
          <Form noValidate onSubmit={onSubmit} className="mt-3 transfer-form">
            <fieldset disabled={submitting} aria-busy={submitting}>
              <legend className="visually-hidden">Transfer details</legend>
              <Form.Group className="mb-3" controlId="transfer-from">
                <Form.Label>From</Form.Label>
                <Form.Select
                  value={form.fromAccountId}
                  onChange={(event) => setField('fromAccountId', event.target.value)}
                  isInvalid={error?.field === 'accounts'}
                  aria-describedby={
                    [
                      describedBy('accounts'),
                      fromBalance !== undefined ? 'transfer-from-balance' : '',
                    ]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                >
                  <option value="">Select an account</option>
                  {accounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.displayName}
                    </option>
                  ))}
                </Form.Select>
                {fromBalance !== undefined && (
                  <Form.Text id="transfer-from-balance">
                    Available balance: <Amount>{formatUsd(fromBalance)}</Amount>
                  </Form.Text>
                )}
              </Form.Group>
              <Form.Group className="mb-3" controlId="transfer-to">
                <Form.Label>To</Form.Label>
                <Form.Select
                  value={form.toAccountId}
                  onChange={(event) => setField('toAccountId', event.target.value)}
                  isInvalid={error?.field === 'accounts'}
                  aria-describedby={describedBy('accounts')}
                >
                  <option value="">Select an account</option>
                  {accounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.displayName}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group className="mb-4" controlId="transfer-amount">
                <Form.Label>Amount</Form.Label>
                <InputGroup hasValidation>
                  <InputGroup.Text aria-hidden="true">$</InputGroup.Text>
                  <Form.Control
                    type="number"
                    min="0.01"
                    step="0.01"
                    inputMode="decimal"
                    value={form.amount}
                    onChange={(event) => setField('amount', stripCommas(event.target.value))}
                    isInvalid={error?.field === 'amount'}
                    aria-describedby={['transfer-amount-hint', describedBy('amount')]
                      .filter(Boolean)
                      .join(' ')}
                  />
                </InputGroup>
                <Form.Text id="transfer-amount-hint">In US dollars, for example 25.50.</Form.Text>
              </Form.Group>
              <Button type="submit" variant="primary">
                {submitting ? (
                  <>
                    <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
                    Transferring…
                  </>
                ) : (
                  'Transfer'
                )}
              </Button>
            </fieldset>
            <p role="status" className="mt-3 mb-0">
              {waiting ? WAITING_NOTICE : ''}
            </p>
          </Form>
        </section>
      )}

      {step === 2 && awaitingCode && order && (
        <TransferCodeStep
          transferId={awaitingCode.transferId}
          form={awaitingCode.prompt}
          summary={`${order.from.displayName} to ${order.to.displayName}, ${formatUsd(order.amountCents)}`}
          why={awaitingCode.why}
          headingRef={headingRef}
          onCancel={startAnother}
          onDone={(answer) => {
            const transferNumber = awaitingCode.transferNumber;
            setAwaitingCode(null);
            if (answer.kind === 'not_pending') {
              settle(order, { kind: 'denied', code: 'not_approved', transferNumber });
            } else if (answer.kind === 'confirmed' || answer.kind === 'denied') {
              settle(order, { ...answer, transferNumber: answer.transferNumber ?? transferNumber });
            } else {
              settle(order, answer);
            }
          }}
        />
      )}

      {step === 3 && outcome && (
        <section aria-labelledby="transfer-step-heading">
          {outcome.kind === 'confirmed' ? (
            <Alert variant="success">
              <Alert.Heading as="h2" id="transfer-step-heading" ref={headingRef} tabIndex={-1}>
                {messages.transfer.confirmedTitle}
              </Alert.Heading>
              <p className="mb-1">{messages.transfer.confirmedText}</p>
              {order && (
                <p className="mb-1">
                  {order.from.displayName} to {order.to.displayName},{' '}
                  <Amount>{formatUsd(order.amountCents)}</Amount>
                </p>
              )}
              {outcome.transferNumber && (
                <p className="mb-0">
                  Transfer number: <strong>{outcome.transferNumber}</strong>
                </p>
              )}
            </Alert>
          ) : (
            <Alert variant="warning">
              <Alert.Heading as="h2" id="transfer-step-heading" ref={headingRef} tabIndex={-1}>
                {messages.transfer.deniedTitle}
              </Alert.Heading>
              <p className="mb-0">{outcome.text}</p>
              {outcome.limitText && <p className="mt-1 mb-0">{outcome.limitText}</p>}
              {outcome.transferNumber && (
                <p className="mt-1 mb-0">
                  Reference number: <strong>{outcome.transferNumber}</strong>
                </p>
              )}
            </Alert>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Button variant="primary" onClick={startAnother}>
              Start Another Transfer
            </Button>
            <Link to={dashboardPath} className="btn btn-outline-primary">
              Accounts Dashboard
            </Link>
          </div>
        </section>
      )}

      {step === 4 && (
        <section aria-labelledby="transfer-step-heading">
          <h2 id="transfer-step-heading" ref={headingRef} tabIndex={-1} className="h4">
            Transfer not completed
          </h2>
          <Alert variant="danger" className="mt-3">
            {messages.transfer.unexpected}
          </Alert>
          <p role="status">{waiting ? WAITING_NOTICE : ''}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="primary" onClick={tryAgain} disabled={submitting || !order}>
              {submitting ? 'Trying again…' : 'Try Again'}
            </Button>
            <Button variant="outline-primary" onClick={startAnother} disabled={submitting}>
              Start Another Transfer
            </Button>
          </div>
        </section>
      )}
    </BankingPageLayout>
  );
}
