import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import { RegistrationModal } from '../../features/registration';
import { sessionStore, useSessionItem } from '../../lib/session-storage';

/** Sign In and Sign Up for visitors, Sign Out for signed-in users (session subject present). */
export function AuthButtons() {
  const navigate = useNavigate();
  const signedIn = useSessionItem('subject') !== null;
  const [registrationOpen, setRegistrationOpen] = useState(false);

  if (signedIn) {
    const signOut = () => {
      sessionStore.clearAll();
      void navigate('/');
    };
    return (
      <div className="d-flex gap-2 py-2 py-xl-0">
        <Button variant="outline-primary" onClick={signOut}>
          Sign Out
        </Button>
      </div>
    );
  }

  return (
    <div className="d-flex gap-2 py-2 py-xl-0">
      <Button
        variant="outline-primary"
        onClick={() => void navigate(pageRoute('login').paths[0] ?? '/')}
      >
        Sign In
      </Button>
      <Button variant="primary" onClick={() => setRegistrationOpen(true)}>
        Sign Up
      </Button>
      <RegistrationModal show={registrationOpen} onHide={() => setRegistrationOpen(false)} />
    </div>
  );
}
