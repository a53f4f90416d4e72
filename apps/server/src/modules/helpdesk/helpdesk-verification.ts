import { apiErrorMessage, HELP_DESK_VERIFICATION_LIMIT } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { countAuditEvents } from '../audit';
import type { UserRow } from '../directory';
import type { ChallengeService, Outcome } from '../identity';
import { verificationAllowed, type HelpDeskEvent } from './helpdesk.rules';
import type { HelpDeskSessionRow } from './helpdesk.store';
import type { FoundSession, HelpDeskCall, HelpDeskSessions } from './helpdesk-session';

/** The purpose the help desk asks the challenge engine for; the reference is the session's id. */
const PURPOSE = 'help-desk-verification';

/**
 * Verifying the customer on the call through the challenge engine (ADR 0026): the engine pushes
 * their phone when one can be asked, or e-mails a code to their address; it checks the code,
 * reads the phone's answer, counts the attempts. The help desk keeps its own machine
 * (helpdesk.rules.ts) and words: each Outcome becomes one of its events here, once.
 */
export function createHelpDeskVerification(deps: {
  db: Database;
  challenges: ChallengeService;
  sessions: HelpDeskSessions;
  clock: () => Date;
}) {
  const { challenges, sessions, clock } = deps;

  async function requireVerificationAllowed(customer: UserRow) {
    const since = new Date(clock().getTime() - HELP_DESK_VERIFICATION_LIMIT.windowMs);
    // Verifications sent to the customer in the window, by any rep (the audit log has each).
    const sent = await countAuditEvents(deps.db, {
      type: 'helpdesk.step',
      since,
      details: { step: 'verification_sent', customerId: customer.id },
    });
    if (!verificationAllowed(sent)) {
      throw new DomainError('help_desk_too_many_verifications');
    }
  }

  /** The phone the engine would ask first, if the customer has one that can answer. */
  async function phoneOf(customer: UserRow): Promise<string | null> {
    const choices = await challenges.choices(customer.id, PURPOSE);
    return choices.find((choice) => choice.method.traits.answer === 'approval')?.device.id ?? null;
  }

  /**
   * Asks the engine for the verification (the customer's phone unless `onlyEmail`, else a code
   * to their e-mail address), then records it on the session. A session someone else moved in
   * the meantime keeps their step, and this challenge is withdrawn; a failed send ends it.
   */
  async function send(
    call: HelpDeskCall,
    found: FoundSession,
    onlyEmail: boolean,
  ): Promise<HelpDeskSessionRow> {
    const { row, customer } = found;
    const phoneId = onlyEmail ? null : await phoneOf(customer);
    const method = phoneId ? ('push' as const) : ('email' as const);
    // Refused before anything is sent: a second push, e-mail back to the phone, a session over.
    sessions.check(found, { type: 'VERIFICATION_SENT', method, expiresAt: clock() });
    const agentName = `${call.rep.firstName} ${call.rep.lastName}`.trim();
    let started;
    try {
      started = await challenges.start({
        subjectId: customer.id,
        purpose: PURPOSE,
        reference: row.id,
        context: { agentName, agentFirstName: call.rep.firstName },
        ...(phoneId
          ? { deviceId: phoneId }
          : { target: { channel: 'email' as const, address: customer.email } }),
        request: { ip: call.ip, userAgent: null },
      });
    } catch (error) {
      await sessions.advance(call, found, { type: 'SEND_FAILED' });
      throw error;
    }
    const event: HelpDeskEvent = {
      type: 'VERIFICATION_SENT',
      method,
      expiresAt: started.expiresAt,
    };
    const sent = await sessions.advance(call, found, event).catch(async (error: unknown) => {
      await challenges.cancel(started.challengeId);
      throw error;
    });
    // Someone else moved the session first: this verification answers nothing.
    if (!sent.moved) await challenges.cancel(started.challengeId);
    return sent.row;
  }

  /** While the phone is asked: its answer as the help desk's event, or null while it waits. */
  async function phoneAnswer(row: HelpDeskSessionRow, ip: string): Promise<HelpDeskEvent | null> {
    const asked = await challenges.latest(PURPOSE, row.id);
    // Asked a moment ago and not yet recorded by the engine: nothing to read yet.
    if (!asked) return null;
    const outcome = await challenges.answer(asked.id, { kind: 'poll' }, { ip, userAgent: null });
    switch (outcome.status) {
      case 'waiting':
        return null;
      case 'answered':
        return { type: 'PUSH_APPROVED' };
      case 'wrong':
        return { type: 'PUSH_DENIED' };
      case 'refused':
        if (outcome.reason === 'denied') return { type: 'PUSH_DENIED' };
        if (outcome.reason !== 'not_pending') return { type: 'PUSH_EXPIRED' };
        // Another read settled it first: how it ended is the answer.
        switch ((await challenges.find(asked.id))?.status) {
          case 'answered':
            return { type: 'PUSH_APPROVED' };
          case 'refused':
            return { type: 'PUSH_DENIED' };
          default:
            return { type: 'PUSH_EXPIRED' };
        }
    }
  }

  /**
   * The code the customer read out, as the help desk's event. A wrong one with attempts left
   * is audited and refused with the help desk's own words, `help_desk_code_rejected`.
   */
  async function codeAnswer(
    call: HelpDeskCall,
    found: FoundSession,
    code: string,
  ): Promise<HelpDeskEvent> {
    const asked = await challenges.latest(PURPOSE, found.row.id);
    const outcome: Outcome = asked
      ? await challenges.answer(asked.id, { kind: 'code', code }, { ip: call.ip, userAgent: null })
      : { status: 'refused', reason: 'not_pending' };
    switch (outcome.status) {
      case 'answered':
        return { type: 'CODE_ACCEPTED' };
      case 'wrong': {
        const { attemptsLeft } = outcome;
        await sessions.audit(
          deps.db,
          call,
          { id: found.row.id, customer: found.customer },
          'code_rejected',
          {
            attemptsLeft,
          },
        );
        const message = apiErrorMessage('help_desk_code_rejected', attemptsLeft);
        throw new DomainError('help_desk_code_rejected', {
          message,
          details: [{ field: 'code', message }],
        });
      }
      case 'waiting':
      case 'refused':
        return {
          type: 'CODE_FAILED',
          reason:
            outcome.status === 'refused' && outcome.reason === 'attempts_exceeded'
              ? 'code_attempts_exceeded'
              : 'code_expired',
        };
    }
  }

  /** The session ended: the verification still asked takes no answer any more. */
  async function withdraw(row: HelpDeskSessionRow): Promise<void> {
    const asked = await challenges.latest(PURPOSE, row.id);
    if (asked?.status === 'asked') await challenges.cancel(asked.id);
  }

  return { requireVerificationAllowed, send, phoneAnswer, codeAnswer, withdraw };
}

export type HelpDeskVerification = ReturnType<typeof createHelpDeskVerification>;
