export { AccountActivityPage } from './AccountActivityPage';
export { AccountStatementPage } from './AccountStatementPage';
export { PaymentActivityPage } from './PaymentActivityPage';
