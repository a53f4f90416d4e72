import type { ModuleContext } from '../../module-context';
import { signInRateLimit } from '../../http/rate-limits';
import { registerOutboxRoutes } from './messaging.routes';
import { createMessagingService, type BrandNamesSource } from './messaging.service';
import type { DeviceWordsOf } from './security-notice.rules';
import { createSecurityNotices } from './security-notice.service';
import { createSmtpTransport, type EmailTransport } from './smtp-transport';

/**
 * The messaging module's part of the server: sending (through SMTP_URL's server, else only to
 * the outbox), the security notices, and the outbox's routes while it is served.
 */
export function registerMessaging(
  ctx: ModuleContext,
  deps: {
    /** Replaces the SMTP transport built from SMTP_URL (tests); null: none. */
    emailTransport?: EmailTransport | null | undefined;
    /** The brand's names the messages sent carry (the branding module). */
    brandNames: BrandNamesSource;
    /** A device type in words, as its method declares them (identity's declared devices). */
    deviceWordsOf: DeviceWordsOf;
  },
) {
  const { config, db, app } = ctx;
  const email =
    deps.emailTransport !== undefined
      ? deps.emailTransport
      : config.smtp
        ? createSmtpTransport(config.smtp.url, config.smtp.from)
        : null;
  app.addHook('onClose', async () => email?.close());
  const messaging = createMessagingService({
    db,
    email,
    log: app.log,
    brandNames: deps.brandNames,
  });
  const notices = createSecurityNotices({
    db,
    messaging,
    log: app.log,
    deviceWordsOf: deps.deviceWordsOf,
  });
  if (config.outboxEnabled) {
    ctx.routes((api) =>
      registerOutboxRoutes(api, { messaging, rateLimit: signInRateLimit(config) }),
    );
  }
  return { messaging, notices };
}
