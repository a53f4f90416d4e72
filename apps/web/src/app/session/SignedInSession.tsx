import { StepUpHost } from '../layout/StepUpHost';
import { IdleSession } from './IdleSession';
import { SessionCheck } from './SessionCheck';
import { SignOutAfterMethodChange } from './SignOutAfterMethodChange';

/**
 * What the layout runs while somebody is signed in: the idle-timeout watch (react-idle-timer and
 * its dialog), the sign-out after a sign-in method change, the
 * question whether the session still lives, and the step-up dialog's host. The
 * layout loads it once somebody signs in: a visitor's first page does without it (ADR 0024).
 */
export function SignedInSession() {
  return (
    <>
      <IdleSession />
      <SessionCheck />
      <SignOutAfterMethodChange />
      <StepUpHost />
    </>
  );
}
