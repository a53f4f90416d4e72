import {
  messages,
  orchestrationMessages,
  usernameRecoveryRequestSchema,
  type UsernameRecoveryResponse,
  deliveryMessages,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import { DomainError } from '../../../domain-error';
import type { DirectoryService } from '../../directory';
import type { MessagingService } from '../../messaging';
import {
  encodedMailMatches,
  limitReached,
  windowStart,
  type EmailLimit,
} from '../orchestration.rules';
import { definePolicy, fieldErrors } from '../policy';

/** Usernames sent to one address: 3 in 15 minutes (ADR 0008). */
export const USERNAME_EMAIL_LIMIT: EmailLimit = {
  subject: orchestrationMessages.usernameSubject,
  max: 3,
  windowMs: 15 * 60 * 1000,
};

export interface UsernameRecoveryDeps {
  config: Pick<Config, 'publicUrl' | 'basePath'>;
  directory: Pick<DirectoryService, 'findUserByEmail'>;
  messaging: Pick<MessagingService, 'send' | 'countEmailsSentTo'>;
  clock: () => Date;
}

/**
 * Forgot username (document 1 §2.4 tabs 4-5, §7): the username goes to the address it belongs
 * to, never into the answer. An address of nobody answers `success: false` with the spec's
 * text, which tells that the address is not registered: ADR 0008 weighs this and bounds it.
 * `hostname` is checked for shape only; the e-mail links to PUBLIC_URL, never to a host a
 * caller names.
 */
export function createUsernameRecoveryPolicy(deps: UsernameRecoveryDeps) {
  return definePolicy({
    name: 'USERNAME_RECOVERY',
    access: 'widget',
    input: usernameRecoveryRequestSchema,
    async run(input): Promise<UsernameRecoveryResponse> {
      if (!encodedMailMatches(input.mail, input.encodedMail)) {
        throw fieldErrors([
          { field: 'encodedMail', message: orchestrationMessages.encodedMailMismatch },
        ]);
      }
      const sent = await deps.messaging.countEmailsSentTo(
        input.mail,
        USERNAME_EMAIL_LIMIT.subject,
        windowStart(USERNAME_EMAIL_LIMIT, deps.clock()),
      );
      if (limitReached(USERNAME_EMAIL_LIMIT, sent)) {
        throw new DomainError('too_many_emails');
      }
      const user = await deps.directory.findUserByEmail(input.mail);
      if (!user) return { success: false, message: messages.login.usernameRecoveryFailure };
      await deps.messaging.send({
        channel: 'email',
        to: user.email,
        subject: USERNAME_EMAIL_LIMIT.subject,
        body: deliveryMessages.usernameBody(
          user.firstName,
          user.uid,
          `${deps.config.publicUrl}${deps.config.basePath}/`,
        ),
      });
      return { success: true };
    },
  });
}
