import type { FlowResponse } from '@anybank/contracts';
import { CodeForm } from './CodeForm';
import { pairingErrorTextOf } from './login-model';

interface PairingCodeTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  onSubmit: (otp: string) => Promise<boolean>;
  onCancel: () => void;
}

/** Tab 11: the 6-digit code sent to the e-mail address or phone being paired. */
export function PairingCodeTab({ headingId, flow, busy, onSubmit, onCancel }: PairingCodeTabProps) {
  const email = flow.status === 'EMAIL_ACTIVATION_REQUIRED';
  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        Enter the pairing code
      </h2>
      <p>We sent a 6-digit code to the {email ? 'email address' : 'phone number'} you entered.</p>
      <CodeForm
        label="Pairing code"
        serverError={pairingErrorTextOf(flow)}
        busy={busy}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </div>
  );
}
