import { useEffect } from 'react';
import { useSessionItem } from '../../lib/session-storage';
import { closeConfirmation, takeRegistration, useConfirmedRegistration } from './registered-user';
import { RegistrationConfirmationModal } from './lazy-modals';

/** Shows the registration confirmation once, after the new customer's sign-in (§2.3, §3.6). */
export function RegistrationConfirmationHost() {
  const subject = useSessionItem('subject');
  const uid = useSessionItem('uid');
  const confirmed = useConfirmedRegistration();

  useEffect(() => {
    if (subject !== null) takeRegistration(uid);
  }, [subject, uid]);

  return <RegistrationConfirmationModal show={confirmed !== null} onHide={closeConfirmation} />;
}
