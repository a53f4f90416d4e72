import { OTP_PATTERN, messages } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent } from '../../audit';
import { findUserById, setIdentityVerified } from '../../directory';
import type { MessagingService } from '../../messaging';
import type { OtpService } from '../credentials/otp.service';
import { maskEmail } from '../../directory';
import { otpVerdictEvent, type FlowEvent, type FlowState } from './flow.rules';
import type { StoredFlow } from './flow.store';

/**
 * The facts for the identity verification step (IDENTITY_VERIFICATION_REQUIRED, ADR 0015): a
 * 6-digit code to the user's e-mail address through the one-time code service (hashed,
 * single use, expiring, attempt-limited), its check, and the flag set once it was right.
 */

const VERIFICATION_PURPOSE = 'identity-verification';

export interface IdentityVerificationDeps {
  db: Database;
  otp: OtpService;
  messaging: MessagingService;
}

/** One code per flow: a new one retires the one before (the OTP service does that). */
const referenceOf = (flow: StoredFlow) => `${flow.id}:identity`;

export function createIdentityVerificationSteps(deps: IdentityVerificationDeps) {
  const { db } = deps;

  async function userOf(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('flow_ended');
    return user;
  }

  return {
    async sendCode(flow: StoredFlow, userId: string): Promise<void> {
      const user = await userOf(userId);
      await deps.otp.issue({
        userId,
        purpose: VERIFICATION_PURPOSE,
        reference: referenceOf(flow),
        deliver: (code, within) =>
          deps.messaging.send(
            {
              channel: 'email',
              to: user.email,
              subject: messages.creditCard.verificationEmailSubject,
              body: messages.creditCard.verificationEmailBody(code),
              code,
              userId,
            },
            within,
          ),
      });
    },

    async eventFor(
      flow: StoredFlow,
      state: FlowState,
      code: string,
      ip: string | null,
    ): Promise<FlowEvent> {
      if (state.otpLocked) return { type: 'OTP_ATTEMPTS_EXCEEDED' };
      if (!OTP_PATTERN.test(code)) {
        throw new DomainError('otp_format', {
          details: [{ field: 'otp', message: messages.validation.codeSixDigits }],
        });
      }
      const verdict = await deps.otp.verify({
        purpose: VERIFICATION_PURPOSE,
        reference: referenceOf(flow),
        code,
        ip,
      });
      return otpVerdictEvent(verdict, { type: 'IDENTITY_CODE_ACCEPTED' });
    },

    /** Sets the flag and records who was verified, in one transaction. */
    async markVerified(flow: StoredFlow, userId: string, ip: string | null): Promise<void> {
      const marked = await db.transaction(async (tx) => {
        if (!(await setIdentityVerified(tx, userId))) return false;
        await insertAuditEvent(tx, {
          type: 'identity.verified',
          userId,
          ip,
          details: { flowId: flow.id, clientId: flow.clientId, method: 'email-code' },
        });
        return true;
      });
      // The account was deleted while the code was on its way: nothing to sign in to.
      if (!marked) throw new DomainError('flow_ended');
    },

    /** The masked address the code went to, for the step's text. */
    async targetOf(userId: string): Promise<string> {
      return maskEmail((await userOf(userId)).email);
    },
  };
}

export type IdentityVerificationSteps = ReturnType<typeof createIdentityVerificationSteps>;
