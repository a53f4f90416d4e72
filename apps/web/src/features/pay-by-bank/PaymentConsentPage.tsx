import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import {
  OAUTH_CONSENT_INTERACTION_PARAM,
  apiErrorMessage,
  payByBankMessages,
} from '@anybank/contracts';
import type { PaymentConsentScreen } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';
import { formatUsd } from '../../lib/accounts';
import { ApiError } from '../../lib/api';
import { fetchPaymentConsentScreen, sendPaymentDecision } from '../../lib/pay-by-bank-api';

const text = payByBankMessages;

type Sending = 'allow' | 'deny' | null;
type PageState =
  { kind: 'loading' } | { kind: 'ended' } | { kind: 'asking'; screen: PaymentConsentScreen };

const KIND_LABELS: Readonly<Record<string, string>> = { checking: 'Checking', savings: 'Savings' };

/** Why an answer was not taken, in words: the server's refusal where it gave one. */
function problemOf(error: unknown): string {
  return error instanceof ApiError && error.code
    ? apiErrorMessage(error.code)
    : text.decisionFailed;
}

/**
 * Issue 16 §2 (ADR 0023): the OAuth server sends a signed-in customer here when a shop asks to
 * be paid. The bank, not the shop, shows what will be paid (amount, payee, reference, all from
 * the consent the shop registered); the customer picks the account to pay from and confirms, or
 * cancels (the shop gets access_denied). Either answer sends the browser back to the OAuth server.
 */
export function PaymentConsentPage() {
  const [params] = useSearchParams();
  const interaction = params.get(OAUTH_CONSENT_INTERACTION_PARAM) ?? '';
  const [state, setState] = useState<PageState>(() =>
    interaction ? { kind: 'loading' } : { kind: 'ended' },
  );
  const [accountId, setAccountId] = useState('');
  const [sending, setSending] = useState<Sending>(null);
  const [problem, setProblem] = useState<string | null>(null);
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

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  async function decide(decision: 'allow' | 'deny') {
    if (sending) return;
    if (decision === 'allow' && !accountId) {
      setProblem(text.chooseAccount);
      return;
    }
    setSending(decision);
    setProblem(null);
    try {
      window.location.assign(
        await sendPaymentDecision(
          decision === 'allow'
            ? { interaction, decision, accountId }
            : { interaction, decision: 'deny' },
        ),
      );
    } catch (error) {
      console.warn('The payment answer could not be sent', error);
      setSending(null);
      setProblem(problemOf(error));
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
        <div role="status">
          {sending === 'allow' && screen.needsPhoneApproval && (
            <Alert variant="info">{text.waitingForPhone}</Alert>
          )}
        </div>
        <div role="alert">
          {problem && (
            <Alert variant="danger" ref={problemRef} tabIndex={-1}>
              {problem}
            </Alert>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2" aria-busy={sending !== null}>
          <Button
            type="submit"
            variant="primary"
            disabled={sending !== null || screen.accounts.length === 0}
          >
            {sending === 'allow' && (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {text.confirm}
          </Button>
          <Button
            type="button"
            variant="outline-secondary"
            onClick={() => void decide('deny')}
            disabled={sending !== null}
          >
            {text.deny}
          </Button>
        </div>
      </Form>
    </PageLayout>
  );
}
