import { lazyDialog } from '../../components/lazy-dialog';

/**
 * The registration dialogs, loaded the first time they open: the first screen shows neither,
 * and the registration widget brings its schemas and form code with it.
 */
export const RegistrationModal = lazyDialog(
  async () => (await import('./RegistrationModal')).RegistrationModal,
  (props) => props.show,
);

export const RegistrationConfirmationModal = lazyDialog(
  async () => (await import('./RegistrationConfirmationModal')).RegistrationConfirmationModal,
  (props) => props.show,
);
