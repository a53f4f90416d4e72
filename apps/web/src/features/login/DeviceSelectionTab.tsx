import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import type { FlowResponse } from '@anybank/contracts';
import type { FidoCompatibility } from './fido-compatibility';
import { NEWEST_DEVICE_NOTE, displayedDevices, isPasskey } from './device-display';
import { FormError } from './FormError';
import { errorTextOf } from './login-model';

interface DeviceSelectionTabProps {
  headingId: string;
  flow: FlowResponse;
  /** This browser's FIDO2 support; null while it is probed. */
  compatibility: FidoCompatibility | null;
  /** A message of the modal's own (the phone's approval was denied or timed out). */
  notice: string | null;
  busy: boolean;
  onSelect: (deviceId: string) => void;
}

/**
 * Tab 2: choose a sign-in method; Submit stays disabled until one is picked (§2.4). The list
 * follows §4.5 (`device-display.ts`).
 */
export function DeviceSelectionTab({
  headingId,
  flow,
  compatibility,
  notice,
  busy,
  onSelect,
}: DeviceSelectionTabProps) {
  const serverDevices = flow.devices ?? [];
  const probing = compatibility === null && serverDevices.some(isPasskey);
  const list = displayedDevices(serverDevices, {
    compatibility: compatibility ?? 'NONE',
    host: window.location.hostname,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const noteId = useId();
  const errorText = errorTextOf(flow) ?? notice;
  const ready = !probing && list.devices.length > 0;

  useEffect(() => {
    if (ready) firstRef.current?.focus();
  }, [ready]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked) onSelect(picked);
  };

  let body;
  if (serverDevices.length === 0 || probing) {
    body = (
      <div role="status" className="d-flex align-items-center gap-2 mb-3">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>Checking this device…</span>
      </div>
    );
  } else if (list.devices.length === 0) {
    body = (
      <p className="mb-3">
        None of your sign-in methods can be used in this browser. Please try another browser.
      </p>
    );
  } else {
    const describedBy = [errorText ? errorId : null, list.showNewestNote ? noteId : null]
      .filter(Boolean)
      .join(' ');
    body = (
      <fieldset className="mb-3" aria-describedby={describedBy || undefined}>
        <legend className="fs-6">How would you like to confirm it is you?</legend>
        {list.devices.map(({ device, label }, index) => (
          <Form.Check
            key={device.id}
            ref={index === 0 ? firstRef : undefined}
            type="radio"
            id={`login-device-${device.id}`}
            name="device"
            value={device.id}
            checked={picked === device.id}
            onChange={() => setPicked(device.id)}
            label={
              <>
                {label}
                {device.target && <span className="text-body-secondary ms-2">{device.target}</span>}
              </>
            }
          />
        ))}
        {list.showNewestNote && (
          <p id={noteId} className="form-text mb-0 mt-2">
            {NEWEST_DEVICE_NOTE}
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <Form onSubmit={submit}>
      <h2 id={headingId} className="h4 mb-3">
        Choose a sign-in method
      </h2>
      <FormError id={errorId} message={errorText} />
      {body}
      <div className="d-grid">
        <Button type="submit" variant="primary" disabled={picked === null || busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Submit
        </Button>
      </div>
    </Form>
  );
}
