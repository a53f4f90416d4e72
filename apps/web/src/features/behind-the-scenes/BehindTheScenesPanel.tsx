import { useEffect, useId, useState } from 'react';
import { CloseButton } from 'react-bootstrap';
import { behindTheScenesMessages as text, type InspectorEntry } from '@anybank/contracts';
import { closePanel, openPanel } from './panel-api';
import { listenToPanel } from './panel-events';
import { PanelEntry } from './PanelEntry';
import './behind-the-scenes.css';

/**
 * The live timeline of what the bank did for this browser, newest first. It reads
 * the panel's event stream; if the server no longer knows this browser's panel (the cookie is
 * gone), it opens a new one once.
 */
export function BehindTheScenesPanel() {
  const titleId = useId();
  const [entries, setEntries] = useState<InspectorEntry[]>([]);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let reopened = false;
    let stop = () => {};
    const listen = () => {
      stop = listenToPanel({
        onOpen: () => setLive(true),
        onEntry: (entry) =>
          setEntries((known) =>
            known.some((seen) => seen.id === entry.id) ? known : [...known, entry],
          ),
        onLost: () => {
          stop();
          setLive(false);
          if (reopened) return;
          reopened = true;
          void openPanel().then((opened) => {
            if (!opened) return;
            setEntries([]);
            listen();
          });
        },
      });
    };
    listen();
    return () => stop();
  }, []);

  const newestFirst = [...entries].reverse();
  const latest = newestFirst[0];
  return (
    <aside className="behind-the-scenes" aria-labelledby={titleId}>
      <div className="bts-header d-flex align-items-start justify-content-between gap-2">
        <div>
          <h2 id={titleId} className="h5 mb-1">
            {text.title}
          </h2>
          <p className="small mb-0">{live ? text.intro : text.connecting}</p>
        </div>
        <CloseButton aria-label={text.close} onClick={() => void closePanel()} />
      </div>
      {/* Each new entry is read out once, without moving anyone's focus. */}
      <p className="visually-hidden" aria-live="polite">
        {latest ? `${latest.title}: ${latest.explanation}` : ''}
      </p>
      {entries.length === 0 ? (
        <p className="small text-body-secondary mt-3">{text.empty}</p>
      ) : (
        <ol className="list-unstyled bts-entries mt-3 mb-0">
          {newestFirst.map((entry) => (
            <PanelEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </aside>
  );
}
