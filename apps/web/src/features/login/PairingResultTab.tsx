import { useEffect, useRef } from 'react';
import { messages } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { PrimaryButton } from './TabActions';

interface PairingResultTabProps {
  headingId: string;
  flow: FlowResponse | null;
  failed: boolean;
  busy: boolean;
  onContinue: () => void;
}

/** Tab 12: the pairing result (§8), and Continue to finish the sign-in. */
export function PairingResultTab({
  headingId,
  flow,
  failed,
  busy,
  onContinue,
}: PairingResultTabProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const device = flow?.pairedDevice;

  useEffect(() => {
    buttonRef.current?.focus();
  }, []);

  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        {failed ? 'Device not added' : 'Device added'}
      </h2>
      {failed ? (
        <div role="alert" className="alert alert-danger">
          {messages.login.pairingFailure}
        </div>
      ) : (
        <div role="status" className="alert alert-success">
          <p className="mb-0">{messages.login.pairingSuccess}</p>
          {device && (
            <p className="mb-0 mt-1">
              <strong>{device.nickname?.trim() || device.name}</strong>
              {device.target && <span className="ms-2">{device.target}</span>}
            </p>
          )}
        </div>
      )}
      <PrimaryButton type="button" busy={busy} buttonRef={buttonRef} onClick={onContinue}>
        Continue
      </PrimaryButton>
    </div>
  );
}
