import { Suspense, lazy, useCallback } from 'react';
import { finishStepUp, useStepUpRequest } from '../../lib/step-up-signal';

const StepUpDialog = lazy(async () => ({
  default: (await import('../../features/login')).StepUpDialog,
}));

/**
 * A request answered `step_up_required` asks for a step-up (lib/step-up-signal);
 * this host shows the login feature's step-up dialog, and tells the waiting request how it
 * ended: confirmed (it is sent again) or closed.
 */
export function StepUpHost() {
  const requestId = useStepUpRequest();
  const done = useCallback(() => finishStepUp(true), []);
  const cancel = useCallback(() => finishStepUp(false), []);
  if (requestId === null) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog key={requestId} onDone={done} onCancel={cancel} />
    </Suspense>
  );
}
