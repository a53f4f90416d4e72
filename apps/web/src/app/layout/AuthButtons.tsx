import { useState } from 'react';
import { BANK_CLIENT } from '@anybank/contracts';
import { RegistrationModal } from '../../features/registration';
import { useSessionItem } from '../../lib/session-storage';
import { signOut, startSignIn } from '../../lib/sign-in';

/**
 * Sign In and Sign Up for visitors, Sign Out for signed-in users (session subject present).
 * Bootstrap's button markup, as react-bootstrap's `Button` renders it: the layout on every page
 * does without its helpers in the first page's JavaScript (ADR 0024).
 */
export function AuthButtons() {
  const signedIn = useSessionItem('subject') !== null;
  const firstName = useSessionItem('firstName');
  const [registrationOpen, setRegistrationOpen] = useState(false);

  if (signedIn) {
    return (
      <div className="d-flex align-items-center gap-3 py-2 py-xl-0">
        {firstName && <span className="navbar-text">Hi, {firstName}</span>}
        <button type="button" className="btn btn-outline-primary" onClick={() => signOut()}>
          Sign Out
        </button>
      </div>
    );
  }

  return (
    <div className="d-flex gap-2 py-2 py-xl-0">
      <button
        type="button"
        className="btn btn-outline-primary"
        onClick={() => void startSignIn(BANK_CLIENT)}
      >
        Sign In
      </button>
      <button type="button" className="btn btn-primary" onClick={() => setRegistrationOpen(true)}>
        Sign Up
      </button>
      <RegistrationModal show={registrationOpen} onHide={() => setRegistrationOpen(false)} />
    </div>
  );
}
