export { CreditCardPage } from './CreditCardPage';
