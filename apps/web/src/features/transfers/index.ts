export { TransferMoneyPage } from './TransferMoneyPage';
export { PayAndTransferPage } from './PayAndTransferPage';
