export { PaymentConsentPage } from './PaymentConsentPage';
