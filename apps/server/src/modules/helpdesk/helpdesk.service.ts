import type { HelpDeskSession } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import { createDirectoryService } from '../directory';
import { DEFAULT_RISK_POLICY, createSignInLockService, type ChallengeService } from '../identity';
import type { SecurityNotices } from '../messaging';
import { INITIAL_STATE, isFinal } from './helpdesk.rules';
import { insertSession, stateOf } from './helpdesk.store';
import type { CredentialStatusService } from '../verifiable-credentials';
import { createHelpDeskActions } from './helpdesk-actions';
import { REFUSALS, createHelpDeskSessions, type HelpDeskCall } from './helpdesk-session';
import { createHelpDeskVerification } from './helpdesk-verification';

export type { HelpDeskCall, Rep } from './helpdesk-session';

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

/**
 * The account help desk (document 2 §2 "Customer service", §7): a rep verifies a customer who
 * called (through the challenge engine, helpdesk-verification.ts), then unlocks their sign-in
 * or removes a lost device (helpdesk-actions.ts). Every step is in the audit log
 * ('helpdesk.step': the rep, the customer, the step). Nothing waits for the customer inside a
 * transaction: the phone is asked, and the rep's dialog polls `status`.
 */
export function createHelpDeskService(deps: {
  db: Database;
  challenges: ChallengeService;
  notices: SecurityNotices;
  /** Revokes a customer's wallet credentials when their lost phone is removed. */
  credentials?: Pick<CredentialStatusService, 'revokeEvery'>;
  /** The risk check's failed sign-ins per username from which it refuses the username. */
  usernameFailureThreshold?: number;
  clock?: () => Date;
}): HelpDeskService {
  const { db, challenges } = deps;
  const clock = deps.clock ?? (() => new Date());
  // The customer's entry and devices are the directory's, their sign-in locks identity's.
  const directory = createDirectoryService({ db });
  const signInLocks = createSignInLockService({ db });
  const sessions = createHelpDeskSessions({
    db,
    directory,
    signInLocks,
    usernameThreshold:
      deps.usernameFailureThreshold ?? DEFAULT_RISK_POLICY.usernameFailureThreshold,
    clock,
  });
  const verification = createHelpDeskVerification({ db, challenges, sessions, clock });
  const actions = createHelpDeskActions({
    db,
    directory,
    signInLocks,
    notices: deps.notices,
    credentials: deps.credentials,
    sessions,
    clock,
  });

  /** The session as time has left it, with its customer; refused once it has ended. */
  async function openSession(call: HelpDeskCall, sessionId: string) {
    const found = await sessions.sessionOf(call, sessionId);
    const row = await sessions.settled(call, found);
    return { row, customer: found.customer };
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
      await verification.requireVerificationAllowed(customer);
      const row = await insertSession(db, {
        repId: call.rep.userId,
        customerId: customer.id,
        state: INITIAL_STATE,
      });
      await sessions.audit(db, call, { id: row.id, customer }, 'started');
      const sent = await verification.send(call, { row, customer }, false);
      return sessions.viewOf(sent, customer);
    },

    async status(call, sessionId) {
      const session = await openSession(call, sessionId);
      let { row } = session;
      if (row.status === 'verification_sent' && row.method === 'push') {
        const event = await verification.phoneAnswer(row, call.ip);
        if (event) row = (await sessions.advance(call, { ...session, row }, event)).row;
      }
      return sessions.viewOf(row, session.customer);
    },

    async verifyCode(call, sessionId, code) {
      const session = await openSession(call, sessionId);
      const { row, customer } = session;
      if (isFinal(stateOf(row))) throw REFUSALS.ended();
      if (row.status !== 'verification_sent') throw REFUSALS.not_allowed();
      if (row.method !== 'email') throw new DomainError('help_desk_not_email_verification');
      const event = await verification.codeAnswer(call, session, code);
      return sessions.viewOf((await sessions.advance(call, session, event)).row, customer);
    },

    async sendEmailCode(call, sessionId) {
      const session = await openSession(call, sessionId);
      if (isFinal(stateOf(session.row))) throw REFUSALS.ended();
      await verification.requireVerificationAllowed(session.customer);
      return sessions.viewOf(await verification.send(call, session, true), session.customer);
    },

    unlock: actions.unlock,
    removeDevice: actions.removeDevice,

    async cancel(call, sessionId) {
      const session = await openSession(call, sessionId);
      const { row, customer } = session;
      if (isFinal(stateOf(row))) return sessions.viewOf(row, customer);
      const cancelled = await sessions.advance(call, session, { type: 'CANCELLED' });
      // The code e-mailed, or the phone asked, for this session answers nothing any more.
      await verification.withdraw(row);
      return sessions.viewOf(cancelled.row, customer);
    },
  };
}
