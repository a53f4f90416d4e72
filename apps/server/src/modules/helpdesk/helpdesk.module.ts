import type { ModuleContext } from '../../module-context';
import type { OtpService, PushService } from '../identity';
import type { MessagingService, SecurityNotices } from '../messaging';
import { createHelpDeskService } from './helpdesk.service';

/**
 * The help desk's part of the server (ADR 0014): its service, which the orchestration's
 * help-desk policy adapts; it has no routes of its own.
 */
export function registerHelpDesk(
  ctx: ModuleContext,
  deps: {
    otp: OtpService;
    push: PushService;
    messaging: MessagingService;
    notices: SecurityNotices;
  },
) {
  const { otp, push, messaging, notices } = deps;
  return createHelpDeskService({ db: ctx.db, otp, push, messaging, notices });
}
