import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { messages } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';
import { sessionStore } from '../../lib/session-storage';
import { clearSessionItems } from '../../lib/session-store';
import { undoContactChange, undoTokenOf, type ContactUndoOutcome } from './contact-undo-api';

const text = messages.contactUndo;
const WHAT = { email: 'e-mail address', mobile: 'mobile number' } as const;

/**
 * "This wasn't me": the page the previous address's link opens (`#<token>`). One button undoes
 * the change: a link scanner that opens the page changes nothing. Once undone, this tab's
 * session items go too (the server ended every session of the account).
 */
export function ContactUndoPage() {
  const [token] = useState(() => undoTokenOf(window.location.hash));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ContactUndoOutcome | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  const undo = async () => {
    if (!token) return;
    setBusy(true);
    try {
      const answer = await undoContactChange(token);
      if (answer.kind === 'undone') clearSessionItems(sessionStore);
      setOutcome(answer);
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout pageId="contact-undo" description={token ? text.intro : text.missingLink}>
      <div ref={resultRef} tabIndex={-1} role="status" aria-live="polite">
        {outcome?.kind === 'undone' && (
          <Alert variant="success">
            {text.done(WHAT[outcome.result.kind], outcome.result.restored)}
          </Alert>
        )}
        {outcome?.kind === 'invalid' && <Alert variant="danger">{text.linkInvalid}</Alert>}
        {outcome?.kind === 'failed' && (
          <Alert variant="danger">{messages.profile.unexpected}</Alert>
        )}
      </div>
      {token && outcome?.kind !== 'undone' && outcome?.kind !== 'invalid' && (
        <Button variant="danger" disabled={busy} onClick={() => void undo()}>
          {busy ? text.working : text.submit}
        </Button>
      )}
      {outcome?.kind === 'undone' && <Link to="/">{text.signIn}</Link>}
    </PageLayout>
  );
}
