import { useEffect, useId, useRef } from 'react';
import { Spinner } from 'react-bootstrap';
import type { FlowResponse } from '@anybank/contracts';
import { registerAuthenticator } from './fido';
import { FormError } from './FormError';
import { PrimaryButton, SecondaryButton } from './TabActions';
import { useFidoCeremony } from './use-fido-ceremony';

interface FidoTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  /** Sends the browser's attestation to the flow. */
  onAnswer: (answer: Record<string, unknown>) => Promise<FlowResponse | null>;
  /** Cancels the pairing. */
  onLeave: () => void;
}

const TEXTS = {
  heading: 'Register your passkey or security key',
  asking: 'Follow your browser’s instructions to register your passkey or security key.',
  leave: 'Cancel',
};

/**
 * Tab 13 (FIDO2 registration, FIDO2_ACTIVATION_REQUIRED): the browser is asked as soon as the
 * tab opens (document 1 §4.4). A passkey's sign-in (tab 14) is the server's prompt
 * (ChallengeTab.tsx).
 */
export function FidoTab({ headingId, flow, busy, onAnswer, onLeave }: FidoTabProps) {
  const { phase, error, canRetry, tryAgain } = useFidoCeremony(
    'register',
    flow.publicKeyCredentialCreationOptions,
    registerAuthenticator,
    onAnswer,
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const texts = TEXTS;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (phase === 'failed') retryRef.current?.focus();
  }, [phase]);

  return (
    <div>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h4 mb-3">
        {texts.heading}
      </h2>
      <FormError id={errorId} message={phase === 'failed' ? error : null} />
      {phase !== 'failed' && (
        <div role="status" className="d-flex align-items-center gap-3 mb-3">
          <Spinner animation="border" aria-hidden="true" />
          <span>{phase === 'asking' ? texts.asking : 'Checking your authenticator…'}</span>
        </div>
      )}
      {phase === 'failed' && canRetry && (
        <PrimaryButton type="button" busy={busy} buttonRef={retryRef} onClick={tryAgain}>
          Try Again
        </PrimaryButton>
      )}
      <SecondaryButton busy={busy} onClick={onLeave}>
        {texts.leave}
      </SecondaryButton>
    </div>
  );
}
