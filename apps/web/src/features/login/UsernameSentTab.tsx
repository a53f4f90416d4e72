import { useEffect, useRef } from 'react';
import { PrimaryButton } from './TabActions';

/** Tab 5: the username-recovery confirmation. */
export function UsernameSentTab({
  headingId,
  sentTo,
  onBack,
}: {
  headingId: string;
  sentTo: string;
  onBack: () => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    buttonRef.current?.focus();
  }, []);

  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        Check your email
      </h2>
      <div role="status" className="alert alert-success">
        We sent your username to <strong>{sentTo}</strong>.
      </div>
      <PrimaryButton type="button" busy={false} buttonRef={buttonRef} onClick={onBack}>
        Back to sign in
      </PrimaryButton>
    </div>
  );
}
