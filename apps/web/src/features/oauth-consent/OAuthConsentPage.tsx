import { useEffect, useState } from 'react';
import { Alert, Card, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import {
  ASSISTANT_SCOPE_LIST,
  OAUTH_CONSENT_INTERACTION_PARAM,
  SCOPES,
  messages,
} from '@anybank/contracts';
import type { ConsentDecision, ConsentRequest } from '@anybank/contracts';
import { ConsentDecisionButtons } from '../../components/ui/ConsentDecisionButtons';
import { PageLayout } from '../../components/ui/PageLayout';
import { fetchConsentRequest, sendConsentDecision } from '../../lib/connected-apps-api';

const text = messages.connectedApps;

type PageState =
  | { kind: 'loading' }
  | { kind: 'ended' }
  | { kind: 'asking'; request: ConsentRequest; sending: ConsentDecision | null; failed: boolean };

/**
 * The OAuth server sends a signed-in customer here when an application that is
 * not the bank's own (the retail checkout) asks for their sign-in. The customer sees what it
 * asks for in words and allows it (remembered, revocable under Connected apps) or not (the
 * application gets access_denied). Either answer sends the browser back to the OAuth server.
 */
export function OAuthConsentPage() {
  const [params] = useSearchParams();
  const interaction = params.get(OAUTH_CONSENT_INTERACTION_PARAM) ?? '';
  // Without an interaction in the address there is nothing to ask.
  const [state, setState] = useState<PageState>(() =>
    interaction ? { kind: 'loading' } : { kind: 'ended' },
  );

  useEffect(() => {
    if (!interaction) return undefined;
    const controller = new AbortController();
    fetchConsentRequest(interaction, controller.signal)
      .then((request) => {
        if (!controller.signal.aborted) {
          setState({ kind: 'asking', request, sending: null, failed: false });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The consent request could not be loaded', error);
        setState({ kind: 'ended' });
      });
    return () => controller.abort();
  }, [interaction]);

  async function decide(decision: ConsentDecision) {
    if (state.kind !== 'asking' || state.sending) return;
    setState({ ...state, sending: decision, failed: false });
    try {
      window.location.assign(await sendConsentDecision(interaction, decision));
    } catch (error) {
      console.warn('The consent answer could not be sent', error);
      setState({ ...state, sending: null, failed: true });
    }
  }

  if (state.kind !== 'asking') {
    return (
      <PageLayout pageId="oauth-consent" description={text.revokeLater}>
        {state.kind === 'loading' ? (
          <Spinner animation="border" role="status">
            <span className="visually-hidden">Loading the request…</span>
          </Spinner>
        ) : (
          <Alert variant="warning" role="alert">
            {text.requestEnded}
          </Alert>
        )}
      </PageLayout>
    );
  }

  const { request, sending, failed } = state;
  return (
    <PageLayout pageId="oauth-consent" description={text.signedInAs(request.accountName)}>
      <Card as="section" aria-labelledby="consent-request-heading" className="mb-4">
        <Card.Body>
          <h2 id="consent-request-heading" className="h5">
            {text.consentIntro(request.appName)}
          </h2>
          <ul>
            {request.scopes.map((scope) => (
              <li key={scope}>{text.scopeText[scope] ?? scope}</li>
            ))}
          </ul>
          {request.scopes.some((scope) => ASSISTANT_SCOPE_LIST.includes(scope)) ? (
            // An assistant reads what its scopes say (ADR 0029), and nothing it does moves money.
            <p>{text.assistantLimits}</p>
          ) : (
            !request.scopes.includes(SCOPES.banking) && <p>{text.noBankingAccess}</p>
          )}
          <p className="text-body-secondary mb-0">{text.revokeLater}</p>
        </Card.Body>
      </Card>
      {failed && (
        <Alert variant="danger" role="alert">
          {text.decisionFailed}
        </Alert>
      )}
      <ConsentDecisionButtons
        allowLabel={text.allow}
        denyLabel={text.deny}
        sending={sending}
        onAllow={() => void decide('allow')}
        onDeny={() => void decide('deny')}
      />
    </PageLayout>
  );
}
