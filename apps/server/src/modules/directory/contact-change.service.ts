import { randomBytes } from 'node:crypto';
import {
  CONTACT_CHANGE_RECOVERY_HOLD_MS,
  CONTACT_UNDO_PAGE,
  OTP_PATTERN,
  formatPhoneNumber,
  type ContactKind,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import type { ChallengeService, Principal } from '../identity';
import { maskEmail } from './contact-mask.rules';
import type { SecurityNotices } from '../messaging';
import {
  confirmContactChange,
  emailBelongsToAnother,
  findPendingContactChange,
  type ContactChangeRow,
} from './contact-change.store';
import { replaceDevice, tellChanges, type DeviceChange } from './contact-devices';
import type { TargetKind } from './directory.rules';
import { lockUserById } from './directory-entry.store';
import { updateUser } from './directory.store';

/** A new address or number waiting for its code: where the code went (masked). */
export interface PendingContact {
  kind: ContactKind;
  target: string;
}

export type ContactConfirmOutcome =
  { kind: 'saved'; limitExceeded: boolean } | { kind: 'emailTaken' } | { kind: 'codeRefused' };

/** The purpose the challenge engine proves a new address with; the reference is the change's id. */
const PURPOSE = 'contact-change';

/**
 * Proving a new e-mail address or mobile number is the customer's (document 2 §5): a code sent
 * to it through the challenge engine (ADR 0026; purpose `contact-change`, the new address its
 * target), then, when the code is right, the change made: the contact detail at once, the
 * sign-in device held while an older one signs in, the previous address told with a "This
 * wasn't me" link.
 */
export function createContactChanges(deps: {
  db: Database;
  challenges: ChallengeService;
  notices: SecurityNotices;
  /** Where the site is reached (PUBLIC_URL and BASE_PATH), for the undo link. */
  siteUrl: string;
  clock: () => Date;
}) {
  const { clock } = deps;
  return {
    /** The code to the new address or number: only whoever holds it can confirm the change. */
    async sendCode(change: ContactChangeRow, ip: string): Promise<PendingContact> {
      const kind = change.kind as ContactKind;
      await deps.challenges.start({
        subjectId: change.userId,
        purpose: PURPOSE,
        reference: change.id,
        context: { kind },
        target: { channel: kind === 'email' ? 'email' : 'sms', address: change.newValue },
        request: { ip, userAgent: null },
      });
      return {
        kind,
        // The number the customer just typed, formatted, for them to confirm.
        target: kind === 'email' ? maskEmail(change.newValue) : formatPhoneNumber(change.newValue),
      };
    },

    /**
     * The code sent to a new address or number: when right, it is the contact detail at once,
     * and a sign-in device 24 hours later while an older device signs in.
     */
    async confirm(
      user: Principal,
      input: { kind: ContactKind; otp: string },
      ip: string,
    ): Promise<ContactConfirmOutcome> {
      const pending = await findPendingContactChange(deps.db, user.userId, input.kind);
      if (!pending) throw new DomainError('no_pending_contact_change');
      if (!OTP_PATTERN.test(input.otp)) return { kind: 'codeRefused' };
      // The challenge asked for this change (`sendCode`): its code, sent to the new address.
      const asked = await deps.challenges.latest(PURPOSE, pending.id);
      const outcome = asked
        ? await deps.challenges.answer(
            asked.id,
            { kind: 'code', code: input.otp },
            { ip, userAgent: null },
          )
        : null;
      if (outcome?.status !== 'answered') return { kind: 'codeRefused' };

      const changes: DeviceChange[] = [];
      const at = clock();
      // The undo link's token: 32 random bytes, stored only as its hash (contact-change.store).
      const undoToken = randomBytes(32).toString('base64url');
      const undo = {
        token: undoToken,
        expiresAt: new Date(at.getTime() + CONTACT_CHANGE_RECOVERY_HOLD_MS),
      };
      const saved = await deps.db.transaction(async (tx) => {
        const current = await lockUserById(tx, user.userId);
        if (!current || !(await confirmContactChange(tx, pending.id, at, undo))) {
          throw new DomainError('no_pending_contact_change');
        }
        const previous = input.kind === 'email' ? current.email : current.mobile;
        if (input.kind === 'email') {
          if (await emailBelongsToAnother(tx, pending.newValue, user.userId)) {
            return { kind: 'emailTaken' as const };
          }
          await updateUser(tx, user.userId, { email: pending.newValue });
        } else {
          await updateUser(tx, user.userId, { mobile: pending.newValue });
        }
        const kind: TargetKind = input.kind === 'email' ? 'email' : 'phone';
        const added = await replaceDevice(
          tx,
          user.userId,
          kind,
          previous,
          pending.newValue,
          ip,
          changes,
          at,
        );
        const held = changes.find((change) => change.event.type === 'device.added')?.event.details;
        await insertAuditEvent(tx, {
          type: 'contact.changed',
          userId: user.userId,
          ip,
          details: {
            kind: input.kind,
            changeId: pending.id,
            ...(held?.inUseFrom ? { inUseFrom: held.inUseFrom } : {}),
          },
        });
        return { kind: 'saved' as const, limitExceeded: !added, previous };
      });
      if (saved.kind === 'emailTaken') return saved;
      await tellChanges(deps.notices, changes);
      if (saved.previous) {
        await deps.notices.tellPreviousContact({
          userId: user.userId,
          kind: input.kind,
          previousValue: saved.previous,
          newValue: pending.newValue,
          at,
          browser: pending.browser,
          undoUrl: `${deps.siteUrl}${CONTACT_UNDO_PAGE}#${undoToken}`,
        });
      }
      return { kind: 'saved', limitExceeded: saved.limitExceeded };
    },
  };
}
