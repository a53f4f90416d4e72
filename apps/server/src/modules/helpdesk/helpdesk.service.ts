import { randomUUID } from 'node:crypto';
import {
  apiErrorMessage,
  HELP_DESK_VERIFICATION_LIMIT,
  OTP_TTL_MS,
  type HelpDeskAction,
  type HelpDeskSession,
  deliveryMessages,
} from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent, type AuditEvent } from '../audit';
import { createDirectoryService, type UserRow } from '../directory';
import {
  DEFAULT_RISK_POLICY,
  PUSH_TTL_MS,
  createSignInLockService,
  type OtpService,
  type Principal,
  type PushService,
} from '../identity';
import type { MessagingService, SecurityNotices } from '../messaging';
import {
  INITIAL_STATE,
  deviceRemoval,
  isFinal,
  settle,
  signInLocked,
  transition,
  verificationAllowed,
  verificationMethodFor,
  type HelpDeskEvent,
  type HelpDeskRefusal,
  type HelpDeskState,
} from './helpdesk.rules';
import {
  countVerificationsSentTo,
  findSessionOfRep,
  insertSession,
  lockSessionOfRep,
  saveState,
  stateOf,
  type HelpDeskSessionRow,
} from './helpdesk.store';

/** The purpose of the help desk's e-mailed codes; the reference is the session's id. */
const CODE_PURPOSE = 'helpdesk';

/** The rep, as their access token names them. */
export type Rep = Pick<Principal, 'userId' | 'firstName' | 'lastName'>;

export interface HelpDeskCall {
  rep: Rep;
  /** The rep's address, for the audit log. */
  ip: string;
}

export interface HelpDeskService {
  /** Finds the customer and sends them the verification: their phone, else an e-mailed code. */
  start(call: HelpDeskCall, username: string): Promise<HelpDeskSession>;
  /** The session now; while the phone is asked, whether the customer has answered. */
  status(call: HelpDeskCall, sessionId: string): Promise<HelpDeskSession>;
  /** The code the customer read out. A wrong one is a 400 naming the attempts left. */
  verifyCode(call: HelpDeskCall, sessionId: string, code: string): Promise<HelpDeskSession>;
  /** The customer cannot use their phone: a code by e-mail instead of the push. */
  sendEmailCode(call: HelpDeskCall, sessionId: string): Promise<HelpDeskSession>;
  /** Lifts the customer's sign-in lock, once they are verified. */
  unlock(call: HelpDeskCall, sessionId: string): Promise<HelpDeskSession>;
  /** Removes one of the customer's devices (one they lost), once they are verified. */
  removeDevice(call: HelpDeskCall, sessionId: string, deviceId: string): Promise<HelpDeskSession>;
  /** The rep closed the dialog: the session ends unless it already has. */
  cancel(call: HelpDeskCall, sessionId: string): Promise<HelpDeskSession>;
}

const REFUSALS: Record<HelpDeskRefusal, () => DomainError> = {
  ended: () => new DomainError('help_desk_session_ended'),
  not_verified: () => new DomainError('help_desk_not_verified'),
  not_allowed: () => new DomainError('help_desk_step_not_possible'),
};

/**
 * The account help desk (document 2 §2 "Customer service", §7): a rep verifies a customer who
 * called, then unlocks their sign-in or removes a lost device. Every step is in the audit log
 * ('helpdesk.step': the rep, the customer, the step). Nothing waits for the customer inside a
 * transaction: the push is sent, and the rep's dialog polls `status`.
 */
export function createHelpDeskService(deps: {
  db: Database;
  otp: OtpService;
  push: Pick<PushService, 'send' | 'statusOf'>;
  messaging: MessagingService;
  notices: SecurityNotices;
  /** The risk check's failed sign-ins per username from which it refuses the username. */
  usernameFailureThreshold?: number;
  clock?: () => Date;
}): HelpDeskService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  // The customer's entry and devices are the directory's, their sign-in locks identity's.
  const directory = createDirectoryService({ db });
  const signInLocks = createSignInLockService({ db });
  const usernameThreshold =
    deps.usernameFailureThreshold ?? DEFAULT_RISK_POLICY.usernameFailureThreshold;

  function audit(
    queryable: Queryable,
    call: HelpDeskCall,
    session: { id: string; customer: Pick<UserRow, 'id' | 'uid'> },
    step: string,
    details: Record<string, unknown> = {},
  ) {
    return insertAuditEvent(queryable, {
      type: 'helpdesk.step',
      userId: call.rep.userId,
      ip: call.ip,
      details: {
        step,
        sessionId: session.id,
        customerId: session.customer.id,
        customerUid: session.customer.uid,
        ...details,
      },
    });
  }

  async function customerOf(queryable: Queryable, row: HelpDeskSessionRow): Promise<UserRow> {
    const customer = await directory.findUserById(row.customerId, queryable);
    // The session's row goes with the customer's (cascade): a missing one is a broken database.
    if (!customer) throw new Error(`help-desk session ${row.id} has no customer`);
    return customer;
  }

  async function sessionOf(call: HelpDeskCall, sessionId: string) {
    const row = await findSessionOfRep(db, sessionId, call.rep.userId);
    if (!row) throw new DomainError('help_desk_no_such_session');
    return { row, customer: await customerOf(db, row) };
  }

  /** What the rep sees: the customer's account only while they are verified. */
  async function viewOf(row: HelpDeskSessionRow, customer: UserRow): Promise<HelpDeskSession> {
    const state = stateOf(row);
    const now = clock();
    let account: HelpDeskSession['account'] = null;
    if (state.status === 'verified') {
      const [{ passwordLockedUntil: lockedUntil, failedSignIns }, devices] = await Promise.all([
        signInLocks.stateOf(customer.uid, now),
        directory.listDevicesOf(customer.id),
      ]);
      account = {
        passwordLockedUntil: lockedUntil?.toISOString() ?? null,
        failedSignIns,
        signInLocked: signInLocked(
          { passwordLockedUntil: lockedUntil, failedSignIns },
          now,
          usernameThreshold,
        ),
        devices: devices.map((device) => ({
          id: device.id,
          name: device.nickname ?? device.name,
          type: device.type,
        })),
      };
    }
    return {
      sessionId: row.id,
      status: state.status,
      method: state.method,
      customer: {
        username: customer.uid,
        firstName: customer.firstName,
        lastName: customer.lastName,
      },
      verificationExpiresAt: state.verificationExpiresAt?.toISOString() ?? null,
      verifiedUntil: state.verifiedUntil?.toISOString() ?? null,
      failure: state.failure,
      action: state.action ? { type: state.action, deviceName: row.actionDeviceName } : null,
      account,
    };
  }

  /**
   * Moves the session by `event` and records the step. A session someone else changed in the
   * meantime is read again and answered as it is now (`moved: false`); an event the state
   * refuses is thrown.
   */
  async function advance(
    call: HelpDeskCall,
    row: HelpDeskSessionRow,
    customer: UserRow,
    event: HelpDeskEvent,
    extra: { pushRequestId?: string } = {},
  ): Promise<{ row: HelpDeskSessionRow; moved: boolean }> {
    const next = transition(stateOf(row), event, clock());
    if (!next.ok) throw REFUSALS[next.refusal]();
    const saved = await saveState(db, row, next.state, extra);
    if (!saved) return { row: (await sessionOf(call, row.id)).row, moved: false };
    await recordStep(db, call, { id: row.id, customer }, stateOf(row), next.state);
    return { row: saved, moved: true };
  }

  /** The audit step of a change of state (nothing when the status stays the same). */
  async function recordStep(
    queryable: Queryable,
    call: HelpDeskCall,
    session: { id: string; customer: UserRow },
    before: HelpDeskState,
    after: HelpDeskState,
    details: Record<string, unknown> = {},
  ) {
    if (after.status === before.status && after.method === before.method) return;
    const step =
      after.status === 'failed'
        ? { step: 'failed', failure: after.failure }
        : after.status === 'verification_sent'
          ? { step: 'verification_sent', method: after.method }
          : after.status === 'verified'
            ? { step: 'verified', method: after.method }
            : { step: after.status, action: after.action };
    await audit(queryable, call, session, step.step, { ...step, ...details });
  }

  /** Stores what time did to the session (an unanswered verification, an unused window). */
  async function settled(call: HelpDeskCall, row: HelpDeskSessionRow, customer: UserRow) {
    const before = stateOf(row);
    const after = settle(before, clock());
    if (after === before) return row;
    const saved = await saveState(db, row, after);
    if (!saved) return (await sessionOf(call, row.id)).row;
    await recordStep(db, call, { id: row.id, customer }, before, after);
    return saved;
  }

  async function requireVerificationAllowed(customer: UserRow) {
    const since = new Date(clock().getTime() - HELP_DESK_VERIFICATION_LIMIT.windowMs);
    if (!verificationAllowed(await countVerificationsSentTo(db, customer.id, since))) {
      throw new DomainError('help_desk_too_many_verifications');
    }
  }

  /**
   * Records that the verification is on its way, then sends it: a poll never finds a push the
   * session does not know of. A failed send ends the session.
   */
  async function sendVerification(
    call: HelpDeskCall,
    row: HelpDeskSessionRow,
    customer: UserRow,
    onlyEmail: boolean,
  ): Promise<HelpDeskSessionRow> {
    const devices = await directory.listDevicesOf(customer.id);
    const choice = onlyEmail
      ? { method: 'email' as const, pushDeviceId: null }
      : verificationMethodFor(
          devices.map((device) => ({
            id: device.id,
            type: device.type,
            paired: device.publicKey !== null,
          })),
        );
    const now = clock();
    const pushRequestId = choice.pushDeviceId === null ? undefined : randomUUID();
    const { row: sent, moved } = await advance(
      call,
      row,
      customer,
      {
        type: 'VERIFICATION_SENT',
        method: choice.method,
        expiresAt: new Date(now.getTime() + (choice.method === 'push' ? PUSH_TTL_MS : OTP_TTL_MS)),
      },
      pushRequestId ? { pushRequestId } : {},
    );
    // Someone else moved the session first (the phone's approval, another switch): send nothing.
    if (!moved) return sent;
    try {
      if (choice.pushDeviceId !== null && pushRequestId) {
        await deps.push.send({
          id: pushRequestId,
          userId: customer.id,
          deviceId: choice.pushDeviceId,
          kind: 'helpdesk',
          context: {
            title: deliveryMessages.helpDeskPushTitle,
            details: {
              Agent: `${call.rep.firstName} ${call.rep.lastName}`.trim(),
              Time: now.toISOString(),
            },
          },
        });
      } else {
        const code = await deps.otp.issue({
          userId: customer.id,
          purpose: CODE_PURPOSE,
          reference: row.id,
        });
        await deps.messaging.send({
          channel: 'email',
          to: customer.email,
          subject: deliveryMessages.helpDeskCodeSubject,
          body: deliveryMessages.helpDeskCodeBody(call.rep.firstName, code),
          code,
        });
      }
    } catch (error) {
      await advance(call, sent, customer, { type: 'SEND_FAILED' });
      throw error;
    }
    return sent;
  }

  /**
   * An action on the customer, in one short transaction with the session locked: the state
   * machine says whether the customer is verified, the action runs, the session is done. A
   * refusal is recorded (committed) before it is thrown.
   */
  async function act(
    call: HelpDeskCall,
    sessionId: string,
    action: HelpDeskAction,
    perform: (
      tx: Queryable,
      customer: UserRow,
    ) => Promise<{ refused: DomainError } | { deviceName: string | null; change?: AuditEvent }>,
  ): Promise<HelpDeskSession> {
    const outcome = await db.transaction(async (tx) => {
      const row = await lockSessionOfRep(tx, sessionId, call.rep.userId);
      if (!row) return { refused: new DomainError('help_desk_no_such_session') };
      const customer = await customerOf(tx, row);
      const session = { id: row.id, customer };
      const now = clock();
      const before = stateOf(row);
      const next = transition(before, { type: 'ACTION_DONE', action }, now);
      if (!next.ok) {
        // What time did to the session is kept (a passed window ends it), and the attempt too.
        const after = settle(before, now);
        if (after !== before && (await saveState(tx, row, after))) {
          await recordStep(tx, call, session, before, after);
        }
        await audit(tx, call, session, 'refused', { action, reason: next.refusal });
        return { refused: REFUSALS[next.refusal]() };
      }
      const done = await perform(tx, customer);
      if ('refused' in done) {
        await audit(tx, call, session, 'refused', { action, reason: done.refused.message });
        return done;
      }
      const saved = await saveState(tx, row, next.state, { actionDeviceName: done.deviceName });
      if (!saved) throw new Error(`help-desk session ${row.id} changed while locked`);
      await recordStep(tx, call, session, before, next.state, { deviceName: done.deviceName });
      return { row: saved, customer, change: done.change };
    });
    if ('refused' in outcome) throw outcome.refused;
    if (outcome.change) await deps.notices.tell(outcome.change);
    return viewOf(outcome.row, outcome.customer);
  }

  return {
    async start(call, username) {
      const customer = await directory.findUserByUid(username);
      if (!customer || customer.userType !== 'customer') {
        await insertAuditEvent(db, {
          type: 'helpdesk.step',
          userId: call.rep.userId,
          ip: call.ip,
          details: { step: 'no_such_customer', username },
        });
        throw new DomainError('help_desk_no_such_customer');
      }
      await requireVerificationAllowed(customer);
      const row = await insertSession(db, {
        repId: call.rep.userId,
        customerId: customer.id,
        state: INITIAL_STATE,
      });
      await audit(db, call, { id: row.id, customer }, 'started');
      const sent = await sendVerification(call, row, customer, false);
      return viewOf(sent, customer);
    },

    async status(call, sessionId) {
      const found = await sessionOf(call, sessionId);
      const { customer } = found;
      let row = await settled(call, found.row, customer);
      if (row.status === 'verification_sent' && row.method === 'push' && row.pushRequestId) {
        const answer = await deps.push.statusOf(row.pushRequestId);
        const event: HelpDeskEvent | null =
          answer === 'approved'
            ? { type: 'PUSH_APPROVED' }
            : answer === 'denied'
              ? { type: 'PUSH_DENIED' }
              : answer === 'pending'
                ? null
                : // Expired, or gone with the device it was sent to.
                  { type: 'PUSH_EXPIRED' };
        if (event) row = (await advance(call, row, customer, event)).row;
      }
      return viewOf(row, customer);
    },

    async verifyCode(call, sessionId, code) {
      const found = await sessionOf(call, sessionId);
      const { customer } = found;
      const row = await settled(call, found.row, customer);
      if (isFinal(stateOf(row))) throw REFUSALS.ended();
      if (row.status !== 'verification_sent') throw REFUSALS.not_allowed();
      if (row.method !== 'email') throw new DomainError('help_desk_not_email_verification');
      const verdict = await deps.otp.verify({
        purpose: CODE_PURPOSE,
        reference: row.id,
        code,
        ip: call.ip,
      });
      if (verdict.result === 'invalid') {
        await audit(db, call, { id: row.id, customer }, 'code_rejected', {
          attemptsLeft: verdict.attemptsLeft,
        });
        const message = apiErrorMessage('help_desk_code_rejected', verdict.attemptsLeft);
        throw new DomainError('help_desk_code_rejected', {
          message,
          details: [{ field: 'code', message }],
        });
      }
      const event: HelpDeskEvent =
        verdict.result === 'ok' && verdict.userId === customer.id
          ? { type: 'CODE_ACCEPTED' }
          : {
              type: 'CODE_FAILED',
              reason:
                verdict.result === 'attempts_exceeded' ? 'code_attempts_exceeded' : 'code_expired',
            };
      return viewOf((await advance(call, row, customer, event)).row, customer);
    },

    async sendEmailCode(call, sessionId) {
      const found = await sessionOf(call, sessionId);
      const { customer } = found;
      const row = await settled(call, found.row, customer);
      if (isFinal(stateOf(row))) throw REFUSALS.ended();
      await requireVerificationAllowed(customer);
      return viewOf(await sendVerification(call, row, customer, true), customer);
    },

    unlock(call, sessionId) {
      return act(call, sessionId, 'unlock', async (tx, customer) => {
        await signInLocks.unlock(tx, customer.uid);
        await insertAuditEvent(tx, {
          type: 'signin.unlocked',
          userId: customer.id,
          ip: call.ip,
          details: { uid: customer.uid, by: call.rep.userId, helpDeskSessionId: sessionId },
        });
        return { deviceName: null };
      });
    },

    removeDevice(call, sessionId, deviceId) {
      return act(call, sessionId, 'remove_device', async (tx, customer) => {
        const devices = await directory.listDevicesOf(customer.id, tx);
        const verdict = deviceRemoval(devices, deviceId);
        if (verdict === 'not_theirs') {
          return { refused: new DomainError('help_desk_no_such_device') };
        }
        if (verdict === 'last_device') {
          return { refused: new DomainError('help_desk_last_device') };
        }
        const device = devices.find((candidate) => candidate.id === deviceId);
        if (!(await directory.removeDeviceOf(tx, customer.id, deviceId))) {
          return { refused: new DomainError('help_desk_no_such_device') };
        }
        // The customer's own record of losing a factor; the help-desk step names the session.
        const change: AuditEvent = {
          type: 'device.removed',
          userId: customer.id,
          ip: call.ip,
          details: {
            deviceId,
            deviceType: device?.type ?? null,
            via: 'help-desk',
            by: call.rep.userId,
            helpDeskSessionId: sessionId,
          },
        };
        await insertAuditEvent(tx, change);
        return { deviceName: device?.nickname ?? device?.name ?? null, change };
      });
    },

    async cancel(call, sessionId) {
      const found = await sessionOf(call, sessionId);
      const { customer } = found;
      const row = await settled(call, found.row, customer);
      if (isFinal(stateOf(row))) return viewOf(row, customer);
      return viewOf((await advance(call, row, customer, { type: 'CANCELLED' })).row, customer);
    },
  };
}
