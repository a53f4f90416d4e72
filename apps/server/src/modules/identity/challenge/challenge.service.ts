import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { currentPanelViewer, insertAuditEvent } from '../../audit';
import { deviceInUseAt, findMfaDevice, listMfaDevicesOf, type MfaDeviceRow } from '../../directory';
import type {
  ChallengeMethod,
  ChallengeView,
  MethodAnswer,
  RequestFacts,
} from './challenge-method';
import {
  settledEventType,
  transition,
  type ChallengeStatus,
  type Outcome,
} from './challenge.rules';
import {
  findChallenge,
  findLatestChallenge,
  insertChallenge,
  recordMethodState,
  writeTransition,
  type ChallengeRow,
} from './challenge.store';
import type { MethodRegistry } from './methods/methods';
import type {
  ChallengeChoice,
  ChallengeSummary,
  StartInput,
  Started,
} from './challenge-service.types';
import type { PromptForm } from './prompt-form';
import { PURPOSES, purposeNamed, type Purpose, type PurposeName } from './purposes';

/**
 * THE way every caller asks a person to prove it is them (ADR 0026): the sign-in flow's second
 * factor and step-up, transfers, pay by bank, the help desk, contact changes. The engine picks
 * the method the purpose allows, lets it ask, and runs every answer through the one machine
 * (challenge.rules.ts): attempts, expiry, the audit events and the panel's narration are here,
 * once. Callers map an Outcome to their own result; they own no verdict, wait or count.
 */
export interface ChallengeService {
  /** The registered methods (the sign-in flow lists devices by them). */
  readonly methods: MethodRegistry;
  /** The subject's devices that can answer the purpose now, the engine's first choice first. */
  choices(subjectId: string, purpose: PurposeName): Promise<ChallengeChoice[]>;
  /** Asks: picks the method (or the one of `deviceId`), which sends, pushes or makes options. */
  start<P extends PurposeName>(input: StartInput<P>): Promise<Started>;
  /** One answer (a code, an assertion) or one read while the phone decides (`poll`). */
  answer(challengeId: string, answer: MethodAnswer, request?: RequestFacts): Promise<Outcome>;
  /**
   * Holds the caller until the person has answered elsewhere (the phone) or the challenge
   * ends. Never call it inside a database transaction: it takes as long as the person does.
   */
  wait(challengeId: string, request?: RequestFacts): Promise<Outcome>;
  /** Ends a challenge still asked; answers whether this call ended it. */
  cancel(challengeId: string): Promise<boolean>;
  /** The challenge as its caller knows it, or null. */
  find(challengeId: string): Promise<ChallengeSummary | null>;
  /** The newest challenge a caller asked for a purpose and its own reference. */
  latest(purpose: PurposeName, reference: string): Promise<ChallengeSummary | null>;
  /** The form of a challenge still asked (a page read again), or null once it is settled. */
  prompt(challengeId: string): Promise<PromptForm | null>;
}

export type {
  ChallengeChoice,
  ChallengeSummary,
  StartInput,
  Started,
} from './challenge-service.types';

const NO_REQUEST: RequestFacts = { ip: null, userAgent: null };
const WAIT_POLL_MS = 1000;

export function createChallengeService(deps: {
  db: Database;
  methods: MethodRegistry;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}): ChallengeService {
  const { db, methods } = deps;
  const clock = deps.clock ?? (() => new Date());
  const sleep =
    deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  function purposeOf(row: ChallengeRow): Purpose {
    const purpose = purposeNamed(row.purpose);
    if (!purpose) throw new Error(`challenge ${row.id} has an unknown purpose ${row.purpose}`);
    return purpose;
  }

  function viewOf(row: ChallengeRow): ChallengeView {
    const purpose = purposeOf(row);
    const context = row.context as Record<string, unknown>;
    return {
      id: row.id,
      userId: row.userId,
      purpose,
      reference: row.reference,
      context,
      linking: row.linking === null ? null : purpose.linking(context as never),
    };
  }

  function summaryOf(row: ChallengeRow): ChallengeSummary {
    return {
      id: row.id,
      userId: row.userId,
      purpose: row.purpose as PurposeName,
      reference: row.reference,
      context: row.context as Record<string, unknown>,
      method: row.method,
      deviceId: row.deviceId,
      status: row.status as ChallengeStatus,
      attempts: row.attempts,
      expiresAt: row.expiresAt,
    };
  }

  /** One audit event of the challenge: its purpose, method and reference, for the panel too. */
  function audit(
    row: ChallengeRow,
    type: ReturnType<typeof settledEventType> | 'challenge.asked',
    ip: string | null,
    extra: Record<string, unknown> = {},
  ) {
    if (!type) return Promise.resolve();
    return insertAuditEvent(db, {
      type,
      userId: row.userId,
      ip,
      details: {
        challengeId: row.id,
        purpose: row.purpose,
        method: row.method,
        reference: row.reference,
        ...(row.linking ? { linking: row.linking } : {}),
        ...extra,
      },
      // A watching panel hears of a challenge only once its browser has shown it is the
      // subject, as of a message (ADR 0021): never whether a username someone typed exists.
      ...(currentPanelViewer() === row.userId ? {} : { inspectorId: null }),
    });
  }

  async function choices(subjectId: string, purposeName: PurposeName): Promise<ChallengeChoice[]> {
    const purpose = PURPOSES[purposeName] as Purpose;
    const now = clock();
    const usable = (await listMfaDevicesOf(db, subjectId)).flatMap((device) => {
      const method = methods.ofType(device.type);
      if (!method || !purpose.accepts(method.traits)) return [];
      if (!deviceInUseAt(device, now) || !method.usable(device)) return [];
      return [{ device, method, shown: method.display(device) }];
    });
    const rank = (choice: ChallengeChoice) => {
      const at = purpose.prefer.indexOf(choice.method.traits.answer);
      return at === -1 ? purpose.prefer.length : at;
    };
    // A stable sort: the subject's own order among devices of one kind.
    return usable
      .map((choice, index) => ({ choice, index }))
      .sort((a, b) => rank(a.choice) - rank(b.choice) || a.index - b.index)
      .map(({ choice }) => choice);
  }

  /** The method and device a start uses: the named device, the target's, or the first choice. */
  async function pick<P extends PurposeName>(
    input: StartInput<P>,
  ): Promise<{ method: ChallengeMethod; device: MfaDeviceRow | null }> {
    const purpose = PURPOSES[input.purpose] as Purpose;
    if (input.target) {
      const channel = input.target.channel;
      const method = methods
        .all()
        .find((candidate) => candidate.sendsTo === channel && purpose.accepts(candidate.traits));
      if (!method) throw new DomainError('challenge_no_method');
      return { method, device: null };
    }
    const available = await choices(input.subjectId, input.purpose);
    if (input.deviceId !== undefined) {
      const chosen = available.find((choice) => choice.device.id === input.deviceId);
      if (!chosen) {
        const device = await findMfaDevice(db, input.deviceId);
        throw new DomainError(
          device?.userId === input.subjectId ? 'challenge_no_method' : 'device_not_yours',
        );
      }
      return chosen;
    }
    const first = available[0];
    if (!first) throw new DomainError('challenge_no_method');
    return first;
  }

  async function start<P extends PurposeName>(input: StartInput<P>): Promise<Started> {
    const purpose = PURPOSES[input.purpose] as Purpose;
    const request = input.request ?? NO_REQUEST;
    const { method, device } = await pick(input);
    // Asked again for the same thing (a code sent again): the earlier one takes no answer.
    const earlier = await findLatestChallenge(db, purpose.name, input.reference);
    if (earlier?.status === 'asked') {
      await writeTransition(db, earlier.id, earlier, {
        status: 'cancelled',
        attempts: earlier.attempts,
        now: clock(),
      });
    }
    const linking = purpose.linking(input.context as never);
    const now = clock();
    const row = await insertChallenge(db, {
      userId: input.subjectId,
      purpose: purpose.name,
      method: method.name,
      deviceId: device?.id ?? null,
      reference: input.reference,
      context: input.context,
      linking: linking?.text ?? null,
      maxAttempts: purpose.maxAttempts,
      expiresAt: new Date(now.getTime() + purpose.lifetimeMs),
    });
    const challenge = viewOf(row);
    let asked;
    try {
      asked = await method.ask({ challenge, device, target: input.target ?? null, request });
    } catch (error) {
      // Nothing was asked: the challenge ends here, so no answer is taken for it.
      await writeTransition(
        db,
        row.id,
        { attempts: 0 },
        { status: 'cancelled', attempts: 0, now: clock() },
      );
      throw error;
    }
    // Where a code went is kept too: a page read again shows the same prompt.
    await recordMethodState(db, row.id, {
      ...asked.state,
      ...(asked.sent ? { sent: asked.sent } : {}),
    });
    await audit(
      row,
      'challenge.asked',
      request.ip,
      asked.sent ? { sentTo: asked.sent.destination, channel: asked.sent.channel } : {},
    );
    return {
      challengeId: row.id,
      method: method.name,
      deviceId: device?.id ?? null,
      prompt: method.prompt({ challenge, asked, device }),
      ...(asked.sent ? { sent: asked.sent } : {}),
      ...(asked.requestId ? { requestId: asked.requestId } : {}),
      expiresAt: row.expiresAt,
    };
  }

  /** Writes a transition and its audit event; a lost race reads the challenge again. */
  async function settle(
    row: ChallengeRow,
    next: ReturnType<typeof transition>,
    request: RequestFacts,
  ): Promise<Outcome> {
    if (!next.changed) return next.outcome ?? { status: 'waiting' };
    const written = await writeTransition(
      db,
      row.id,
      { attempts: row.attempts },
      { status: next.status, attempts: next.attempts, now: clock() },
    );
    if (!written) {
      // Another answer got there first: this one is judged by what it left.
      const now = await findChallenge(db, row.id);
      if (!now || now.status !== 'asked') return { status: 'refused', reason: 'not_pending' };
      return next.outcome ?? { status: 'waiting' };
    }
    await audit(
      written,
      settledEventType(next.status),
      request.ip,
      next.status === 'asked' ? {} : { outcome: next.outcome },
    );
    return next.outcome ?? { status: 'waiting' };
  }

  async function answer(
    challengeId: string,
    given: MethodAnswer,
    request: RequestFacts = NO_REQUEST,
  ): Promise<Outcome> {
    const row = await findChallenge(db, challengeId);
    if (!row) return { status: 'refused', reason: 'not_pending' };
    const facts = { ...row, status: row.status as ChallengeStatus };
    const checked = transition(facts, { type: 'CHECK', now: clock() });
    if (checked.outcome) return settle(row, checked, request);
    const method = methods.named(row.method);
    if (!method) throw new Error(`challenge ${row.id} names no registered method ${row.method}`);
    const device = row.deviceId ? await findMfaDevice(db, row.deviceId) : null;
    const verdict = await method.check(
      {
        challenge: viewOf(row),
        device,
        state: row.methodState as Record<string, unknown>,
        request,
        attempts: row.attempts,
      },
      given,
    );
    return settle(row, transition(facts, { type: 'VERDICT', verdict }), request);
  }

  return {
    methods,
    choices,
    start,
    answer,

    async wait(challengeId, request = NO_REQUEST) {
      for (;;) {
        const outcome = await answer(challengeId, { kind: 'poll' }, request);
        if (outcome.status !== 'waiting') return outcome;
        await sleep(WAIT_POLL_MS);
      }
    },

    async cancel(challengeId) {
      const row = await findChallenge(db, challengeId);
      if (!row) return false;
      const next = transition(
        { ...row, status: row.status as ChallengeStatus },
        { type: 'CANCEL' },
      );
      if (!next.changed) return false;
      const written = await writeTransition(db, row.id, row, { ...next, now: clock() });
      if (!written) return false;
      await audit(written, settledEventType(next.status), null, { outcome: 'cancelled' });
      return true;
    },

    async find(challengeId) {
      const row = await findChallenge(db, challengeId);
      return row ? summaryOf(row) : null;
    },

    async latest(purpose, reference) {
      const row = await findLatestChallenge(db, purpose, reference);
      return row ? summaryOf(row) : null;
    },

    async prompt(challengeId) {
      const row = await findChallenge(db, challengeId);
      if (!row || row.status !== 'asked') return null;
      const method = methods.named(row.method);
      if (!method) return null;
      const device = row.deviceId ? await findMfaDevice(db, row.deviceId) : null;
      const state = row.methodState as Record<string, unknown> & { sent?: Started['sent'] };
      return method.prompt({
        challenge: viewOf(row),
        asked: { state, ...(state.sent ? { sent: state.sent } : {}) },
        device,
      });
    },
  };
}
