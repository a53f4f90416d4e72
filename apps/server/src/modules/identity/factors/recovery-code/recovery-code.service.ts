import type { Database, Queryable } from '../../../../db/database';
import { DomainError } from '../../../../domain-error';
import { insertAuditEvent } from '../../../audit';
import { lockUserById } from '../../../directory';
import type { SecurityNotices } from '../../../messaging';
import type { Principal } from '../../oauth/access-token';
import type { RecentAuthentication } from '../../oauth/recent-authentication';
import { hashesMatch } from '../../credentials/otp.rules';
import {
  generateRecoveryCodeSet,
  hashRecoveryCode,
  judgeRecoveryCode,
  newSalt,
  normalizeRecoveryCode,
  type RecoveryCodeVerdict,
} from './recovery-code.rules';
import {
  attemptsOf,
  burnCode,
  replaceSet,
  saveAttempts,
  setStatusOf,
  unusedCodesOf,
} from './recovery-code.store';

/**
 * Holds the customer's directory entry until the transaction ends: making a set and checking a
 * code of one customer run one after another, so two new sets at once cannot leave twenty codes,
 * and two sign-ins with the same code cannot both read it unused. False when they are gone.
 */
async function lockCustomerOf(tx: Queryable, userId: string): Promise<boolean> {
  return (await lockUserById(tx, userId)) !== null;
}

export interface RecoveryCodeStatus {
  remaining: number;
  generatedAt: Date | null;
}

/** A code's check at sign-in: the verdict, and after a right one how many are left. */
export type RecoveryCodeCheck =
  { result: 'ok'; left: number } | Exclude<RecoveryCodeVerdict, { result: 'ok' }>;

export interface RecoveryCodeService {
  /** How many unused codes the customer has. */
  status(userId: string): Promise<RecoveryCodeStatus>;
  /**
   * A new set for the signed-in customer, after a step-up made for it (a new way in): the
   * codes in the clear, this once; the old set stops working in the same transaction. Audited
   * and told to the customer by e-mail.
   */
  generate(
    principal: Principal,
    ip: string | null,
  ): Promise<RecoveryCodeStatus & { codes: string[] }>;
  /**
   * Checks a code typed at sign-in and burns it when right, with its audit event, in one
   * transaction; tells the customer by e-mail once committed. A malformed code is refused
   * (`recovery_code_format`) without counting as an attempt.
   */
  redeem(userId: string, input: string, ip: string | null): Promise<RecoveryCodeCheck>;
}

export function createRecoveryCodeService(deps: {
  db: Database;
  /** The key of the codes' HMAC (the server's signing secret). */
  secret: string;
  notices: Pick<SecurityNotices, 'tell'>;
  recentAuth: Pick<RecentAuthentication, 'requireStepUpForChange'>;
  clock?: () => Date;
}): RecoveryCodeService {
  const { db, secret } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    status: (userId) => setStatusOf(db, userId),

    async generate(principal, ip) {
      await deps.recentAuth.requireStepUpForChange(principal);
      const { userId } = principal;
      const codes = generateRecoveryCodeSet();
      const now = clock();
      const rows = codes.map((code) => {
        const salt = newSalt();
        const normalized = normalizeRecoveryCode(code) ?? '';
        return { salt, codeHash: hashRecoveryCode(secret, { userId, salt }, normalized) };
      });
      const event = {
        type: 'recovery_codes.generated' as const,
        userId,
        ip,
        details: { count: codes.length },
      };
      await db.transaction(async (tx) => {
        if (!(await lockCustomerOf(tx, userId))) throw new DomainError('session_ended');
        await replaceSet(tx, userId, rows, now);
        await insertAuditEvent(tx, event);
      });
      await deps.notices.tell(event);
      return { codes, remaining: codes.length, generatedAt: now };
    },

    async redeem(userId, input, ip) {
      const normalized = normalizeRecoveryCode(input);
      if (normalized === null) throw new DomainError('recovery_code_format');
      const now = clock();
      const outcome = await db.transaction(async (tx): Promise<RecoveryCodeCheck> => {
        // One customer's checks run one after another (see lockCustomerOf).
        if (!(await lockCustomerOf(tx, userId))) return { result: 'attempts_exceeded' };
        const unused = await unusedCodesOf(tx, userId);
        // Every unused code is compared, in constant time, whichever matches.
        const match = unused.reduce<string | null>(
          (found, row) =>
            hashesMatch(row.codeHash, hashRecoveryCode(secret, row, normalized)) ? row.id : found,
          null,
        );
        const { verdict, next } = judgeRecoveryCode(
          await attemptsOf(tx, userId),
          now,
          match !== null,
        );
        await saveAttempts(tx, userId, next);
        if (verdict.result === 'ok' && match !== null && (await burnCode(tx, match, now))) {
          const left = unused.length - 1;
          await insertAuditEvent(tx, { type: 'recovery_code.used', userId, ip, details: { left } });
          return { result: 'ok', left };
        }
        const refused: RecoveryCodeCheck =
          verdict.result === 'ok' ? { result: 'invalid', attemptsLeft: 0 } : verdict;
        await insertAuditEvent(tx, {
          type: 'recovery_code.failed',
          userId,
          ip,
          details: {
            locked: refused.result === 'attempts_exceeded',
            ...(refused.result === 'invalid' ? { attemptsLeft: refused.attemptsLeft } : {}),
          },
        });
        return refused;
      });
      if (outcome.result === 'ok') {
        await deps.notices.tell({
          type: 'recovery_code.used',
          userId,
          details: { left: outcome.left },
        });
      }
      return outcome;
    },
  };
}
