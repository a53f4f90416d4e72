import {
  messages,
  orchestrationMessages,
  usernameRecoveryRequestSchema,
  type UsernameRecoveryResponse,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import type { MessagingService } from '../../messaging/messaging.service';
import {
  encodedMailMatches,
  limitReached,
  windowStart,
  type EmailLimit,
} from '../orchestration.rules';
import { countEmailsSentTo, findUserByEmail } from '../orchestration.store';
import { definePolicy, fieldErrors } from '../policy';

/** Usernames sent to one address: 3 in 15 minutes (ADR 0008). */
export const USERNAME_EMAIL_LIMIT: EmailLimit = {
  subject: orchestrationMessages.usernameSubject,
  max: 3,
  windowMs: 15 * 60 * 1000,
};

export interface UsernameRecoveryDeps {
  config: Pick<Config, 'publicUrl' | 'basePath'>;
  db: Database;
  messaging: MessagingService;
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
      const sent = await countEmailsSentTo(
        deps.db,
        input.mail,
        USERNAME_EMAIL_LIMIT.subject,
        windowStart(USERNAME_EMAIL_LIMIT, deps.clock()),
      );
      if (limitReached(USERNAME_EMAIL_LIMIT, sent)) {
        throw new HttpError(429, orchestrationMessages.tooManyEmails);
      }
      const user = await findUserByEmail(deps.db, input.mail);
      if (!user) return { success: false, message: messages.login.usernameRecoveryFailure };
      await deps.messaging.send({
        channel: 'email',
        to: user.email,
        subject: USERNAME_EMAIL_LIMIT.subject,
        body:
          `Hello ${user.firstName}, your AnyBank username is ${user.uid}. Sign in at ` +
          `${deps.config.publicUrl}${deps.config.basePath}/. If you did not ask for your ` +
          'username, you can ignore this e-mail.',
      });
      return { success: true };
    },
  });
}
