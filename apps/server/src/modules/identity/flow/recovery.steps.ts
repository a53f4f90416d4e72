import { randomUUID } from 'node:crypto';
import {
  CONTACT_CHANGE_RECOVERY_HOLD_MS,
  RECOVERY_CODE_PATTERN,
  isValidPassword,
} from '@anybank/contracts';
import { emailBelongsToAnother, recentEmailChanges } from '../../directory';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent } from '../../audit';
import { findUserById, findUserByUid, setUserPassword } from '../../directory';
import type { SecurityNotices } from '../../messaging';
import type { Factors } from '../factors/factors';
import type { ChallengeService } from '../challenge/challenge.service';
import { clearAllPasswordFailures } from '../credentials/password.store';
import { forgetEveryRememberedBrowser } from '../remembered-browsers/remembered-browser.service';
import { isPasskeyOnly } from '../credentials/passkey-only.rules';
import { listMfaDevicesOf, type UserRow } from '../../directory';
import { newPasswordRefusal } from '../credentials/new-password';
import { hashPassword } from '../credentials/password.service';
import type { CheckedPasswordHash } from '../../directory';
import type { SessionsService } from '../oauth/sessions.service';
import type { FlowEvent, FlowState } from './flow.rules';
import { recoveryAddressOf } from './recovery.rules';

export type RecoveryStep =
  | { kind: 'initiateAccountRecovery' }
  | { kind: 'submitRecoveryUsername'; username: string }
  | {
      kind: 'recoverAccount';
      recoveryCode: string;
      newPassword: string;
      /** Every session of the account ends with the reset (the default). */
      signOutOtherSessions?: boolean;
    }
  | { kind: 'resetPassword'; newPassword: string };

/** The challenge engine's purpose of the recovery code; the reference is the account's id. */
const RECOVERY_PURPOSE = 'password-recovery';

/**
 * The facts for recovery events (recovery.rules.ts decides): the username, the recovery code
 * sent by e-mail through the challenge engine (ADR 0026; 8 characters, single use, 15 minutes:
 * the purpose's), the new password against §5. The password is hashed before anything is
 * written, and the lockout is cleared with it.
 */
export function createRecoverySteps(deps: {
  db: Database;
  challenges: ChallengeService;
  notices: SecurityNotices;
  /** The passkey factor, whose pairing a passkey-only account's recovery ends in. */
  factors: Pick<Factors, 'named'>;
  /** Ends the account's sessions with a reset; sign-in.module.ts always hands it over. */
  sessions?: Pick<SessionsService, 'endAllBut'>;
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
    signOutEverywhere = false,
  ) {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('flow_restart_required');
    // Checked by `weakness` before, after the recovery code (recoverAccount).
    const passwordHash = (await hashPassword(newPassword)) as CheckedPasswordHash;
    // The new password, the lifted lock and the audit entry stand or fall together.
    await db.transaction(async (tx) => {
      await setUserPassword(tx, userId, passwordHash);
      await clearAllPasswordFailures(tx, user.uid);
      await forgetEveryRememberedBrowser(tx, { userId, ip, at: new Date() }, 'password-reset');
      // Whoever knew the old password may be signed in somewhere: every session ends with it.
      if (signOutEverywhere) await deps.sessions?.endAllBut(tx, userId, null, ip, 'password-reset');
      await insertAuditEvent(tx, { type: 'password.changed', userId, ip, details: { via } });
    });
    await deps.notices.tell({ type: 'password.changed', userId, details: { via } });
  }

  /**
   * Why a new password is refused for this user (the spec's rule, their own
   * details, zxcvbn), as the flow's refusal event; null when it may be set.
   */
  async function weakness(
    userId: string | null,
    newPassword: string,
  ): Promise<Extract<FlowEvent, { type: 'NEW_PASSWORD_REFUSED' }> | null> {
    if (!isValidPassword(newPassword)) return { type: 'NEW_PASSWORD_REFUSED' };
    const user = userId ? await findUserById(db, userId) : null;
    if (!user) return null;
    const refusal = await newPasswordRefusal(newPassword, {
      username: user.uid,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    });
    return refusal
      ? { type: 'NEW_PASSWORD_REFUSED', code: refusal.code, message: refusal.message }
      : null;
  }

  /** An account with no password, which only a passkey signs in to. */
  async function passkeyOnly(user: UserRow): Promise<boolean> {
    return isPasskeyOnly(user, await listMfaDevicesOf(db, user.id));
  }

  /**
   * Whether the recovery code is the one last sent to the account (it is spent by a right
   * answer); a code of another shape is refused before the engine is asked.
   */
  async function codeAccepted(userId: string, recoveryCode: string, ip: string | null) {
    const code = recoveryCode.toUpperCase();
    if (!RECOVERY_CODE_PATTERN.test(code)) return false;
    const asked = await deps.challenges.latest(RECOVERY_PURPOSE, userId);
    if (!asked) return false;
    const outcome = await deps.challenges.answer(
      asked.id,
      { kind: 'code', code },
      { ip, userAgent: null },
    );
    return outcome.status === 'answered';
  }

  /** A passkey-only account's right code leads to a new passkey (the pairing steps). */
  async function passkeyRecovery(
    state: FlowState,
    recoveryCode: string,
    ip: string | null,
  ): Promise<FlowEvent> {
    const pairingMethod = deps.factors.named('passkey')?.pairing?.method;
    if (!pairingMethod) throw new Error('the passkey factor is not registered');
    return state.userId && (await codeAccepted(state.userId, recoveryCode, ip))
      ? { type: 'PASSKEY_RECOVERY_VERIFIED', nonce: randomUUID(), pairingMethod }
      : { type: 'RECOVERY_REFUSED' };
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
            passkeyOnly: user ? await passkeyOnly(user) : false,
          };
        }
        case 'recoverAccount': {
          if (state.status !== 'RECOVERY_CODE_REQUIRED') return { type: 'RECOVERY_REFUSED' };
          if (state.passkeyRecovery) return passkeyRecovery(state, step.recoveryCode, ip);
          // The cheap checks first: the spec's rule (a pattern), then the code. The strength
          // check (zxcvbn, CPU on the event loop) and the hash run only for whoever holds the
          // code: an anonymous caller with a wrong one is refused before either.
          if (!isValidPassword(step.newPassword)) return { type: 'NEW_PASSWORD_REFUSED' };
          if (!state.userId) return { type: 'RECOVERY_REFUSED' };
          if (
            !state.recoveryCodeVerified &&
            !(await codeAccepted(state.userId, step.recoveryCode, ip))
          ) {
            return { type: 'RECOVERY_REFUSED' };
          }
          const weak = await weakness(state.userId, step.newPassword);
          // The code is spent now: the flow holds it for the next password (recovery.rules.ts).
          if (weak) return { ...weak, recoveryCodeVerified: true };
          await setPassword(
            state.userId,
            step.newPassword,
            'recovery',
            ip,
            step.signOutOtherSessions ?? true,
          );
          return { type: 'RECOVERY_ACCEPTED' };
        }
      }
    },

    /** A password that must change: the new one is checked and stored, then sign-in goes on. */
    async resetPassword(
      state: FlowState,
      newPassword: string,
      ip: string | null,
    ): Promise<FlowEvent | null> {
      if (!state.userId) return { type: 'NEW_PASSWORD_REFUSED' };
      const weak = await weakness(state.userId, newPassword);
      if (weak) return weak;
      await setPassword(state.userId, newPassword, 'forced-reset', ip);
      return null;
    },

    async sendRecoveryCode(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) return;
      const to = await recoveryAddress(user.id, user.email);
      await deps.challenges.start({
        subjectId: userId,
        purpose: RECOVERY_PURPOSE,
        reference: userId,
        // A passkey-only account's message speaks of a new passkey, not a password.
        context: { passkeyOnly: await passkeyOnly(user) },
        target: { channel: 'email', address: to },
      });
    },
  };
}

export type RecoverySteps = ReturnType<typeof createRecoverySteps>;
