import { useId } from 'react';
import { Link } from 'react-router';
import { behindTheScenesMessages as text, type Journey } from '@anybank/contracts';
import { IssuedTokens } from './IssuedTokens';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Every rule the risk evaluation checked, and whether it fired. */
function RiskRules({ details }: { details: Record<string, unknown> }) {
  const fired = new Set(strings(details.rules));
  return (
    <ul className="bts-rules small mb-1">
      {strings(details.checked).map((rule) => (
        <li key={rule}>
          <span className="font-monospace">{rule}</span>:{' '}
          {fired.has(rule) ? 'fired' : 'did not fire'}
        </li>
      ))}
    </ul>
  );
}

/** One step of a journey, in its folded detail: its sentence, then what was recorded. */
export function PanelEntry({ entry }: { entry: Journey['entries'][number] }) {
  const titleId = useId();
  const { details } = entry;
  return (
    <li>
      <article className="bts-entry" aria-labelledby={titleId} data-type={entry.type}>
        <div className="d-flex justify-content-between gap-2">
          <h4 id={titleId} className="h6 mb-1">
            {entry.title}
          </h4>
          <time className="small text-body-secondary" dateTime={entry.at}>
            {new Date(entry.at).toLocaleTimeString()}
          </time>
        </div>
        <p className="mb-1">
          {entry.explanation}
          {entry.repeated > 1 && <span className="fw-semibold"> {text.times(entry.repeated)}</span>}
        </p>
        {entry.type === 'flow.step' && (
          <p className="font-monospace small mb-1">
            {String(details.from)} → {String(details.to)}
          </p>
        )}
        {entry.type === 'risk.evaluated' && <RiskRules details={details} />}
        {entry.type === 'token.issued' && <IssuedTokens details={details} />}
        {entry.outboxLink && (
          <p className="mb-1">
            <Link to={entry.outboxLink}>{text.openInOutbox}</Link>
          </p>
        )}
        <details className="small">
          <summary>{text.raw}</summary>
          <pre className="bts-json">{JSON.stringify(details, null, 2)}</pre>
        </details>
      </article>
    </li>
  );
}
