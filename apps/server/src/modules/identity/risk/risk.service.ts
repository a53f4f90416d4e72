import type { RiskPayload } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { insertAuditEvent } from '../../audit/audit.store';
import { findUserByUid, type UserRow } from '../../directory/directory.store';
import { DEFAULT_RISK_POLICY, evaluateRisk, type RiskPolicy, type RiskResult } from './risk.rules';
import { consumeHighRiskOverride, countFailedSignIns } from './risk.store';

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
  user?: Pick<UserRow, 'id' | 'uid' | 'highRiskNextSignIn'>;
}

export type RiskEvaluation = { known: false } | { known: true; userId: string; result: RiskResult };

export interface RiskService {
  /** Evaluates a sign-in attempt at the username step; consumes the admin's override. */
  evaluate(input: RiskEvaluationInput): Promise<RiskEvaluation>;
}

export function createRiskService(deps: {
  db: Database;
  policy?: RiskPolicy;
  clock?: () => Date;
}): RiskService {
  const policy = deps.policy ?? DEFAULT_RISK_POLICY;
  const clock = deps.clock ?? (() => new Date());
  return {
    async evaluate({ username, riskPayload, ip, consumeOverride = true, ...known }) {
      const user = known.user ?? (await findUserByUid(deps.db, username));
      if (user === null) return { known: false };
      const since = new Date(clock().getTime() - policy.failureWindowMs);
      const [{ usernameFailures, ipFailures }, highRiskOverride] = await Promise.all([
        countFailedSignIns(deps.db, { uid: user.uid, ip }, since),
        consumeOverride ? consumeHighRiskOverride(deps.db, user.id) : user.highRiskNextSignIn,
      ]);
      const result = evaluateRisk(
        { payload: riskPayload, usernameFailures, ipFailures, highRiskOverride },
        policy,
      );
      if (result.level !== 'LOW') {
        await insertAuditEvent(deps.db, {
          type: 'risk.denied',
          userId: user.id,
          ip,
          details: {
            uid: user.uid,
            level: result.level,
            rules: result.rules,
            reasons: result.reasons,
            userAgent: riskPayload?.userAgent ?? null,
          },
        });
      }
      return { known: true, userId: user.id, result };
    },
  };
}
