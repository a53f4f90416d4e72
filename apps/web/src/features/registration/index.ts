export { RegistrationModal } from './RegistrationModal';
export { RegistrationConfirmationHost } from './RegistrationConfirmationHost';
