import { messages, usernameRecoveryResponseSchema } from '@anybank/contracts';
import type { UsernameRecoveryRequest } from '@anybank/contracts';
import type { PolicyAnswer } from '../../lib/policy-answer';

/**
 * Forgot username (document 1 §2.4 tabs 4 and 5, §7): the username-recovery policy e-mails the
 * username to the address it belongs to.
 */
export type UsernameRecoveryOutcome = { kind: 'sent' } | { kind: 'failed'; message: string };

export function usernameRecoveryRequest(mail: string, host: string): UsernameRecoveryRequest {
  return { hostname: host, mail, encodedMail: btoa(mail) };
}

/**
 * `{success: true}`: sent. `{success: false}`: the §8 failure text. A refusal (too many e-mails,
 * 429) shows the server's message; no token or no answer, the failure text.
 */
export function usernameRecoveryOutcome(answer: PolicyAnswer | null): UsernameRecoveryOutcome {
  const failed = (message: string | null = null): UsernameRecoveryOutcome => ({
    kind: 'failed',
    message: message ?? messages.login.usernameRecoveryFailure,
  });
  switch (answer?.kind) {
    case 'ok': {
      const parsed = usernameRecoveryResponseSchema.safeParse(answer.body);
      return parsed.success && parsed.data.success ? { kind: 'sent' } : failed();
    }
    case 'refused':
      return failed(answer.message);
    default:
      return failed();
  }
}
