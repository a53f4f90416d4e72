import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import type { FlowResponse } from '@anybank/contracts';
import { FormError } from './FormError';
import { errorTextOf } from './login-model';

interface DeviceSelectionTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  onSelect: (deviceId: string) => void;
}

/** Tab 2: choose a sign-in method; Submit stays disabled until one is picked (§2.4). */
export function DeviceSelectionTab({ headingId, flow, busy, onSelect }: DeviceSelectionTabProps) {
  const devices = flow.devices ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const errorText = errorTextOf(flow);

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
        Choose a sign-in method
      </h2>
      <FormError id={errorId} message={errorText} />
      {devices.length === 0 ? (
        <div role="status" className="d-flex align-items-center gap-2 mb-3">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>Checking this device…</span>
        </div>
      ) : (
        <fieldset className="mb-3" aria-describedby={errorText ? errorId : undefined}>
          <legend className="fs-6">Where should we send your sign-in code?</legend>
          {devices.map((device, index) => (
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
                  {device.name}
                  {device.target && (
                    <span className="text-body-secondary ms-2">{device.target}</span>
                  )}
                </>
              }
            />
          ))}
        </fieldset>
      )}
      <div className="d-grid">
        <Button type="submit" variant="primary" disabled={picked === null || busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Submit
        </Button>
      </div>
    </Form>
  );
}
