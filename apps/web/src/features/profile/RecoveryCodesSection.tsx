import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { messages, recoveryCodesRunningLow } from '@anybank/contracts';
import { useSessionItem } from '../../lib/session-storage';
import { generateRecoveryCodes, recoveryCodesStatus } from './recovery-codes-api';

const text = messages.recoveryCodes;

/** Saves the codes as a text file from the page itself: they never go to the server again. */
function downloadCodes(username: string, codes: readonly string[]) {
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const blob = new Blob([text.fileText(username, codes, when)], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = text.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Sign In & Password: how many recovery codes are left, and a new set (after a
 * step-up when the sign-in is older than 5 minutes), shown once with a download.
 */
export function RecoveryCodesSection() {
  const headingId = useId();
  const listId = useId();
  const username = useSessionItem('uid') ?? '';
  const [remaining, setRemaining] = useState<number | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const codesRef = useRef<HTMLDivElement>(null);
  const generateRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    recoveryCodesStatus(controller.signal)
      .then((status) => setRemaining(status.remaining))
      .catch(() => {
        if (!controller.signal.aborted) setRemaining(0);
      });
    return () => controller.abort();
  }, []);

  // The new codes take focus, so that a screen reader reads them first.
  useEffect(() => {
    if (codes) codesRef.current?.focus();
  }, [codes]);

  const generate = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const made = await generateRecoveryCodes();
      setCodes(made.codes);
      setRemaining(made.remaining);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const hideCodes = () => {
    setCodes(null);
    // The list the focus was in is gone: back to the button that made it.
    requestAnimationFrame(() => generateRef.current?.focus());
  };

  return (
    <Card className="shadow-sm" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} className="h5">
          {text.heading}
        </h2>
        <p>{text.intro}</p>
        <p role="status" data-testid="recovery-codes-remaining">
          {remaining === null ? null : text.remaining(remaining)}
        </p>
        {remaining !== null && remaining > 0 && recoveryCodesRunningLow(remaining) && !codes && (
          <Alert variant="warning">{text.lowNudge}</Alert>
        )}
        {failed && (
          <Alert variant="danger" role="alert">
            {text.failed}
          </Alert>
        )}
        {codes ? (
          <div ref={codesRef} tabIndex={-1} aria-labelledby={listId}>
            <Alert variant="info" id={listId}>
              {text.showOnce}
            </Alert>
            <ol className="font-monospace fs-5 mb-3" aria-label={text.heading}>
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ol>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="outline-primary" onClick={() => downloadCodes(username, codes)}>
                {text.download}
              </Button>
              <Button variant="primary" onClick={hideCodes}>
                {text.done}
              </Button>
            </div>
          </div>
        ) : (
          <>
            {remaining !== null && remaining > 0 && (
              <p className="text-body-secondary">{text.regenerateWarning}</p>
            )}
            <Button
              ref={generateRef}
              variant="primary"
              disabled={busy || remaining === null}
              onClick={() => void generate()}
            >
              {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {remaining ? text.regenerate : text.generate}
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
