import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { BANK_CLIENT } from '@anybank/contracts';
import { RegistrationModal } from '../../features/registration';
import { useSessionItem } from '../../lib/session-storage';
import { signOut, startSignIn } from '../../lib/sign-in';

/** Sign In and Sign Up for visitors, Sign Out for signed-in users (session subject present). */
export function AuthButtons() {
  const signedIn = useSessionItem('subject') !== null;
  const firstName = useSessionItem('firstName');
  const [registrationOpen, setRegistrationOpen] = useState(false);

  if (signedIn) {
    return (
      <div className="d-flex align-items-center gap-3 py-2 py-xl-0">
        {firstName && <span className="navbar-text">Hi, {firstName}</span>}
        <Button variant="outline-primary" onClick={() => signOut()}>
          Sign Out
        </Button>
      </div>
    );
  }

  return (
    <div className="d-flex gap-2 py-2 py-xl-0">
      <Button variant="outline-primary" onClick={() => void startSignIn(BANK_CLIENT)}>
        Sign In
      </Button>
      <Button variant="primary" onClick={() => setRegistrationOpen(true)}>
        Sign Up
      </Button>
      <RegistrationModal show={registrationOpen} onHide={() => setRegistrationOpen(false)} />
    </div>
  );
}
