import type { JWK } from 'jose';
import { RETAIL_CALLBACK_PATH, RETAIL_SHOP_COMPANY } from '@anybank/contracts';
import type { ModuleContext } from '../../module-context';
import { createBankPort } from './bank.port';
import { createOrderSeal } from './order-cookie';
import { createExchangeJournal } from './shop-bank-exchange.store';
import { registerRetailShopRoutes } from './retail-shop.routes';
import { createRetailShopService } from './retail-shop.service';
import { currentInspectorId, insertAuditEvent } from '../audit';
import { bankIssuerSource } from './issuer-source';
import { registerWalletCheckRoutes } from './wallet-check.routes';
import { createWalletCheckService } from './wallet-check.service';
import { createWalletCheckStore } from './wallet-check.store';
import { createLogoutTokenVerifier } from './logout-token.verifier';
import { registerShopperSessionRoutes } from './shopper-session.routes';
import { createShopperSessionService } from './shopper-session.service';
import { createShopperSessionStore } from './shopper-session.store';

/**
 * The retail shop's part of the server (ADR 0023): another company, which reaches the bank at
 * its public URL with its own key and client, never through a service of this server. Its
 * account number is what the bank told the merchant: its company's, an organisation the bank
 * knows by id (contracts' organisations.ts).
 */
export function registerRetailShop(
  ctx: ModuleContext,
  deps: {
    /** The shop's private signing key; the bank registered its public half. */
    retailShopKey: { privateJwk: JWK & { kid: string; d: string } };
    /** HTTPS=on: the certificate this server serves, which the shop trusts (and no other). */
    bankCertificate?: string | undefined;
  },
): void {
  const { siteUrl } = ctx;
  const { privateJwk } = deps.retailShopKey;
  const shop = createRetailShopService({
    bank: createBankPort({
      bankUrl: siteUrl,
      privateJwk,
      callbackUrl: `${siteUrl}${RETAIL_CALLBACK_PATH}`,
      ...(deps.bankCertificate ? { bankCertificate: deps.bankCertificate } : {}),
    }),
    seal: createOrderSeal(privateJwk.d),
    payeeAccountId: RETAIL_SHOP_COMPANY.accountId,
    journal: createExchangeJournal(ctx.db, ctx.clock ?? (() => new Date())),
    ...(ctx.clock ? { clock: ctx.clock } : {}),
  });
  const clock = ctx.clock ?? (() => new Date());
  const checks = createWalletCheckService({
    store: createWalletCheckStore(ctx.db, clock),
    privateJwk,
    siteUrl,
    issuer: bankIssuerSource(siteUrl, deps.bankCertificate),
    // The shop's checks in the audit log (ADR 0027): what was asked, shown and kept back.
    audit: ({ type, ip, details, inspectorId }) =>
      insertAuditEvent(ctx.db, { type, ip, details, inspectorId }),
    watchingPanel: currentInspectorId,
    clock,
  });
  // Its sessions of shoppers, which the bank's back-channel logout ends (ADR 0028).
  const shoppers = createShopperSessionService({
    store: createShopperSessionStore(ctx.db, clock),
    verify: createLogoutTokenVerifier({ bankUrl: siteUrl, bankCertificate: deps.bankCertificate }),
    audit: ({ type, details }) => insertAuditEvent(ctx.db, { type, details, inspectorId: null }),
    clock,
  });
  ctx.routes((api) => {
    registerRetailShopRoutes(api, { config: ctx.config, shop, checks, shoppers });
    registerShopperSessionRoutes(api, { config: ctx.config, shoppers });
    registerWalletCheckRoutes(api, { config: ctx.config, checks });
  });
}
