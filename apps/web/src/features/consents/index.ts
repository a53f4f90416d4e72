export { CommunicationPreferencesPage } from './CommunicationPreferencesPage';
export { PrivacySecurityPage } from './PrivacySecurityPage';
