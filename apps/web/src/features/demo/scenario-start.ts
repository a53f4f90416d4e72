import { ADMIN_THRESHOLDS_PATH, demoMessages } from '@anybank/contracts';
import type {
  AdminThresholdsRequest,
  DemoCondition,
  DemoScenario,
  UserType,
} from '@anybank/contracts';

/**
 * What Start does for a scenario, decided from who is signed in (pure, unit-tested): the demo
 * admin API acts on the signed-in customer's own account, so a scenario that sets a condition,
 * or opens a customer's page, starts from a signed-in customer and otherwise says so.
 */
export type StartPlan =
  { kind: 'sign-in-first'; message: string } | { kind: 'go'; condition: DemoCondition | null };

export function planStart(scenario: DemoScenario, signedInAs: UserType | null): StartPlan {
  const needsCustomer = scenario.needsSignedInCustomer || scenario.condition !== undefined;
  if (needsCustomer && signedInAs !== 'customer') {
    return {
      kind: 'sign-in-first',
      message: demoMessages.signInFirst(scenario.username ?? 'a customer'),
    };
  }
  return { kind: 'go', condition: scenario.condition ?? null };
}

/** The demo admin's own call that sets a condition (admin.routes.ts): path and JSON body. */
export function conditionRequest(condition: DemoCondition): { path: string; body: object } {
  if (condition.kind === 'high-risk') {
    return { path: '/api/admin/risk-override', body: { enabled: true } };
  }
  const body: AdminThresholdsRequest = {
    cibaThreshold: String(condition.cibaDollars),
    denyThreshold: String(condition.denyDollars),
  };
  return { path: ADMIN_THRESHOLDS_PATH, body };
}

/** The sentence a card shows for its condition: what Start sets first. */
export function conditionText(condition: DemoCondition): string {
  return condition.kind === 'high-risk'
    ? demoMessages.highRiskCondition
    : demoMessages.thresholdsCondition(condition.cibaDollars, condition.denyDollars);
}
