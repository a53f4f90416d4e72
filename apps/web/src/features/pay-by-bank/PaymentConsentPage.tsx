import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Form, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import {
  OAUTH_CONSENT_INTERACTION_PARAM,
  apiErrorMessage,
  payByBankMessages,
} from '@anybank/contracts';
import type { PaymentConsentScreen } from '@anybank/contracts';
import { ConsentDecisionButtons } from '../../components/ui/ConsentDecisionButtons';
import { PageLayout } from '../../components/ui/PageLayout';
import { formatUsd } from '../../lib/accounts';
import { ApiError } from '../../lib/api';
import { fetchPaymentConsentScreen, sendPaymentDecision } from '../../lib/pay-by-bank-api';

const text = payByBankMessages;

type Sending = 'allow' | 'deny' | null;
type PageState =
  { kind: 'loading' } | { kind: 'ended' } | { kind: 'asking'; screen: PaymentConsentScreen };

/** A refusal shown to the customer; `aboutCode`: the code field is the problem (marked invalid). */
interface Problem {
  message: string;
  aboutCode: boolean;
  /** Counts refusals, so that the same words twice are announced twice. */
  attempt: number;
}

const KIND_LABELS: Readonly<Record<string, string>> = { checking: 'Checking', savings: 'Savings' };
const CODE_PROMPT_ID = 'payment-code-prompt';
const CODE_ERROR_ID = 'payment-code-error';

/** The code sent is used up or gone: confirming again (without it) sends a new one. */
const CODE_ENDED: readonly (string | null)[] = ['payment_code_failed', 'payment_code_not_pending'];

/** Why an answer was not taken, in words: the server's refusal where it gave one. */
function problemOf(error: unknown): string {
  return error instanceof ApiError && error.code
    ? apiErrorMessage(error.code)
    : text.decisionFailed;
}

/**
 * Pay by bank (ADR 0023): the OAuth server sends a signed-in customer here when a shop asks to
 * be paid. The bank, not the shop, shows what will be paid (amount, payee, reference, all from
 * the consent the shop registered); the customer picks the account to pay from and confirms, or
 * cancels (the shop gets access_denied). Either answer sends the browser back to the OAuth server.
 * Above the approval threshold without the phone app, confirming first sends a one-time code (as
 * for a transfer): the page asks for it, and Confirm sends it with the same answer.
 */
export function PaymentConsentPage() {
  const [params] = useSearchParams();
  const interaction = params.get(OAUTH_CONSENT_INTERACTION_PARAM) ?? '';
  const [state, setState] = useState<PageState>(() =>
    interaction ? { kind: 'loading' } : { kind: 'ended' },
  );
  const [accountId, setAccountId] = useState('');
  const [sending, setSending] = useState<Sending>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** Where the code went (the bank's sentence, masked address), once one was sent. */
  const [codePrompt, setCodePrompt] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const problemRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!interaction) return undefined;
    const controller = new AbortController();
    fetchPaymentConsentScreen(interaction, controller.signal)
      .then((screen) => {
        if (controller.signal.aborted) return;
        setState({ kind: 'asking', screen });
        setAccountId(screen.accounts[0]?.id ?? '');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The payment request could not be loaded', error);
        setState({ kind: 'ended' });
      });
    return () => controller.abort();
  }, [interaction]);

  // The code field takes focus when it appears and after a wrong code; other refusals, the alert.
  useEffect(() => {
    if (problem && !problem.aboutCode) problemRef.current?.focus();
    else if (codePrompt !== null) codeRef.current?.focus();
  }, [problem, codePrompt]);

  const fail = (message: string, aboutCode = false) =>
    setProblem((current) => ({ message, aboutCode, attempt: (current?.attempt ?? 0) + 1 }));

  async function decide(decision: 'allow' | 'deny') {
    if (sending) return;
    if (decision === 'allow' && !accountId) {
      fail(text.chooseAccount);
      return;
    }
    const typed = code.trim();
    if (decision === 'allow' && codePrompt !== null && typed === '') {
      fail(text.codeMissing, true);
      return;
    }
    setSending(decision);
    try {
      const answer = await sendPaymentDecision(
        decision === 'deny'
          ? { interaction, decision: 'deny' }
          : codePrompt === null
            ? { interaction, decision, accountId }
            : { interaction, decision, accountId, code: typed },
      );
      if (answer.kind === 'redirect') {
        window.location.assign(answer.redirectTo);
        return;
      }
      setSending(null);
      setCode('');
      if (answer.kind === 'code_required') {
        setProblem(null);
        setCodePrompt(answer.message);
      } else {
        fail(answer.message, true);
      }
    } catch (error) {
      console.warn('The payment answer could not be sent', error);
      setSending(null);
      if (error instanceof ApiError && CODE_ENDED.includes(error.code)) {
        setCodePrompt(null);
        setCode('');
      }
      fail(problemOf(error));
    }
  }

  if (state.kind !== 'asking') {
    return (
      <PageLayout pageId="payment-consent" description={text.signedInNote}>
        {state.kind === 'loading' ? (
          <Spinner animation="border" role="status">
            <span className="visually-hidden">{text.loading}</span>
          </Spinner>
        ) : (
          <Alert variant="warning" role="alert">
            {text.requestEnded}
          </Alert>
        )}
      </PageLayout>
    );
  }

  const { screen } = state;
  const amount = formatUsd(screen.amountCents);
  return (
    <PageLayout pageId="payment-consent" description={text.signedInNote}>
      <Card as="section" aria-labelledby="payment-request-heading" className="mb-4">
        <Card.Body>
          <h2 id="payment-request-heading" className="h5">
            {text.consentAsk(screen.appName, amount, screen.payeeName, screen.reference)}
          </h2>
          <dl className="row mb-0">
            <dt className="col-sm-3">Amount</dt>
            <dd className="col-sm-9">{amount}</dd>
            <dt className="col-sm-3">To</dt>
            <dd className="col-sm-9">{screen.payeeName}</dd>
            <dt className="col-sm-3">Reference</dt>
            <dd className="col-sm-9">{screen.reference}</dd>
          </dl>
        </Card.Body>
      </Card>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void decide('allow');
        }}
      >
        {screen.accounts.length === 0 ? (
          <Alert variant="warning">{text.noAccount}</Alert>
        ) : (
          <fieldset className="mb-3">
            <legend className="h6">{text.payFrom}</legend>
            {screen.accounts.map((account) => (
              <Form.Check
                key={account.id}
                type="radio"
                id={`pay-from-${account.id}`}
                name="payFrom"
                value={account.id}
                checked={accountId === account.id}
                // The code sent approves the payment from the account chosen then.
                disabled={codePrompt !== null}
                onChange={() => setAccountId(account.id)}
                label={text.accountOption(
                  KIND_LABELS[account.kind] ?? account.kind,
                  account.numberSuffix,
                  formatUsd(account.balanceCents),
                )}
              />
            ))}
          </fieldset>
        )}
        {screen.needsPhoneApproval && <p>{text.phoneApprovalNote}</p>}
        {screen.needsCode && codePrompt === null && <p>{text.codeApprovalNote}</p>}
        {codePrompt !== null && (
          <Form.Group className="mb-3" controlId="payment-code">
            <p id={CODE_PROMPT_ID}>{codePrompt}</p>
            <Form.Label>{text.codeLabel}</Form.Label>
            <Form.Control
              ref={codeRef}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              disabled={sending !== null}
              isInvalid={problem?.aboutCode === true}
              aria-invalid={problem?.aboutCode === true}
              aria-describedby={[CODE_PROMPT_ID, problem?.aboutCode ? CODE_ERROR_ID : '']
                .filter(Boolean)
                .join(' ')}
            />
          </Form.Group>
        )}
        <div role="status">
          {sending === 'allow' && screen.needsPhoneApproval && (
            // role="none": the wrapper is the live region; an alert inside it is announced twice.
            <Alert variant="info" role="none">
              {text.waitingForPhone}
            </Alert>
          )}
        </div>
        {/* The alert is its own live region (role="alert"), new for each refusal (its key). */}
        {problem && (
          <Alert
            key={problem.attempt}
            variant="danger"
            role="alert"
            id={CODE_ERROR_ID}
            ref={problemRef}
            tabIndex={-1}
          >
            {problem.message}
          </Alert>
        )}
        <ConsentDecisionButtons
          allowLabel={text.confirm}
          denyLabel={text.deny}
          sending={sending}
          onDeny={() => void decide('deny')}
          allowDisabled={screen.accounts.length === 0}
        />
      </Form>
    </PageLayout>
  );
}
