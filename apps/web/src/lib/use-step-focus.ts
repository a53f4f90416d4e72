import { useEffect, useRef } from 'react';

/**
 * Moves the keyboard and screen-reader focus to the returned element (a step's heading, with
 * `tabIndex={-1}`) whenever `step` changes, so that a multi-step page says where it went.
 * The first render keeps the focus where the page put it.
 */
export function useStepFocus<T extends HTMLElement>(step: unknown) {
  const ref = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (Object.is(shown.current, step)) return;
    shown.current = step;
    ref.current?.focus();
  }, [step]);
  return ref;
}
