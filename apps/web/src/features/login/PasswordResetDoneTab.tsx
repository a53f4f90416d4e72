import { useEffect, useRef } from 'react';
import { messages } from '@anybank/contracts';
import { PrimaryButton } from './TabActions';

/** Tab 18: the password was reset; Continue goes back to the username (tab 1). */
export function PasswordResetDoneTab({
  headingId,
  busy,
  onContinue,
}: {
  headingId: string;
  busy: boolean;
  onContinue: () => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    buttonRef.current?.focus();
  }, []);

  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        Password changed
      </h2>
      <div role="status" className="alert alert-success">
        {messages.login.passwordResetDone}
      </div>
      <PrimaryButton type="button" busy={busy} buttonRef={buttonRef} onClick={onContinue}>
        Continue
      </PrimaryButton>
    </div>
  );
}
