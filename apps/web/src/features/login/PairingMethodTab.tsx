import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import type { FlowResponse } from '@anybank/contracts';
import type { FidoCompatibility } from './fido-compatibility';
import { pairingOptions } from './device-display';
import { FormError } from './FormError';
import { pairingErrorTextOf } from './login-model';
import { PrimaryButton, SecondaryButton } from './TabActions';

interface PairingMethodTabProps {
  headingId: string;
  flow: FlowResponse;
  compatibility: FidoCompatibility;
  busy: boolean;
  /** The chosen method's key (the server's `deviceType`). */
  onSelect: (method: string) => void;
  onCancel: () => void;
}

/**
 * Tab 9: the device type to add — the method list of tab 2 with another heading and button
 * (§2.4). The phone app is never offered, a passkey only with WebAuthn (§4.5).
 */
export function PairingMethodTab({
  headingId,
  flow,
  compatibility,
  busy,
  onSelect,
  onCancel,
}: PairingMethodTabProps) {
  const options = pairingOptions(flow.devicePairingMethods ?? [], compatibility).filter(
    (option) => !option.hidden,
  );
  const [picked, setPicked] = useState<string | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const errorText = pairingErrorTextOf(flow);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked) onSelect(picked);
  };

  return (
    <Form onSubmit={submit}>
      <h2 id={headingId} className="h4 mb-3">
        Choose a device to add
      </h2>
      <FormError id={errorId} message={errorText} />
      <fieldset className="mb-3" aria-describedby={errorText ? errorId : undefined}>
        <legend className="fs-6">What would you like to add?</legend>
        {options.map((option, index) => (
          <Form.Check
            key={option.key}
            ref={index === 0 ? firstRef : undefined}
            type="radio"
            id={`login-pairing-${option.key}`}
            name="devicePairingMethod"
            value={option.key}
            checked={picked === option.key}
            onChange={() => setPicked(option.key)}
            label={option.label}
          />
        ))}
      </fieldset>
      <PrimaryButton busy={busy} disabled={picked === null}>
        Add device
      </PrimaryButton>
      <SecondaryButton busy={busy} onClick={onCancel}>
        Cancel
      </SecondaryButton>
    </Form>
  );
}
