import { useEffect, useId, useState } from 'react';
import { CloseButton } from 'react-bootstrap';
import { behindTheScenesMessages as text, type Journey } from '@anybank/contracts';
import { closePanel, openPanel } from './panel-api';
import { listenToPanel } from './panel-events';
import { JourneyCard } from './JourneyCard';
import './behind-the-scenes.css';

/**
 * A journey as the server sent it last, in place of what the panel had of it: the same journey
 * (its id), or one it grew out of (a stream that reconnected regroups from its own reads).
 */
function withJourney(known: Journey[], journey: Journey): Journey[] {
  const ids = new Set(journey.entries.map((entry) => entry.id));
  const others = known.filter(
    (seen) => seen.id !== journey.id && !seen.entries.some((entry) => ids.has(entry.id)),
  );
  return [...others, journey].sort((a, b) => a.id - b.id);
}

/**
 * What the bank did for this browser, journey by journey, oldest first: opened late, it replays
 * the browser's last journeys, then follows new ones live. It reads the panel's event stream;
 * if the server no longer knows this browser's panel (the cookie is gone), it opens a new one
 * once.
 */
export function BehindTheScenesPanel() {
  const titleId = useId();
  const [journeys, setJourneys] = useState<Journey[]>([]);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let reopened = false;
    let stop = () => {};
    const listen = () => {
      stop = listenToPanel({
        onOpen: () => setLive(true),
        onJourney: (journey) => setJourneys((known) => withJourney(known, journey)),
        onLost: () => {
          stop();
          setLive(false);
          if (reopened) return;
          reopened = true;
          void openPanel().then((opened) => {
            if (!opened) return;
            setJourneys([]);
            listen();
          });
        },
      });
    };
    listen();
    return () => stop();
  }, []);

  const latest = journeys.at(-1);
  return (
    <aside className="behind-the-scenes" aria-labelledby={titleId}>
      <div className="bts-header d-flex align-items-start justify-content-between gap-2">
        <div>
          <h2 id={titleId} className="h5 mb-1">
            {text.title}
          </h2>
          <p className="small mb-0">{live ? text.intro : text.connecting}</p>
        </div>
        <CloseButton aria-label={text.close} onClick={closePanel} />
      </div>
      {/* The journey under way is read out as it grows, without moving anyone's focus. */}
      <p className="visually-hidden" aria-live="polite">
        {latest ? `${latest.title}: ${latest.headline}` : ''}
      </p>
      {journeys.length === 0 ? (
        <p className="small text-body-secondary mt-3">{text.empty}</p>
      ) : (
        <ol className="list-unstyled bts-journeys mt-3 mb-0">
          {journeys.map((journey) => (
            <JourneyCard key={journey.id} journey={journey} />
          ))}
        </ol>
      )}
    </aside>
  );
}
