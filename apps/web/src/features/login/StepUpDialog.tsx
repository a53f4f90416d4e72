import { useEffect, useRef, useState } from 'react';
import type { FlowResponse } from '@anybank/contracts';
import { ErrorModal } from '../../components/ErrorModal';
import type { ErrorContent } from '../../lib/error-catalogue';
import { sessionStore } from '../../lib/session-storage';
import { collectRiskPayload } from '../../lib/signals';
import { startStepUpFlow } from './flow-api';
import { errorOfFailure } from './flow-request-error';
import { LoginModal } from './LoginModal';

/**
 * The step-up dialog: starts a step-up flow for the signed-in customer and shows
 * it in the login modal (password, or a code, push or passkey of their own devices). `onDone`
 * when the flow ended with the customer confirmed; `onCancel` when they closed it or it failed.
 */
export function StepUpDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [flow, setFlow] = useState<FlowResponse | null>(null);
  const [error, setError] = useState<ErrorContent | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once (React runs effects twice in development).
    if (started.current) return;
    started.current = true;
    startStepUpFlow(sessionStore.get('AT'), collectRiskPayload())
      .then(setFlow)
      .catch((failure: unknown) => setError(errorOfFailure(failure)));
  }, []);

  if (error) {
    return <ErrorModal error={error} selfService={false} onTryAgain={onCancel} onQuit={onCancel} />;
  }
  if (!flow) return null;
  return (
    <LoginModal
      key={flow.id}
      flowId={flow.id}
      stepUp
      initialFlow={flow}
      onClose={onCancel}
      onDone={onDone}
    />
  );
}
