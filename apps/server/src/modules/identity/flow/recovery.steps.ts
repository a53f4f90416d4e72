import {
  CONTACT_CHANGE_RECOVERY_HOLD_MS,
  RECOVERY_CODE_PATTERN,
  isValidPassword,
  messages,
} from '@anybank/contracts';
import { emailBelongsToAnother, recentEmailChanges } from '../../directory';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent } from '../../audit';
import { findUserById, findUserByUid, setUserPassword } from '../../directory';
import type { MessagingService } from '../../messaging';
import type { SecurityNotices } from '../../messaging';
import { clearPasswordFailures } from '../credentials/password.store';
import { hashPassword } from '../credentials/password.service';
import type { OtpService } from '../credentials/otp.service';
import type { FlowEvent, FlowState } from './flow.rules';
import { recoveryAddressOf } from './recovery.rules';

export type RecoveryStep =
  | { kind: 'initiateAccountRecovery' }
  | { kind: 'submitRecoveryUsername'; username: string }
  | { kind: 'recoverAccount'; recoveryCode: string; newPassword: string }
  | { kind: 'resetPassword'; newPassword: string };

const RECOVERY_PURPOSE = 'recovery';
const RECOVERY_TTL_MS = 15 * 60 * 1000;

/**
 * The facts for recovery events (recovery.rules.ts decides): the username, the recovery code
 * sent by e-mail (8 characters, single use, 15 minutes), the new password against §5. The
 * password is hashed before anything is written, and the lockout is cleared with it.
 */
export function createRecoverySteps(deps: {
  db: Database;
  otp: OtpService;
  messaging: MessagingService;
  notices: SecurityNotices;
}) {
  const { db } = deps;

  /** The account's address, or the one before a change made in the last 24 hours. */
  async function recoveryAddress(userId: string, email: string): Promise<string> {
    const now = new Date();
    const since = new Date(now.getTime() - CONTACT_CHANGE_RECOVERY_HOLD_MS);
    const changes = await Promise.all(
      (await recentEmailChanges(db, userId, since)).map(async (change) => ({
        ...change,
        previousTaken: await emailBelongsToAnother(db, change.previousValue, userId),
      })),
    );
    return recoveryAddressOf(email, changes, now, CONTACT_CHANGE_RECOVERY_HOLD_MS);
  }

  async function setPassword(
    userId: string,
    newPassword: string,
    via: 'recovery' | 'forced-reset',
    ip: string | null,
  ) {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('flow_restart_required');
    const passwordHash = await hashPassword(newPassword);
    // The new password, the lifted lock and the audit entry stand or fall together.
    await db.transaction(async (tx) => {
      await setUserPassword(tx, userId, passwordHash);
      await clearPasswordFailures(tx, user.uid);
      await insertAuditEvent(tx, { type: 'password.changed', userId, ip, details: { via } });
    });
    await deps.notices.tell({ type: 'password.changed', userId, details: { via } });
  }

  return {
    async eventFor(
      state: FlowState,
      step: Exclude<RecoveryStep, { kind: 'resetPassword' }>,
      ip: string | null,
    ): Promise<FlowEvent> {
      switch (step.kind) {
        case 'initiateAccountRecovery':
          return { type: 'RECOVERY_STARTED' };
        case 'submitRecoveryUsername': {
          const user = await findUserByUid(db, step.username);
          return {
            type: 'RECOVERY_USERNAME_SUBMITTED',
            userId: user?.id ?? null,
            username: step.username,
          };
        }
        case 'recoverAccount': {
          if (state.status !== 'RECOVERY_CODE_REQUIRED') return { type: 'RECOVERY_REFUSED' };
          if (!isValidPassword(step.newPassword)) return { type: 'NEW_PASSWORD_REFUSED' };
          const code = step.recoveryCode.toUpperCase();
          if (!state.userId || !RECOVERY_CODE_PATTERN.test(code))
            return { type: 'RECOVERY_REFUSED' };
          const verdict = await deps.otp.verify({
            purpose: RECOVERY_PURPOSE,
            reference: state.userId,
            code,
          });
          if (verdict.result !== 'ok') return { type: 'RECOVERY_REFUSED' };
          await setPassword(state.userId, step.newPassword, 'recovery', ip);
          return { type: 'RECOVERY_ACCEPTED' };
        }
      }
    },

    /** A password that must change: the new one is checked and stored, then sign-in goes on. */
    async resetPassword(
      state: FlowState,
      newPassword: string,
      ip: string | null,
    ): Promise<boolean> {
      if (!isValidPassword(newPassword) || !state.userId) return false;
      await setPassword(state.userId, newPassword, 'forced-reset', ip);
      return true;
    },

    async sendRecoveryCode(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) return;
      const to = await recoveryAddress(user.id, user.email);
      const code = await deps.otp.issue({
        userId,
        purpose: RECOVERY_PURPOSE,
        reference: userId,
        ttlMs: RECOVERY_TTL_MS,
        format: 'recovery',
      });
      await deps.messaging.send({
        channel: 'email',
        to,
        subject: messages.signInDelivery.recoverySubject,
        body: messages.signInDelivery.recoveryBody(code, RECOVERY_TTL_MS),
        code,
      });
    },
  };
}

export type RecoverySteps = ReturnType<typeof createRecoverySteps>;
