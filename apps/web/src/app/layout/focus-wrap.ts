/**
 * Where Tab goes at the edge of a modal dialog (WAI-ARIA Authoring Practices, dialog pattern):
 * from the last stop Tab wraps to the first, and from the first stop (or the dialog itself,
 * which holds the focus when it opens) Shift+Tab wraps to the last. Anywhere else the browser's
 * own order applies: null.
 */
export function wrappedFocusTarget<T>(
  stops: readonly T[],
  focused: T | null,
  dialog: T,
  backwards: boolean,
): T | null {
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (first === undefined || last === undefined) return null;
  if (backwards) return focused === first || focused === dialog ? last : null;
  return focused === last ? first : null;
}
