import { useState } from 'react';
import type { Ref } from 'react';
import { messages } from '@anybank/contracts';
import type { PromptForm } from '@anybank/contracts';
import { ChallengePrompt } from '../../components/ui/ChallengePrompt';
import { cancelTransfer, confirmTransfer, type ConfirmationAnswer } from '../../lib/banking-api';

/**
 * A transfer above the approval threshold by a customer without an activated phone
 * app waits for the one-time code sent to one of their sign-in devices. The code is entered here,
 * in the same page, in the form the server describes (ADR 0026: its words, field, Approve
 * Transfer and Cancel); a wrong code keeps the step (the server changed nothing), any final
 * answer goes to `onDone`. Cancel cancels the transfer on the server (its code stops working and
 * its amount stops counting toward the 24-hour total) before `onCancel` goes back to the form.
 */
export function TransferCodeStep({
  transferId,
  form,
  summary,
  why,
  headingRef,
  onDone,
  onCancel,
}: {
  transferId: string;
  /** The server's form asking for the code: where it went (masked), the field, the buttons. */
  form: PromptForm;
  summary: string;
  /** Why an approval is asked, in figures (messages.transfer.approvalThresholdCrossed). */
  why: string;
  headingRef: Ref<HTMLHeadingElement>;
  onDone: (answer: Exclude<ConfirmationAnswer, { kind: 'wrong_code' }>) => void;
  onCancel: () => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function cancel() {
    if (sending) return;
    setSending(true);
    const answer = await cancelTransfer(transferId);
    setSending(false);
    if (answer === 'failed') {
      setRefusal(messages.transfer.cancelFailed);
      return;
    }
    onCancel();
  }

  async function approve(code: string): Promise<boolean> {
    setSending(true);
    const answer = await confirmTransfer(transferId, code);
    setSending(false);
    if (answer.kind === 'wrong_code') {
      setRefusal(answer.message);
      return false;
    }
    onDone(answer);
    return true;
  }

  return (
    <section aria-labelledby="transfer-step-heading">
      <h2 id="transfer-step-heading" ref={headingRef} tabIndex={-1} className="h4">
        Approve your transfer
      </h2>
      <p className="mb-1">{summary}</p>
      <p className="mb-2 text-body-secondary">{why}</p>
      {/* The heading has focus as the step opens (the page moves it there), not the field. */}
      <ChallengePrompt
        form={form}
        focusOnMount={false}
        serverError={refusal}
        busy={sending}
        onSubmit={({ code }) => approve(code ?? '')}
        onCancel={() => void cancel()}
      />
    </section>
  );
}
