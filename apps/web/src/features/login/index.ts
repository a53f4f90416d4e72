export { LoginPage } from './LoginPage';
export { RedirectPage } from './RedirectPage';
export { PartnerSignoffPage } from './PartnerSignoffPage';
export { LoginModal } from './LoginModal';
export { StepUpDialog } from './StepUpDialog';
