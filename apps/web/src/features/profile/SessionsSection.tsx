import { useEffect, useId } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { messages, type SignInSession } from '@anybank/contracts';
import { ManagedListStatus } from '../../components/ui/ManagedListStatus';
import { browserLabel } from '../../lib/browser-label';
import { useManagedList } from '../../lib/use-managed-list';
import { endSession, fetchSessions, onSessionsChanged, signOutOtherSessions } from './sessions-api';

const text = messages.sessions;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Chrome 156 on Linux", or what the user agent said of it. */
function sessionName(session: SignInSession): string {
  return browserLabel(session, text.onPlatform, text.unknownBrowser);
}

/**
 * "Where you're signed in" on Sign In & Password. Each browser signed in to the
 * account (this one marked), where from and when, with "Sign out" for each other one and "Sign
 * out everywhere else". A browser signed out here is refused at its next call to the bank.
 */
export function SessionsSection() {
  const headingId = useId();
  const {
    items: sessions,
    setItems,
    error,
    notice,
    busy,
    headingRef,
    reload,
    act,
    remove,
  } = useManagedList({
    load: fetchSessions,
    keyOf: (session) => session.id,
    loadFailed: text.loadFailed,
    loadFailureLog: 'The sessions could not be loaded',
  });

  // A password change on this page may have signed the others out: show what is left.
  useEffect(() => {
    const controller = new AbortController();
    const stop = onSessionsChanged(() => reload(controller.signal));
    return () => {
      stop();
      controller.abort();
    };
  }, [reload]);

  const signOut = (session: SignInSession) =>
    remove(
      session,
      () => endSession(session.id),
      text.signedOut(sessionName(session)),
      text.signOutFailed,
      'Signing a session out failed',
    );

  const signOutOthers = () =>
    act(
      'others',
      async () => {
        const ended = await signOutOtherSessions();
        setItems((current) => current.filter((session) => session.current));
        return text.othersSignedOut(ended);
      },
      text.signOutFailed,
      'Signing the other sessions out failed',
    );

  const others = (sessions ?? []).filter((session) => !session.current);
  return (
    <Card className="shadow-sm" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h5">
          {text.heading}
        </h2>
        <p>{text.intro}</p>
        <ManagedListStatus notice={notice} error={error} loading={sessions === null} />
        {sessions !== null && sessions.length > 0 && (
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
