/** The wallet module as other modules use it: the orchestration's wallet-pairing policy. */
export type { WalletService } from './wallet.service';
export { registerWallet } from './wallet.module';
