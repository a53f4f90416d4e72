/**
 * The messaging module as other modules use it: sending to the outbox (e-mail, SMS, push),
 * counting what was sent, and the security notices told after a change commits.
 */
export type { MessagingService, OutgoingMessage } from './messaging.service';
export type { SecurityNotices } from './security-notice.service';
export { registerMessaging } from './messaging.module';
/** How a code's destination is shown: "•••• 4567", "j•••@example.com". */
export { maskedRecipient } from './messaging.rules';
