import type { ModuleContext } from '../../module-context';
import { createPaymentLedger } from '../banking';
import type { ChallengeService, PaymentInteractionPort, SenderConstrainedGuard } from '../identity';
import { consentToPay } from './consent-to-pay';
import { registerPaymentConsentRoutes } from './payment-consent.routes';
import { createPaymentConsentService } from './payment-consent.service';

/**
 * The payments module's part of the server (ADR 0023): payment consents and their payments,
 * called with DPoP-bound tokens, and the consent screen's decision.
 */
export function registerPayments(
  ctx: ModuleContext,
  deps: {
    dpop: SenderConstrainedGuard;
    paymentInteractions: PaymentInteractionPort;
    challenges: ChallengeService;
  },
): void {
  const payments = createPaymentConsentService({
    db: ctx.db,
    challenges: deps.challenges,
    // Banking's ledger moves the money; it consumes the consent through this module's port.
    ledger: createPaymentLedger({ consents: consentToPay }),
    clock: ctx.clock,
  });
  ctx.routes((api) =>
    registerPaymentConsentRoutes(api, {
      config: ctx.config,
      dpop: deps.dpop,
      interactions: deps.paymentInteractions,
      payments,
    }),
  );
}
