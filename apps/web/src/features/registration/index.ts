export { RegistrationModal } from './RegistrationModal';
