import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { STEP_UP_WINDOW_MS } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent } from '../../audit';
import type { Principal } from '../oauth/access-token';
import { deleteStepUpsBefore, grantHashOf, recordStepUp } from '../oauth/step-up.store';
import type { FlowState } from './flow.state';

/** The HttpOnly cookie binding a step-up flow to the browser that started it. */
export const STEP_UP_COOKIE = 'anybank_step_up';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A new browser binding: the cookie's value (given once) and the hash the flow keeps. */
export function newStepUpBinding(principal: Principal) {
  const cookie = randomBytes(32).toString('base64url');
  return {
    cookie,
    binding: { grantHash: grantHashOf(principal.grantId), browserHash: sha256(cookie) },
  };
}

/**
 * A step-up flow may be read or continued only with the token of the sign-in it is for (same
 * user, same grant) from the browser holding its cookie: a stolen token alone cannot finish
 * someone else's step-up, nor a stolen flow id.
 */
export function assertStepUpBinding(
  state: FlowState,
  principal: Principal,
  cookie: string | undefined,
): void {
  const binding = state.stepUp;
  const sameGrant =
    binding &&
    principal.userId === state.userId &&
    grantHashOf(principal.grantId) === binding.grantHash;
  const presented = Buffer.from(sha256(cookie ?? ''));
  const expected = Buffer.from(binding?.browserHash ?? '');
  const sameBrowser =
    cookie !== undefined &&
    presented.length === expected.length &&
    timingSafeEqual(presented, expected);
  if (!sameGrant || !sameBrowser) throw new DomainError('step_up_not_yours');
}

/** The step-up succeeded: recorded for its grant, and audited, in one transaction. */
export async function recordFinishedStepUp(
  db: Database,
  state: FlowState,
  ip: string | null,
  at: Date,
): Promise<void> {
  const binding = state.stepUp;
  if (!binding || !state.userId) throw new DomainError('step_up_unbound');
  const userId = state.userId;
  const amr = state.amr.at(-1) ?? 'mfa';
  await db.transaction(async (tx) => {
    // Older step-ups count no more: the table holds the last few minutes only.
    await deleteStepUpsBefore(tx, new Date(at.getTime() - 2 * STEP_UP_WINDOW_MS));
    await recordStepUp(tx, { grantHash: binding.grantHash, userId, amr, at });
    await insertAuditEvent(tx, { type: 'stepup.succeeded', userId, ip, details: { amr } });
  });
}
