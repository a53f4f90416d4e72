import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Form, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import {
  OAUTH_CONSENT_INTERACTION_PARAM,
  apiErrorMessage,
  payByBankMessages,
} from '@anybank/contracts';
import type { PaymentConsentScreen, PromptForm } from '@anybank/contracts';
import { ChallengePrompt } from '../../components/ui/ChallengePrompt';
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
 * for a transfer): the page asks for it in the form the server describes (ADR 0026), whose
 * Confirm sends it with the same answer and whose Cancel refuses the payment.
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
  /** The server's form asking for the code, once one was sent. */
  const [codeForm, setCodeForm] = useState<PromptForm | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

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

  // A refusal not about the code takes focus; the code's field has it from the prompt.
  useEffect(() => {
    if (problem && !problem.aboutCode) problemRef.current?.focus();
  }, [problem]);

  const fail = (message: string, aboutCode = false) =>
    setProblem((current) => ({ message, aboutCode, attempt: (current?.attempt ?? 0) + 1 }));

  /** Sends the answer (with the code typed, once one is asked); true when it was taken. */
  async function decide(decision: 'allow' | 'deny', code?: string): Promise<boolean> {
    if (sending) return false;
    if (decision === 'allow' && !accountId) {
      fail(text.chooseAccount);
      return false;
    }
    setSending(decision);
    try {
      const answer = await sendPaymentDecision(
        decision === 'deny'
          ? { interaction, decision: 'deny' }
          : code === undefined
            ? { interaction, decision, accountId }
            : { interaction, decision, accountId, code },
      );
      if (answer.kind === 'redirect') {
        window.location.assign(answer.redirectTo);
        return true;
      }
      setSending(null);
      if (answer.kind === 'code_required') {
        setProblem(null);
        setCodeForm(answer.prompt);
        return true;
      }
      fail(answer.message, true);
      return false;
    } catch (error) {
      console.warn('The payment answer could not be sent', error);
      setSending(null);
      if (error instanceof ApiError && CODE_ENDED.includes(error.code)) setCodeForm(null);
      fail(problemOf(error));
      return false;
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
      <p className="lead fw-semibold">{text.youArePaying(screen.payeeName, amount)}</p>
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
                disabled={codeForm !== null}
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
        {screen.needsCode && codeForm === null && <p>{text.codeApprovalNote}</p>}
        <div role="status">
          {sending === 'allow' && screen.needsPhoneApproval && (
            // role="none": the wrapper is the live region; an alert inside it is announced twice.
            <Alert variant="info" role="none">
              {text.waitingForPhone}
            </Alert>
          )}
        </div>
        {/* The alert is its own live region (role="alert"), new for each refusal (its key). */}
        {problem && !(codeForm && problem.aboutCode) && (
          <Alert key={problem.attempt} variant="danger" role="alert" ref={problemRef} tabIndex={-1}>
            {problem.message}
          </Alert>
        )}
        {codeForm === null && (
          <ConsentDecisionButtons
            allowLabel={text.confirm}
            denyLabel={text.deny}
            sending={sending}
            onDeny={() => void decide('deny')}
            allowDisabled={screen.accounts.length === 0}
          />
        )}
      </Form>
      {codeForm && (
        // The code's own form (no form inside another): its Confirm sends the same answer with
        // the code, its Cancel refuses the payment.
        <ChallengePrompt
          form={codeForm}
          serverError={problem?.aboutCode ? problem.message : null}
          busy={sending !== null}
          onSubmit={({ code }) => decide('allow', code ?? '')}
          onCancel={() => void decide('deny')}
        />
      )}
    </PageLayout>
  );
}
