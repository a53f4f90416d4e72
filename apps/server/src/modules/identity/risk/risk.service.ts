import type { RiskPayload } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { countFailedSignIns, insertAuditEvent } from '../../audit';
import { findUserByUid, takeHighRiskOverride, type UserRow } from '../../directory';
import { hasSignedInFrom } from '../browser-device/known-browser';
import {
  DEFAULT_RISK_POLICY,
  RISK_RULES,
  evaluateRisk,
  pairLimitReached,
  type RiskPolicy,
  type RiskResult,
} from './risk.rules';

export interface RiskEvaluationInput {
  /** Trimmed and lowercased (the contracts' request schema does it). */
  username: string;
  /** Null for a password checked without a browser (the phone app's activation). */
  riskPayload: RiskPayload | null;
  /** The client's address; without one the address rule cannot fire. */
  ip: string | null;
  /**
   * Whether this evaluation uses up the admin's one-shot override (default). The flow engine
   * re-checks a username the modal already evaluated; it only looks, so the override still
   * fires on the evaluation the person sees.
   */
  consumeOverride?: boolean;
  /** The user of `username`, when the caller has just read it: not read again. */
  user?: UserRow;
  /** The hash of the browser's HttpOnly device cookie (browser-device/), when it sent one. */
  deviceHash?: string | null;
  /** The sign-in is a passkey's, verified already (passkey-sign-in.steps.ts). */
  passkey?: boolean;
}

export type RiskEvaluation =
  | { known: false }
  | { known: true; userId: string; user: UserRow; result: RiskResult }
  /**
   * Refused by a rule that does not depend on whether the username exists (an address block,
   * automation, the unknown-username rate): every username gets this same answer.
   */
  | { known: 'unsaid'; result: RiskResult };

export interface RiskService {
  /** Evaluates a sign-in attempt at the username step; consumes the admin's override. */
  evaluate(input: RiskEvaluationInput): Promise<RiskEvaluation>;
}

export function createRiskService(deps: {
  db: Database;
  policy?: RiskPolicy;
  clock?: () => Date;
  /** The demo admin's "high risk on next sign-in" (a demo tool): ignored when false. */
  adminOverrideEnabled?: boolean;
}): RiskService {
  const policy = deps.policy ?? DEFAULT_RISK_POLICY;
  const clock = deps.clock ?? (() => new Date());
  const adminOverrideEnabled = deps.adminOverrideEnabled ?? true;

  async function auditDenial(
    result: RiskResult,
    who: {
      userId: string | null;
      uid: string;
      ip: string | null;
      payload: RiskPayload | null;
      deviceHash: string | null;
    },
  ) {
    await insertAuditEvent(deps.db, {
      type: 'risk.denied',
      userId: who.userId,
      ip: who.ip,
      details: {
        uid: who.uid,
        level: result.level,
        rules: result.rules,
        reasons: result.reasons,
        userAgent: who.payload?.userAgent ?? null,
        // The browser refused (its device cookie's hash): a remembrance ends only for a
        // refusal of its own browser or of the customer (remembered-browser.store.ts).
        device: who.deviceHash,
      },
    });
  }

  return {
    async evaluate({
      username,
      riskPayload,
      ip,
      consumeOverride = true,
      deviceHash = null,
      passkey = false,
      ...known
    }) {
      const now = clock();
      const window = {
        since: new Date(now.getTime() - policy.failureWindowMs),
        minuteAgo: new Date(now.getTime() - 60_000),
        now,
      };
      // The same reads whether the username exists or not: neither the answer nor its timing
      // says which.
      const [counts, user] = await Promise.all([
        countFailedSignIns(deps.db, { uid: username, ip }, window),
        known.user ? Promise.resolve(known.user) : findUserByUid(deps.db, username),
      ]);
      // Whether this browser signed in to the account before matters only once this address
      // has failed for the username often enough to be refused (and that count is kept for
      // unknown usernames too, so this read says nothing of which exist); most sign-ins skip it.
      const knownBrowser =
        !passkey &&
        deviceHash !== null &&
        pairLimitReached(counts.pairFailures, policy) &&
        (await hasSignedInFrom(deps.db, user?.id ?? null, deviceHash, now));
      const ownerProof = passkey ? 'passkey' : knownBrowser ? 'known-browser' : null;
      const screened = evaluateRisk(
        { payload: riskPayload, ...counts, ownerProof, highRiskOverride: false },
        policy,
      );
      if (screened.level !== 'LOW') {
        await auditDenial(screened, {
          userId: user?.id ?? null,
          uid: username,
          ip,
          payload: riskPayload,
          deviceHash,
        });
        return { known: 'unsaid', result: screened };
      }
      if (user === null) return { known: false };
      const highRiskOverride =
        adminOverrideEnabled &&
        (consumeOverride ? await takeHighRiskOverride(deps.db, user.id) : user.highRiskNextSignIn);
      const result = evaluateRisk(
        { payload: riskPayload, ...counts, ownerProof, highRiskOverride },
        policy,
      );
      // The evaluation the person sees (the flow's re-check only looks, ADR 0021).
      if (consumeOverride) {
        await insertAuditEvent(deps.db, {
          type: 'risk.evaluated',
          userId: user.id,
          ip,
          details: {
            uid: user.uid,
            level: result.level,
            recommendedAction: result.recommendedAction,
            rules: result.rules,
            reasons: result.reasons,
            checked: RISK_RULES,
            pairFailures: counts.pairFailures,
            usernameFailuresElsewhere: counts.usernameFailuresElsewhere,
            ipFailures: counts.ipFailures,
            ownerProof,
          },
        });
      }
      if (result.level !== 'LOW') {
        await auditDenial(result, {
          userId: user.id,
          uid: user.uid,
          ip,
          payload: riskPayload,
          deviceHash,
        });
      }
      return { known: true, userId: user.id, user, result };
    },
  };
}
