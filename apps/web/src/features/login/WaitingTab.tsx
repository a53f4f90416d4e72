import { useEffect, useRef } from 'react';
import { Spinner } from 'react-bootstrap';
import type { FlowStatus } from '@anybank/contracts';

const STATUS_TEXT: Partial<Record<FlowStatus, string>> = {
  AUTHENTICATION_REQUIRED: 'Checking your sign-in…',
  MFA_COMPLETED: 'Verified. Finishing your sign-in…',
  RESUME: 'Signed in. Taking you to your accounts…',
};

/** Tab 6: the modal is working on its own (loading the flow, continuing, resuming). */
export function WaitingTab({
  headingId,
  status,
}: {
  headingId: string;
  status: FlowStatus | null;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const text = (status && STATUS_TEXT[status]) ?? 'One moment, please…';

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h4 mb-3">
        Signing you in
      </h2>
      <div role="status" className="d-flex align-items-center gap-3">
        <Spinner animation="border" aria-hidden="true" />
        <span>{text}</span>
      </div>
    </div>
  );
}
