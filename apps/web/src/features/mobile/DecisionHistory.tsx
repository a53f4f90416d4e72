import { useId } from 'react';
import { Button } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import type { PastDecision } from './decision-history';
import { KIND_LABELS } from './PushRequestCard';
import { sentAgo } from './time-left';

const words = messages.phoneApp;

/** The answers given on this phone, newest first (kept on the phone: decision-history.ts). */
export function DecisionHistory({
  decisions,
  nowMs,
  onClear,
}: {
  decisions: readonly PastDecision[];
  nowMs: number;
  onClear: () => void;
}) {
  const headingId = useId();
  return (
    <section className="phone-history mt-4" aria-labelledby={headingId}>
      <div className="d-flex align-items-baseline gap-2">
        <h3 id={headingId} className="h6 text-uppercase mb-1">
          {words.historyHeading}
        </h3>
        {decisions.length > 0 && (
          <Button variant="link" size="sm" className="ms-auto p-0" onClick={onClear}>
            {words.clearHistory}
          </Button>
        )}
      </div>
      <p className="small text-body-secondary mb-2">{words.historyNote}</p>
      {decisions.length === 0 ? (
        <p className="small text-body-secondary">{words.historyEmpty}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {decisions.map((entry) => (
            <li key={entry.requestId} className="phone-history-entry small">
              <div className="d-flex gap-2">
                <span
                  className={`fw-bold ${entry.decision === 'approve' ? 'text-success' : 'text-danger'}`}
                >
                  {entry.decision === 'approve' ? words.approved : words.denied}
                </span>
                <span>{entry.title}</span>
                <time
                  className="ms-auto text-body-secondary text-nowrap"
                  dateTime={entry.decidedAt}
                >
                  {sentAgo(entry.decidedAt, nowMs)}
                </time>
              </div>
              <div className="text-body-secondary">
                {[
                  KIND_LABELS[entry.kind] ?? entry.kind,
                  ...entry.details.map(([, value]) => value),
                ].join(' · ')}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
