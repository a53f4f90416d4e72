import { useState } from 'react';
import { demoMessages } from '@anybank/contracts';
import type { DemoScenario, DemoScenarioId } from '@anybank/contracts';
import { userTypeOf } from '../../lib/sign-in-return';
import { publicConfig } from '../../lib/config';
import { useSessionItem } from '../../lib/session-storage';
import { setDemoCondition } from './demo-api';
import { planStart } from './scenario-start';
import { startUrl } from './start-url';

export interface ScenarioStart {
  start: (scenario: DemoScenario) => Promise<void>;
  /** The scenario whose Start is under way (setting its condition, then leaving the page). */
  busy: DemoScenarioId | null;
  /** Why a scenario did not start: sign in first, or the condition was refused. */
  notice: { id: DemoScenarioId; text: string } | null;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Start: sets the scenario's demo condition on the signed-in customer where it has one, then
 * loads its page with `?inspect=1` (a full load, so "Behind the scenes" opens whatever page it
 * is). Without the customer the scenario needs, it says to sign in first and goes nowhere.
 */
export function useScenarioStart(): ScenarioStart {
  const subject = useSessionItem('subject');
  const userType = useSessionItem('{product}UserType');
  const [busy, setBusy] = useState<DemoScenarioId | null>(null);
  const [notice, setNotice] = useState<ScenarioStart['notice']>(null);

  const start = async (scenario: DemoScenario) => {
    const plan = planStart(scenario, subject === null ? null : userTypeOf(userType));
    if (plan.kind === 'sign-in-first') {
      setNotice({ id: scenario.id, text: plan.message });
      return;
    }
    setNotice(null);
    setBusy(scenario.id);
    if (plan.condition) {
      const status = await setDemoCondition(plan.condition);
      if (!isSuccess(status)) {
        setBusy(null);
        const text = demoMessages.conditionFailed(status ? String(status) : 'no answer');
        setNotice({ id: scenario.id, text });
        return;
      }
    }
    // The page stays busy while the browser leaves it.
    window.location.assign(startUrl(scenario.start, publicConfig.basePath));
  };

  return { start, busy, notice };
}
