import { OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '@anybank/contracts';
import type { Database, Queryable } from '../../../db/database';
import { insertAuditEvent } from '../../audit';
import {
  attemptsLeft,
  generateOtp,
  generateRecoveryCode,
  hashCode,
  hashesMatch,
  judgeAttempt,
} from './otp.rules';
import { attemptCode, insertCode, retireCodes } from './otp.store';

export interface IssueOtpInput {
  userId: string;
  /** What kind of code: 'signin', 'pairing', 'recovery'… A code only works for its purpose. */
  purpose: string;
  /** What exactly it is for (a flow id, a device id): it must match at verification. */
  reference: string;
  ttlMs?: number;
  maxAttempts?: number;
  /** 'digits' (6, the default) or 'recovery' (8 letters and digits, §5). */
  format?: 'digits' | 'recovery';
  /**
   * Sends the code (stores its message in the outbox) in the transaction that stores the code:
   * one commit for both, and never a code stored without its message or the reverse.
   */
  deliver?: (code: string, within: Queryable) => Promise<unknown>;
}

export interface VerifyOtpInput {
  purpose: string;
  reference: string;
  code: string;
  /** The client's address, for the audit log. */
  ip?: string | null;
}

export type OtpVerification =
  | { result: 'ok'; userId: string }
  | { result: 'invalid'; attemptsLeft: number }
  | { result: 'expired' }
  | { result: 'attempts_exceeded' }
  | { result: 'not_found' };

export interface OtpService {
  /**
   * Issues a new code (retiring earlier ones for the same purpose and reference) and returns
   * it in the clear, once: the caller puts it in the message; only its keyed hash is stored.
   */
  issue(input: IssueOtpInput): Promise<string>;
  /** Checks a code; each call counts as an attempt, and a right code works once. */
  verify(input: VerifyOtpInput): Promise<OtpVerification>;
  /**
   * Retires the live codes of a purpose and reference, in the caller's transaction (a cancelled
   * transfer's code stops working with the cancellation). Answers how many were retired.
   */
  retire(tx: Queryable, purpose: string, reference: string): Promise<number>;
}

export function createOtpService(deps: {
  db: Database;
  signingSecret: string;
  clock?: () => Date;
}): OtpService {
  const clock = deps.clock ?? (() => new Date());
  return {
    async issue({
      userId,
      purpose,
      reference,
      ttlMs = OTP_TTL_MS,
      maxAttempts = OTP_MAX_ATTEMPTS,
      format = 'digits',
      deliver,
    }) {
      const code = format === 'recovery' ? generateRecoveryCode() : generateOtp();
      const now = clock();
      await insertCode(
        deps.db,
        {
          userId,
          purpose,
          reference,
          codeHash: hashCode(deps.signingSecret, purpose, reference, code),
          maxAttempts,
          expiresAt: new Date(now.getTime() + ttlMs),
        },
        now,
        deliver && ((within) => deliver(code, within)),
      );
      return code;
    },

    async verify({ purpose, reference, code, ip = null }) {
      const now = clock();
      const candidateHash = hashCode(deps.signingSecret, purpose, reference, code);
      // The attempt is counted, and a right code used up, by one statement (attemptCode).
      const attempted = await attemptCode(deps.db, { purpose, reference, candidateHash, now });
      if (attempted === null) return { result: 'not_found' };
      const { row, consumed } = attempted;
      const verdict = judgeAttempt(row, now, hashesMatch(row.codeHash, candidateHash));
      if (verdict === 'ok') {
        // Two right answers at once both reach this point; the locked row let one consume it.
        return consumed ? { result: 'ok', userId: row.userId } : { result: 'not_found' };
      }
      // A used code is as good as none: the caller asks for a new one either way.
      if (verdict === 'consumed') return { result: 'not_found' };
      await insertAuditEvent(deps.db, {
        type: 'otp.failed',
        userId: row.userId,
        ip,
        details: { purpose, result: verdict, attempts: row.attempts },
      });
      if (verdict === 'invalid') return { result: 'invalid', attemptsLeft: attemptsLeft(row) };
      return { result: verdict };
    },

    retire(tx, purpose, reference) {
      return retireCodes(tx, purpose, reference, clock());
    },
  };
}
