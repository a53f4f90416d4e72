/** Pay by bank at the bank (ADR 0023): payment consents and their payments. */
export {
  createPaymentConsentService,
  customerPaymentsByApp,
  paymentConsentLookup,
  type PaymentConsentService,
} from './payment-consent.service';
export { registerPaymentConsentRoutes } from './payment-consent.routes';
export { registerPayments } from './payments.module';
