import { useEffect, useRef, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import type { FlowResponse } from '@anybank/contracts';
import { CodeForm } from './CodeForm';
import { groupPairingKey } from './field-rules';
import { pairingErrorTextOf } from './login-model';

interface AuthenticatorAppTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  /** Draws the key URI as a QR code (a data URL), null when it could not. */
  qrCodeFor: (keyUri: string) => Promise<string | null>;
  onSubmit: (otp: string) => Promise<boolean>;
  onCancel: () => void;
}

type QrCode = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'failed' };

/**
 * Tab 15: pairing an authenticator app (document 1 §4.4): the QR code of the flow's keyUri,
 * the same key as text for typing in, and the app's first 6-digit code.
 */
export function AuthenticatorAppTab({
  headingId,
  flow,
  busy,
  qrCodeFor,
  onSubmit,
  onCancel,
}: AuthenticatorAppTabProps) {
  const keyUri = flow.keyUri ?? null;
  const [qrCode, setQrCode] = useState<QrCode>(() =>
    keyUri ? { state: 'loading' } : { state: 'failed' },
  );
  const drawnFor = useRef<string | null>(null);

  useEffect(() => {
    if (!keyUri || drawnFor.current === keyUri) return;
    drawnFor.current = keyUri;
    void qrCodeFor(keyUri).then((src) =>
      setQrCode(src ? { state: 'ready', src } : { state: 'failed' }),
    );
  }, [keyUri, qrCodeFor]);

  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        Set up your authenticator app
      </h2>
      <ol className="ps-3">
        <li className="mb-2">In your authenticator app, add an account and scan this QR code.</li>
        <li className="mb-2">Then enter the 6-digit code the app shows.</li>
      </ol>
      <div className="text-center mb-3" aria-live="polite">
        {qrCode.state === 'loading' && (
          <div role="status" className="d-inline-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>Drawing the QR code…</span>
          </div>
        )}
        {qrCode.state === 'ready' && (
          <img
            src={qrCode.src}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="border rounded"
          />
        )}
        {qrCode.state === 'failed' && (
          <p className="mb-0">The QR code could not be drawn. Enter the key below instead.</p>
        )}
      </div>
      {flow.pairingKey && (
        <p>
          Cannot scan? Enter this key in the app:{' '}
          <code className="user-select-all fs-6 text-break">
            {groupPairingKey(flow.pairingKey)}
          </code>
        </p>
      )}
      <CodeForm
        label="Code from your authenticator app"
        serverError={pairingErrorTextOf(flow)}
        busy={busy}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </div>
  );
}
