import {
  DEFAULT_CIBA_THRESHOLD_DOLLARS,
  DEFAULT_DENY_THRESHOLD_DOLLARS,
  type AdminAccountTierRequest,
  type AdminSettings,
  type AdminThresholdsRequest,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import {
  adminAttributesOf,
  applyChanges,
  lockUserById,
  setHighRiskOnNextSignIn,
  updateAdminAttributes,
  type AdminAttributes,
  type FieldProblem,
  type RequestedChanges,
} from '../directory';

/**
 * The demo admin's bank attributes: the transfer thresholds and the account tier
 * of the signed-in customer's own entry — a sales engineer demonstrates on the account they are
 * signed in with. The directory refuses these to a customer token; this API, gated with the
 * other demo tools, is the one way to change them, each change audited.
 */
export interface AdminSettingsService {
  setThresholds(caller: AdminCaller, body: AdminThresholdsRequest): Promise<AdminSettings>;
  setAccountTier(caller: AdminCaller, body: AdminAccountTierRequest): Promise<AdminSettings>;
  /** Makes the customer's next sign-in look high-risk (or stops it), audited with the change. */
  setRiskOverride(caller: AdminCaller, enabled: boolean): Promise<void>;
}

export interface AdminCaller {
  userId: string;
  ip: string;
}

function settingsOf(attributes: AdminAttributes): AdminSettings {
  return {
    cibaThreshold: attributes.cibaThreshold ?? DEFAULT_CIBA_THRESHOLD_DOLLARS,
    denyThreshold: attributes.denyThreshold ?? DEFAULT_DENY_THRESHOLD_DOLLARS,
    accountTier: attributes.accountTier,
  };
}

/** The attribute names of the directory rules' problems, as this API's body names them. */
function refusal(problems: FieldProblem[], productId: string): DomainError {
  const details = problems.map((problem) => ({
    field: problem.field.startsWith(productId)
      ? problem.field.charAt(productId.length).toLowerCase() +
        problem.field.slice(productId.length + 1)
      : problem.field,
    message: problem.message,
  }));
  const summary = details.map((detail) => detail.message).join(' ');
  return new DomainError('invalid_input', {
    message: `Please check your input. ${summary}`,
    details,
  });
}

export function createAdminSettingsService(deps: {
  db: Database;
  productId: string;
}): AdminSettingsService {
  const { db, productId } = deps;

  async function change(
    caller: AdminCaller,
    action: 'thresholds' | 'account-tier',
    changes: RequestedChanges,
  ): Promise<AdminSettings> {
    const next = await db.transaction(async (tx) => {
      // Locked: the thresholds are checked as a pair against what is stored, and a second
      // change of the other threshold must see this one.
      const current = await lockUserById(tx, caller.userId);
      if (!current) throw new DomainError('session_ended');
      const before = adminAttributesOf(current);
      const applied = applyChanges(before, changes, productId);
      if (!applied.ok) throw refusal(applied.problems, productId);
      if (applied.changed.length === 0) return before;
      await updateAdminAttributes(tx, caller.userId, applied.next);
      await insertAuditEvent(tx, {
        type: 'admin.action',
        userId: caller.userId,
        ip: caller.ip,
        details: {
          action,
          changed: Object.fromEntries(
            applied.changed.map((attribute) => [
              attribute,
              { from: before[attribute], to: applied.next[attribute] },
            ]),
          ),
        },
      });
      return applied.next;
    });
    return settingsOf(next);
  }

  return {
    setThresholds(caller, body) {
      return change(caller, 'thresholds', {
        cibaThreshold: [body.cibaThreshold],
        denyThreshold: [body.denyThreshold],
      });
    },
    setAccountTier(caller, body) {
      return change(caller, 'account-tier', { accountTier: [body.accountTier] });
    },
    async setRiskOverride(caller, enabled) {
      await db.transaction(async (tx) => {
        await setHighRiskOnNextSignIn(tx, caller.userId, enabled);
        await insertAuditEvent(tx, {
          type: 'admin.action',
          userId: caller.userId,
          ip: caller.ip,
          details: { action: 'risk-override', enabled },
        });
      });
    },
  };
}
