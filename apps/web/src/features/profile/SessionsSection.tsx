import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Placeholder } from 'react-bootstrap';
import { messages, type SignInSession } from '@anybank/contracts';
import { endSession, fetchSessions, onSessionsChanged, signOutOtherSessions } from './sessions-api';

const text = messages.sessions;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Chrome 156 on Linux", or what the user agent said of it. */
function sessionName(session: SignInSession): string {
  if (session.browser && session.platform)
    return text.onPlatform(session.browser, session.platform);
  return session.browser ?? session.platform ?? text.unknownBrowser;
}

/**
 * Issue 14 §4 on Sign In & Password: "Where you're signed in". Each browser signed in to the
 * account (this one marked), where from and when, with "Sign out" for each other one and "Sign
 * out everywhere else". A browser signed out here is refused at its next call to the bank.
 */
export function SessionsSection() {
  const headingId = useId();
  const [sessions, setSessions] = useState<SignInSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const load = useCallback((signal?: AbortSignal) => {
    fetchSessions(signal)
      .then((found) => {
        if (!signal?.aborted) setSessions(found);
      })
      .catch((failure: unknown) => {
        if (signal?.aborted) return;
        console.warn('The sessions could not be loaded', failure);
        setError(text.loadFailed);
        setSessions([]);
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    // A password change on this page may have signed the others out: show what is left.
    const stop = onSessionsChanged(() => load(controller.signal));
    return () => {
      stop();
      controller.abort();
    };
  }, [load]);

  async function act(key: string, action: () => Promise<string>) {
    if (busy) return;
    setBusy(key);
    setError(null);
    setNotice('');
    try {
      setNotice(await action());
      // The button that had the focus is gone: the section's heading takes it.
      headingRef.current?.focus();
    } catch (failure) {
      console.warn('Signing a session out failed', failure);
      setError(text.signOutFailed);
    } finally {
      setBusy(null);
    }
  }

  const signOut = (session: SignInSession) =>
    act(session.id, async () => {
      await endSession(session.id);
      setSessions((current) => (current ?? []).filter((other) => other.id !== session.id));
      return text.signedOut(sessionName(session));
    });

  const signOutOthers = () =>
    act('others', async () => {
      const ended = await signOutOtherSessions();
      setSessions((current) => (current ?? []).filter((session) => session.current));
      return text.othersSignedOut(ended);
    });

  const others = (sessions ?? []).filter((session) => !session.current);
  return (
    <Card className="shadow-sm" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h5">
          {text.heading}
        </h2>
        <p>{text.intro}</p>
        <p role="status" className={notice ? 'alert alert-success' : 'visually-hidden'}>
          {notice}
        </p>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        {sessions === null ? (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={8} className="d-block py-3" />
          </Placeholder>
        ) : (
          sessions.length > 0 && (
            <ul className="list-group mb-3" aria-label={text.heading}>
              {sessions.map((session) => (
                <li
                  key={session.id}
                  className="list-group-item py-3 d-flex flex-wrap justify-content-between align-items-start gap-2"
                  data-testid="signed-in-session"
                >
                  <div>
                    <h3 className="h6 mb-1">
                      {sessionName(session)}
                      {session.current && (
                        <Badge bg="secondary" className="ms-2">
                          {text.thisBrowser}
                        </Badge>
                      )}
                    </h3>
                    <p className="small text-body-secondary mb-0">
                      {text.from(
                        session.place
                          ? `${session.place} (${session.address})`
                          : session.address || text.unknownAddress,
                      )}
                    </p>
                    <p className="small text-body-secondary mb-0">
                      {text.signedInAt(when(session.signedInAt))}
                      {' · '}
                      {text.lastActive(when(session.lastActiveAt))}
                    </p>
                  </div>
                  {!session.current && (
                    <Button
                      variant="outline-danger"
                      aria-label={text.signOutLabel(sessionName(session))}
                      onClick={() => void signOut(session)}
                      disabled={busy !== null}
                    >
                      {text.signOut}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        )}
        {sessions !== null &&
          (others.length > 0 ? (
            <Button variant="danger" onClick={() => void signOutOthers()} disabled={busy !== null}>
              {text.signOutOthers}
            </Button>
          ) : (
            !error && <p className="text-body-secondary mb-0">{text.onlyThisBrowser}</p>
          ))}
      </Card.Body>
    </Card>
  );
}
