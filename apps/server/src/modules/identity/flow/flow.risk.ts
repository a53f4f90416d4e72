import { messages, riskPayloadSchema, type RiskPayload } from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import type { UserRow } from '../../directory';
import type { RiskService } from '../risk/risk.service';

/** The browser's device profile, read with the contracts' schema; null when none came. */
export function parseProfile(profile: Record<string, unknown> | undefined): RiskPayload | null {
  if (profile === undefined) return null;
  const parsed = riskPayloadSchema.safeParse(profile);
  if (!parsed.success) throw new DomainError('device_profile_unreadable');
  return parsed.data;
}

/**
 * The risk rules' refusal of a known user with this profile, or null to go on. The modal asked
 * /api/riskEvaluation a moment ago and that call used up the admin's one-shot override; here
 * the engine only looks, so skipping that call gains nothing.
 */
export async function riskDenial(
  risk: RiskService,
  input: {
    username: string;
    payload: RiskPayload;
    ip: string;
    /** The browser's device cookie's hash (FlowContext). */
    deviceHash: string | null;
    user?: UserRow;
  },
): Promise<string | null> {
  const evaluation = await risk.evaluate({
    username: input.username,
    riskPayload: input.payload,
    ip: input.ip,
    deviceHash: input.deviceHash,
    consumeOverride: false,
    ...(input.user ? { user: input.user } : {}),
  });
  if (evaluation.known === false || evaluation.result.level === 'LOW') return null;
  return messages.login.accessDenied(evaluation.result.recommendedAction);
}
