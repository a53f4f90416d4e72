/** Tells screen-reader users that a link opens a new tab (WCAG 3.2.5 advisory). */
export function NewTabHint() {
  return <span className="visually-hidden"> (opens in a new tab)</span>;
}
