import type { HelpDeskSession } from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import type { DirectoryService, UserRow } from '../directory';
import { deviceKindOf, type Principal, type SignInLockService } from '../identity';
import {
  settle,
  signInLocked,
  transition,
  type HelpDeskEvent,
  type HelpDeskRefusal,
  type HelpDeskState,
} from './helpdesk.rules';
import { findSessionOfRep, saveState, stateOf, type HelpDeskSessionRow } from './helpdesk.store';

/** The rep, as their access token names them. */
export type Rep = Pick<Principal, 'userId' | 'firstName' | 'lastName'>;

export interface HelpDeskCall {
  rep: Rep;
  /** The rep's address, for the audit log. */
  ip: string;
}

export const REFUSALS: Record<HelpDeskRefusal, () => DomainError> = {
  ended: () => new DomainError('help_desk_session_ended'),
  not_verified: () => new DomainError('help_desk_not_verified'),
  not_allowed: () => new DomainError('help_desk_step_not_possible'),
};

/** A session with its customer, as every step reads it. */
export interface FoundSession {
  row: HelpDeskSessionRow;
  customer: UserRow;
}

export interface SessionDeps {
  db: Database;
  /** The customer's entry and devices are the directory's. */
  directory: Pick<DirectoryService, 'findUserById' | 'listDevicesOf'>;
  /** The customer's sign-in locks are identity's. */
  signInLocks: Pick<SignInLockService, 'stateOf'>;
  /** The risk check's failed sign-ins per username from which it refuses the username. */
  usernameThreshold: number;
  clock: () => Date;
}

/**
 * A help-desk session as every step of the help desk uses it (document 2 §2 "Customer
 * service"): read as the rep's own, shown as the rep sees it, moved by the machine
 * (helpdesk.rules.ts) with its audit step, settled by the clock.
 */
export function createHelpDeskSessions(deps: SessionDeps) {
  const { db, directory, clock } = deps;

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

  async function sessionOf(call: HelpDeskCall, sessionId: string): Promise<FoundSession> {
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
        deps.signInLocks.stateOf(customer.uid, now),
        directory.listDevicesOf(customer.id),
      ]);
      account = {
        passwordLockedUntil: lockedUntil?.toISOString() ?? null,
        failedSignIns,
        signInLocked: signInLocked(
          { passwordLockedUntil: lockedUntil, failedSignIns },
          now,
          deps.usernameThreshold,
        ),
        devices: devices.map((device) => ({
          id: device.id,
          name: device.nickname ?? device.name,
          type: device.type,
          kind: deviceKindOf(device.type).short,
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

  /** Throws the refusal of an event the session would not take now (nothing is stored). */
  function check({ row }: FoundSession, event: HelpDeskEvent): void {
    const next = transition(stateOf(row), event, clock());
    if (!next.ok) throw REFUSALS[next.refusal]();
  }

  /**
   * Moves the session by `event` and records the step. A session someone else changed in the
   * meantime is read again and answered as it is now (`moved: false`); an event the state
   * refuses is thrown.
   */
  async function advance(
    call: HelpDeskCall,
    { row, customer }: FoundSession,
    event: HelpDeskEvent,
  ): Promise<{ row: HelpDeskSessionRow; moved: boolean }> {
    const next = transition(stateOf(row), event, clock());
    if (!next.ok) throw REFUSALS[next.refusal]();
    const saved = await saveState(db, row, next.state);
    if (!saved) return { row: (await sessionOf(call, row.id)).row, moved: false };
    await recordStep(db, call, { id: row.id, customer }, stateOf(row), next.state);
    return { row: saved, moved: true };
  }

  /** The session as time has left it (an unanswered verification, an unused window), stored. */
  async function settled(call: HelpDeskCall, found: FoundSession): Promise<HelpDeskSessionRow> {
    const { row, customer } = found;
    const before = stateOf(row);
    const after = settle(before, clock());
    if (after === before) return row;
    const saved = await saveState(db, row, after);
    if (!saved) return (await sessionOf(call, row.id)).row;
    await recordStep(db, call, { id: row.id, customer }, before, after);
    return saved;
  }

  return { audit, customerOf, sessionOf, viewOf, recordStep, check, advance, settled };
}

export type HelpDeskSessions = ReturnType<typeof createHelpDeskSessions>;
