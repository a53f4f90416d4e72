import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import { ApiError } from '../../lib/api';
import { sessionStore } from '../../lib/session-storage';
import { passwordlessStatus, removePassword } from './passwordless-api';

const text = messages.passwordless;

type State =
  | { kind: 'loading' }
  | { kind: 'hidden' }
  | { kind: 'offer' }
  | { kind: 'confirm' }
  | { kind: 'removed' };

/**
 * "Sign in without a password" on Sign In & Password: shown to a customer who has
 * a password and a passkey. Removing the password (after a step-up) makes the account a
 * passkey-only one; the sign-in method card above adds a password back.
 */
export function PasswordlessSection() {
  const headingId = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    passwordlessStatus(controller.signal)
      .then((status) =>
        setState({ kind: status.hasPassword && status.passkeys > 0 ? 'offer' : 'hidden' }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'hidden' });
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (state.kind === 'confirm') confirmRef.current?.focus();
    if (state.kind === 'removed') doneRef.current?.focus();
  }, [state.kind]);

  if (state.kind === 'loading' || state.kind === 'hidden') return null;

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await removePassword();
      // The session knows the new method at once (the method card reads it).
      sessionStore.set('{product}UserAuthnPreferences', 'Device');
      setState({ kind: 'removed' });
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : null;
      setError(
        code === 'passwordless_needs_passkey'
          ? text.passkeyRequired
          : code === 'passwordless_no_password'
            ? text.noPassword
            : messages.signInMethod.unexpected,
      );
      setState({ kind: 'offer' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="shadow-sm" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <h2 className="h5" id={headingId}>
          {text.heading}
        </h2>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        {state.kind === 'removed' ? (
          <div ref={doneRef} tabIndex={-1}>
            <Alert variant="success" role="status">
              {text.removed}
            </Alert>
            <p className="mb-0">{text.addBack}</p>
          </div>
        ) : (
          <>
            <p>{text.intro}</p>
            {state.kind === 'offer' ? (
              <Button variant="outline-danger" onClick={() => setState({ kind: 'confirm' })}>
                {text.remove}
              </Button>
            ) : (
              <div role="group" aria-label={text.heading}>
                <p className="fw-semibold">{text.confirm}</p>
                <div className="d-flex gap-2">
                  <Button
                    variant="outline-secondary"
                    disabled={busy}
                    onClick={() => setState({ kind: 'offer' })}
                  >
                    {messages.passkeyNames.cancel}
                  </Button>
                  <Button
                    ref={confirmRef}
                    variant="danger"
                    disabled={busy}
                    onClick={() => void remove()}
                  >
                    {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
                    {text.confirmYes}
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
