import type { ModuleContext } from '../../module-context';
import type { TransferApprovals } from '../banking';
import type { OtpService, PaymentInteractionPort, SenderConstrainedGuard } from '../identity';
import type { MessagingService } from '../messaging';
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
    approvals: TransferApprovals;
    otp: OtpService;
    messaging: MessagingService;
  },
): void {
  const payments = createPaymentConsentService({
    db: ctx.db,
    interactions: deps.paymentInteractions,
    approvals: deps.approvals,
    otp: deps.otp,
    messaging: deps.messaging,
    clock: ctx.clock,
  });
  ctx.routes((api) =>
    registerPaymentConsentRoutes(api, { config: ctx.config, dpop: deps.dpop, payments }),
  );
}
