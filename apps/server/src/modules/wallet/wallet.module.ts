import type { ModuleContext } from '../../module-context';
import type { SigningKeyRing } from '../identity';
import { registerWalletRoutes } from './wallet.routes';
import { createWalletService } from './wallet.service';

/** The wallet module's part of the server: digital-wallet pairing and its card (ADR 0012). */
export function registerWallet(
  ctx: ModuleContext,
  deps: { keys: { signingKeys: SigningKeyRing } },
) {
  const { config } = ctx;
  const wallet = createWalletService({ config, db: ctx.db, signingKeys: deps.keys.signingKeys });
  ctx.routes((api) => registerWalletRoutes(api, { config, wallet }));
  return wallet;
}
