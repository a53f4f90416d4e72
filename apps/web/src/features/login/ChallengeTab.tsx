import { useEffect, useRef } from 'react';
import type { FlowResponse, PromptForm } from '@anybank/contracts';
import {
  ChallengePrompt,
  type ChallengePromptProps,
  type PasskeyPhase,
} from '../../components/ui/ChallengePrompt';
import { authenticateWithAuthenticator } from './fido';
import { FormError } from './FormError';
import { useFidoCeremony, type FidoPhase } from './use-fido-ceremony';

type PromptProps = Omit<ChallengePromptProps, 'form' | 'onPasskey' | 'passkeyPhase'>;

interface ChallengeTabProps extends PromptProps {
  headingId: string;
  heading: string;
  flow: FlowResponse | null;
  /**
   * The heading takes focus when the tab opens (a step with nothing to type: the phone, a
   * passkey); a step with a field focuses the field instead.
   */
  focusHeading?: boolean;
  /** Sends the browser's assertion, for a prompt with a passkey (tab 14). */
  onAssertion?: (assertion: Record<string, unknown>) => Promise<FlowResponse | null>;
}

const PASSKEY_PHASE: Record<FidoPhase, PasskeyPhase> = {
  asking: 'asking',
  sending: 'checking',
  failed: 'idle',
};

const optionsOf = (form: PromptForm | undefined) =>
  form?.nodes.find((node) => node.type === 'webauthn')?.options ?? null;

const noAssertion = () => Promise.resolve(null);

/**
 * A login tab that asks the second factor, a step-up's password or a recovery code (§2.4: tabs
 * 1, 3, 7, 14): the tab's heading over the flow's `challengePrompt`, the form the server
 * describes (ADR 0026), which ChallengePrompt draws. Which tab shows is the flow's status
 * (login-tabs.ts); only the body is the prompt. A response without one (the phone's refusal,
 * before the modal goes back to the device choice) shows the heading and the refusal.
 */
export function ChallengeTab({
  headingId,
  heading,
  flow,
  focusHeading = false,
  onAssertion,
  ...prompt
}: ChallengeTabProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = flow?.challengePrompt;
  // A passkey is asked as the tab opens (document 1 §4.4); a prompt without one asks nothing.
  const options = optionsOf(form);
  const passkey = useFidoCeremony(
    'authenticate',
    options,
    authenticateWithAuthenticator,
    onAssertion ?? noAssertion,
  );
  const passkeyProps: Partial<ChallengePromptProps> = options
    ? {
        passkeyPhase: PASSKEY_PHASE[passkey.phase],
        onPasskey: passkey.canRetry ? passkey.tryAgain : undefined,
        serverError: passkey.phase === 'failed' ? passkey.error : null,
      }
    : {};

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  return (
    <div>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={focusHeading ? -1 : undefined}
        className="h4 mb-3"
      >
        {heading}
      </h2>
      {form ? (
        // A new method's prompt (a recovery code after the code tab, both tab 3) starts afresh.
        <ChallengePrompt key={form.method} form={form} {...prompt} {...passkeyProps} />
      ) : (
        <FormError id={`${headingId}-error`} message={prompt.serverError ?? null} />
      )}
    </div>
  );
}
