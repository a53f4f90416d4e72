export { RegistrationModal } from './lazy-modals';
export { RegistrationConfirmationHost } from './RegistrationConfirmationHost';
