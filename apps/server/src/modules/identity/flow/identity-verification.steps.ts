import { OTP_PATTERN, messages } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent } from '../../audit';
import { findUserById, setIdentityVerified } from '../../directory';
import { maskEmail } from '../../directory';
import type { Outcome } from '../challenge/challenge.rules';
import type { ChallengeService } from '../challenge/challenge.service';
import type { FlowEvent, FlowState } from './flow.rules';
import type { StoredFlow } from './flow.store';

/**
 * The facts for the identity verification step (IDENTITY_VERIFICATION_REQUIRED, ADR 0015): a
 * 6-digit code to the user's e-mail address through the challenge engine (ADR 0026; the code
 * hashed, single use, expiring, attempt-limited), its check, and the flag set once it was right.
 */

const VERIFICATION_PURPOSE = 'identity-verification';

export interface IdentityVerificationDeps {
  db: Database;
  challenges: ChallengeService;
}

/** One challenge per flow: the newest one asked is the one answered. */
const referenceOf = (flow: StoredFlow) => `${flow.id}:identity`;

/** What the engine's answer to the code means to the flow: the failures are a sign-in code's. */
function outcomeEvent(outcome: Outcome | null): FlowEvent {
  switch (outcome?.status) {
    case 'answered':
      return { type: 'IDENTITY_CODE_ACCEPTED' };
    case 'wrong':
      return { type: 'OTP_REJECTED', attemptsLeft: outcome.attemptsLeft };
    case 'refused':
      if (outcome.reason === 'attempts_exceeded') return { type: 'OTP_ATTEMPTS_EXCEEDED' };
      return { type: 'OTP_EXPIRED' };
    default:
      // No code was asked for this flow (or a code needs no waiting): as good as expired.
      return { type: 'OTP_EXPIRED' };
  }
}

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
      await deps.challenges.start({
        subjectId: userId,
        purpose: VERIFICATION_PURPOSE,
        reference: referenceOf(flow),
        context: {},
        target: { channel: 'email', address: user.email },
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
      const asked = await deps.challenges.latest(VERIFICATION_PURPOSE, referenceOf(flow));
      return outcomeEvent(
        asked
          ? await deps.challenges.answer(asked.id, { kind: 'code', code }, { ip, userAgent: null })
          : null,
      );
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

    /** The prompt of the code asked (ADR 0026), which the modal draws; null before one. */
    async promptOf(flow: StoredFlow) {
      const asked = await deps.challenges.latest(VERIFICATION_PURPOSE, referenceOf(flow));
      return asked ? await deps.challenges.prompt(asked.id) : null;
    },

    /** The masked address the code went to, for the step's text. */
    async targetOf(userId: string): Promise<string> {
      return maskEmail((await userOf(userId)).email);
    },
  };
}

export type IdentityVerificationSteps = ReturnType<typeof createIdentityVerificationSteps>;
