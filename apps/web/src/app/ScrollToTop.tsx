import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Navigations may pass `{ skipScroll: true }` as state to keep the scroll position. */
function asksToSkipScroll(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'skipScroll' in state &&
    state.skipScroll === true
  );
}

/** Scrolls to the top on every route change, unless the navigation asked not to. */
export function ScrollToTop() {
  const { pathname, state } = useLocation();
  const skipScroll = asksToSkipScroll(state);

  useEffect(() => {
    // Instant: Bootstrap turns on smooth scrolling, which would animate every page change.
    if (!skipScroll) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, skipScroll]);

  return null;
}
