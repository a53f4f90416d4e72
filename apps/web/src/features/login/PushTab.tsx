import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import type { FlowResponse } from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { FormError } from './FormError';
import { errorTextOf } from './login-model';
import { SecondaryButton } from './TabActions';

interface PushTabProps {
  headingId: string;
  flow: FlowResponse | null;
  /** A previous notification was denied or timed out (§8). */
  notice: string | null;
  busy: boolean;
  /** Cancels this attempt: the person picks another method. */
  onChooseAnother: () => void;
  /** "Don't ask again on this browser", while the phone is asked. */
  remember?: ReactNode;
}

/**
 * Tab 7: a notification went to the phone; the modal polls the flow until the app answers
 * (document 1 §4.3). The polling itself is the modal's (`usePushPolling`).
 */
export function PushTab({
  headingId,
  flow,
  notice,
  busy,
  onChooseAnother,
  remember,
}: PushTabProps) {
  const { productName } = useBrand();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorId = useId();
  const device = flow?.selectedDevice;
  const deviceName = device ? device.nickname?.trim() || device.name : 'phone';
  const errorText = errorTextOf(flow) ?? notice;
  const waiting = flow?.status === 'PUSH_CONFIRMATION_WAITING' && errorTextOf(flow) === null;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h4 mb-3">
        Approve the sign-in on your phone
      </h2>
      <FormError id={errorId} message={errorText} />
      {waiting && (
        <div role="status" className="d-flex align-items-center gap-3 mb-3">
          <Spinner animation="grow" aria-hidden="true" />
          <span>
            We sent a notification to your {deviceName}. Approve it in the {productName} app.
          </span>
        </div>
      )}
      {waiting && remember}
      <SecondaryButton busy={busy} onClick={onChooseAnother}>
        Choose another way to sign in
      </SecondaryButton>
    </div>
  );
}
