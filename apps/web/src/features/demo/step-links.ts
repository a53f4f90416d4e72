/**
 * A scenario step's words with the site paths it names, "(/outbox?to=jane.doe@example.com)",
 * picked out so the card shows each as a link (demo-scenario-types.ts: a path in parentheses).
 * Pure.
 */
export type StepPart = { kind: 'text'; text: string } | { kind: 'path'; path: string };

/** A path of this site in parentheses: a slash, then no space or closing parenthesis. */
const PATH_IN_PARENTHESES = /\((\/[^\s)]*)\)/g;

export function stepParts(step: string): StepPart[] {
  const parts: StepPart[] = [];
  let from = 0;
  for (const match of step.matchAll(PATH_IN_PARENTHESES)) {
    const path = match[1] ?? '';
    // The parentheses stay words around the link.
    const before = step.slice(from, match.index + 1);
    if (before) parts.push({ kind: 'text', text: before });
    parts.push({ kind: 'path', path });
    from = match.index + 1 + path.length;
  }
  const rest = step.slice(from);
  if (rest) parts.push({ kind: 'text', text: rest });
  return parts;
}
