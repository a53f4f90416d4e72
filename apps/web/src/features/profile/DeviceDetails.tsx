import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { messages, type FlowDevice } from '@anybank/contracts';
import { renamePasskey } from './passwordless-api';

const text = messages.passkeyNames;

/** "26 Nov 2026, 14:05": in the customer's own time zone and language. */
function when(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/**
 * One sign-in device in Personal Details' list: its name, target and when it last
 * signed the customer in; a passkey can be renamed in place (its first name comes from the
 * authenticator's model, where the bank knows it).
 */
export function DeviceDetails({ device }: { device: FlowDevice }) {
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(device.nickname?.trim() || device.name);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  // A passkey (its kind says so) can be renamed.
  const passkey = device.kind.passkey !== null;

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const close = (saved: string | null) => {
    setEditing(false);
    setProblem(null);
    if (saved !== null) setAnnounce(text.renamed);
    // Focus goes back to the button that opened the form.
    setTimeout(() => renameRef.current?.focus(), 0);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = draft.trim();
    if (wanted === '' || wanted.length > 64) {
      setProblem(text.nameRequired);
      return;
    }
    setBusy(true);
    try {
      const saved = await renamePasskey(device.id, wanted);
      setName(saved);
      close(saved);
    } catch {
      setProblem(messages.profile.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <span className="d-block" data-testid="device-name">
        {name}
      </span>
      {device.target && <span className="d-block text-body-secondary">{device.target}</span>}
      {device.lastUsedAt !== undefined && (
        <span className="d-block small text-body-secondary">
          {device.lastUsedAt ? text.lastUsed(when(device.lastUsedAt)) : text.neverUsed}
        </span>
      )}
      {device.inUseFrom && (
        <span className="d-block small text-body-secondary">
          {text.inUseFrom(when(device.inUseFrom))}
        </span>
      )}
      {device.inUseUntil && (
        <span className="d-block small text-body-secondary">
          {text.inUseUntil(when(device.inUseUntil))}
        </span>
      )}
      <span className="visually-hidden" role="status">
        {announce}
      </span>
      {passkey && !editing && (
        <Button
          ref={renameRef}
          variant="link"
          size="sm"
          className="p-0"
          aria-label={`${text.rename} ${name}`}
          onClick={() => {
            setDraft(name);
            setAnnounce('');
            setEditing(true);
          }}
        >
          {text.rename}
        </Button>
      )}
      {passkey && editing && (
        <Form noValidate onSubmit={(event) => void save(event)} className="mt-2">
          <Form.Label htmlFor={inputId}>{text.nameLabel}</Form.Label>
          <Form.Control
            id={inputId}
            ref={inputRef}
            value={draft}
            maxLength={64}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
            isInvalid={problem !== null}
            aria-invalid={problem !== null}
            aria-describedby={problem ? errorId : undefined}
            disabled={busy}
          />
          {problem && (
            <Form.Control.Feedback type="invalid" id={errorId} role="alert">
              {problem}
            </Form.Control.Feedback>
          )}
          <div className="d-flex gap-2 mt-2">
            <Button type="submit" size="sm" disabled={busy}>
              {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
              {text.save}
            </Button>
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={busy}
              onClick={() => close(null)}
            >
              {text.cancel}
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}
