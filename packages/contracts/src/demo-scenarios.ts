import { SIGN_IN_AND_TRANSFER_SCENARIOS } from './demo-scenarios-bank';
import { PARTNER_AND_IDENTITY_SCENARIOS } from './demo-scenarios-beyond';
import type { DemoScenario, DemoScenarioId } from './demo-scenario-types';

export * from './demo-scenario-types';

/**
 * The scenarios a presenter runs from `/demo`, as one typed list, in the order the story builds
 * (DEMO_CHAPTERS): sign-in, the step-up, transfers with the phone, partners and consent, pay by
 * bank, identity beyond. The page renders them and the browser tests find them by these very
 * titles and do their steps. Each scenario's users are the seeded demo users of the README's
 * "Demo accounts" (apps/server/src/seed/demo-data.ts).
 */
export const DEMO_SCENARIOS: readonly DemoScenario[] = [
  ...SIGN_IN_AND_TRANSFER_SCENARIOS,
  ...PARTNER_AND_IDENTITY_SCENARIOS,
];

export function demoScenario(id: DemoScenarioId): DemoScenario {
  const scenario = DEMO_SCENARIOS.find((candidate) => candidate.id === id);
  if (!scenario) throw new Error(`No demo scenario with id ${id}`);
  return scenario;
}

/** The scenario after this one in the story; null after the last. */
export function nextDemoScenario(id: DemoScenarioId): DemoScenario | null {
  const index = DEMO_SCENARIOS.findIndex((candidate) => candidate.id === id);
  return index < 0 ? null : (DEMO_SCENARIOS[index + 1] ?? null);
}
