import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { PrimaryButton } from './TabActions';

/**
 * A tab that tells how something ended, with one way on, which takes focus: a success (tabs 5
 * and 18, announced politely) or a failure (tab 19, the OTP lockout on tab 3: an alert).
 */
export function OutcomeTab({
  headingId,
  heading,
  tone,
  action,
  busy = false,
  onAction,
  children,
}: {
  headingId: string;
  heading: string;
  tone: 'success' | 'failure';
  /** The button's label. */
  action: string;
  busy?: boolean;
  onAction: () => void;
  children: ReactNode;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    buttonRef.current?.focus();
  }, []);

  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        {heading}
      </h2>
      {tone === 'success' ? (
        <div role="status" className="alert alert-success">
          {children}
        </div>
      ) : (
        <div role="alert" className="alert alert-danger">
          {children}
        </div>
      )}
      <PrimaryButton type="button" busy={busy} buttonRef={buttonRef} onClick={onAction}>
        {action}
      </PrimaryButton>
    </div>
  );
}
