import { useSyncExternalStore } from 'react';
import { STEP_UP_REQUIRED } from '@anybank/contracts';

/**
 * Step-up without the page knowing the login feature: a request answered 401
 * `step_up_required` asks for a step-up with `requestStepUp`; the app's host (`useStepUpRequest`)
 * shows the login feature's step-up dialog and calls `finishStepUp` when it closes, which
 * settles the request's wait: confirmed (send it again) or not.
 */

type Listener = () => void;

interface StepUpRequest {
  id: number;
  settle: (confirmed: boolean) => void;
}

let current: StepUpRequest | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function setCurrent(request: StepUpRequest | null) {
  current = request;
  for (const listener of [...listeners]) listener();
}

/** Asks for a step-up; resolves true once the customer confirmed it is them, else false. */
export function requestStepUp(): Promise<boolean> {
  // One dialog for all: a second request while one is open waits for the same answer.
  if (current) {
    const open = current;
    return new Promise((resolve) => {
      const previous = open.settle;
      open.settle = (confirmed) => {
        previous(confirmed);
        resolve(confirmed);
      };
    });
  }
  return new Promise((resolve) => setCurrent({ id: nextId++, settle: resolve }));
}

/** Whether a step-up is asked for and its dialog not closed yet. */
export function isStepUpOpen(): boolean {
  return current !== null;
}

/** The dialog closed: confirmed (the step-up flow ended) or dismissed. */
export function finishStepUp(confirmed: boolean): void {
  const request = current;
  setCurrent(null);
  request?.settle(confirmed);
}

/** The open step-up request's id, or null; re-renders when one is asked for or ends. */
export function useStepUpRequest(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current?.id ?? null,
    () => null,
  );
}

/** Whether an answer is the API's 401 `step_up_required` (it reads a copy of the body). */
export async function isStepUpRequired(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  // A copy: the caller reads the answer itself. (DOM-free, so the unit tests import this.)
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null && 'code' in body
    ? body.code === STEP_UP_REQUIRED
    : false;
}

/**
 * Sends a request that may need a step-up: when the API asks for one, the step-up dialog
 * opens; once the customer confirmed it is them, the request is sent again (once). Dismissed,
 * the first answer stands and the caller reports it as it would any refusal.
 */
export async function withStepUp(send: () => Promise<Response>): Promise<Response> {
  const response = await send();
  if (!(await isStepUpRequired(response))) return response;
  if (!(await requestStepUp())) return response;
  return send();
}
