export { OAuthConsentPage } from './OAuthConsentPage';
