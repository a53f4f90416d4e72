import { OTP_LENGTH, messages } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import type { ReactNode } from 'react';
import { CodeForm } from './CodeForm';
import { otpErrorTextOf } from './login-model';
import { OutcomeTab } from './OutcomeTab';

interface OtpTabProps {
  headingId: string;
  flow: FlowResponse | null;
  /** The OTP attempt limit was reached: the lockout notice replaces the form. */
  attemptsLimit: boolean;
  busy: boolean;
  /** Resolves true when the flow moved on, false when it answered an error. */
  onSubmit: (otp: string) => Promise<boolean>;
  onTryAgain: () => void;
  /** "Don't ask again on this browser", above Submit when the flow offers it. */
  remember?: ReactNode;
}

/**
 * Tab 3: the one-time code (§2.4, §5, §8) — a sign-in code, or the code that verifies the
 * user's identity for the credit-card application (ADR 0015), which says so.
 */
export function OtpTab({
  headingId,
  flow,
  attemptsLimit,
  busy,
  onSubmit,
  onTryAgain,
  remember,
}: OtpTabProps) {
  const device = flow?.selectedDevice;
  const verifyingIdentity = flow?.status === 'IDENTITY_VERIFICATION_REQUIRED';
  const heading = verifyingIdentity
    ? messages.creditCard.verificationHeading
    : 'Enter your one-time code';

  if (attemptsLimit) {
    return (
      <OutcomeTab
        headingId={headingId}
        heading={heading}
        tone="failure"
        action="Try Again"
        onAction={onTryAgain}
      >
        {messages.login.otpAttemptsLimit}
      </OutcomeTab>
    );
  }

  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        {heading}
      </h2>
      {verifyingIdentity && flow.verificationTarget && (
        <p>{messages.creditCard.verificationIntro(flow.verificationTarget, OTP_LENGTH)}</p>
      )}
      {!verifyingIdentity && device && (
        <p>
          We sent a {OTP_LENGTH}-digit code to{' '}
          {device.target ? <strong>{device.target}</strong> : `your ${device.name}`}.
        </p>
      )}
      <CodeForm
        label="One-time code"
        serverError={otpErrorTextOf(flow)}
        busy={busy}
        onSubmit={onSubmit}
        extra={remember}
      />
    </div>
  );
}
