import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import type { FlowDevice } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { listSignInDevices, startPairingFlow } from './devices-api';
import { onPairingDone, requestPairing } from '../../lib/pairing-signal';
import { DeviceDetails } from './DeviceDetails';
import { DigitalWalletPairing } from './DigitalWalletPairing';
import { PersonalDetailsForm } from './PersonalDetailsForm';
import { VerifiableCredentialsSection } from './VerifiableCredentialsSection';

type DevicesState =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; devices: FlowDevice[] };

/**
 * The customer's sign-in devices, and adding one through the login modal's pairing
 * tabs (opened by the app's modal host; at the limit of five, tab 8 says so).
 */
function SignInDevices({ refresh }: { refresh: number }) {
  const [state, setState] = useState<DevicesState>({ kind: 'loading' });
  const [starting, setStarting] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  const load = useCallback((signal?: AbortSignal) => {
    listSignInDevices(signal)
      .then((devices) => setState({ kind: 'loaded', devices }))
      .catch((error: unknown) => {
        if (signal?.aborted) return;
        console.error(error);
        setState({ kind: 'failed' });
      });
  }, []);

  // Loaded at first, and again after a saved profile replaced an SMS or e-mail device.
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, refresh]);

  // The pairing modal closed: the list may have a new device; focus comes back to the button.
  useEffect(
    () =>
      onPairingDone(() => {
        load();
        addButton.current?.focus();
      }),
    [load],
  );

  const addDevice = () => {
    setStarting(true);
    setStartFailed(false);
    startPairingFlow()
      .then(requestPairing)
      .catch((error: unknown) => {
        console.error(error);
        setStartFailed(true);
      })
      .finally(() => setStarting(false));
  };

  return (
    <Card className="shadow-sm mt-4">
      <Card.Body>
        <h2 className="h5" id={headingId}>
          Sign-in devices
        </h2>
        <p>The devices you confirm it is you with when you sign in.</p>
        {state.kind === 'loading' && (
          <p role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            Loading your devices…
          </p>
        )}
        {state.kind === 'failed' && (
          <Alert variant="danger">Your devices could not be loaded. Please try again later.</Alert>
        )}
        {state.kind === 'loaded' &&
          (state.devices.length === 0 ? (
            <p>You have no sign-in devices yet.</p>
          ) : (
            <ul className="list-group mb-3" aria-labelledby={headingId}>
              {state.devices.map((device) => (
                <li key={device.id} className="list-group-item">
                  <span className="fw-semibold">{device.kind.label}</span>
                  <DeviceDetails device={device} />
                </li>
              ))}
            </ul>
          ))}
        {startFailed && (
          <Alert variant="danger">Adding a device could not start. Please try again.</Alert>
        )}
        <Button ref={addButton} variant="primary" disabled={starting} onClick={addDevice}>
          {starting ? 'Starting…' : 'Add a device'}
        </Button>
      </Card.Body>
    </Card>
  );
}

/**
 * Document 2 §2, §4, §5, §8: the customer's details, editable and saved through the
 * profile-update policy, and their sign-in devices (refreshed after a save, since a changed
 * mobile or e-mail replaces its device).
 */
export function PersonalDetailsPage() {
  const [devicesVersion, setDevicesVersion] = useState(0);
  const onSaved = useCallback(() => setDevicesVersion((version) => version + 1), []);
  return (
    <BankingPageLayout
      pageId="profile"
      description="Your name, address, email and mobile number as we hold them."
    >
      <PersonalDetailsForm onSaved={onSaved} />
      <SignInDevices refresh={devicesVersion} />
      <DigitalWalletPairing />
      <VerifiableCredentialsSection />
    </BankingPageLayout>
  );
}
