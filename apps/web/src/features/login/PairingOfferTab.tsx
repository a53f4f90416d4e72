import { useEffect, useId, useRef } from 'react';
import type { FlowResponse } from '@anybank/contracts';
import { FormError } from './FormError';
import { errorTextOf, maximumDevicesTextOf } from './login-model';
import { PrimaryButton, SecondaryButton } from './TabActions';

interface PairingOfferTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  /** 'Add a device': tab 9 lists the device types. */
  onAddDevice: () => void;
  /** 'Not now' (or Continue at the limit): the sign-in finishes. */
  onContinue: () => void;
}

/** Tab 8: the offer to add a device, or the maximum-devices message (document 1 §4.4, §8). */
export function PairingOfferTab({
  headingId,
  flow,
  busy,
  onAddDevice,
  onContinue,
}: PairingOfferTabProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const maximum = maximumDevicesTextOf(flow);

  useEffect(() => {
    buttonRef.current?.focus();
  }, []);

  if (maximum !== null) {
    return (
      <div>
        <h2 id={headingId} className="h4 mb-3">
          You cannot add another device
        </h2>
        <div role="alert" className="alert alert-warning">
          {maximum}
        </div>
        <p>You already have the most sign-in methods allowed.</p>
        <PrimaryButton type="button" busy={busy} buttonRef={buttonRef} onClick={onContinue}>
          Continue
        </PrimaryButton>
      </div>
    );
  }

  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        Add another way to sign in
      </h2>
      <FormError id={errorId} message={errorTextOf(flow)} />
      <p>
        You have one way to confirm it is you. Add another device, so that you can still sign in
        when this one is not at hand.
      </p>
      <PrimaryButton type="button" busy={busy} buttonRef={buttonRef} onClick={onAddDevice}>
        Add a device
      </PrimaryButton>
      <SecondaryButton busy={busy} onClick={onContinue}>
        Not now
      </SecondaryButton>
    </div>
  );
}
