import { Button, Spinner } from 'react-bootstrap';

/**
 * The bank's consent pages' two answers (the OAuth consent page, and the payment
 * consent page, ADR 0023): a primary button that allows, an outline one that refuses. While
 * an answer is on its way both are disabled and the one sent shows a spinner.
 */
export function ConsentDecisionButtons({
  allowLabel,
  denyLabel,
  sending,
  onAllow,
  onDeny,
  allowDisabled = false,
}: {
  allowLabel: string;
  denyLabel: string;
  /** The answer on its way, if any. */
  sending: 'allow' | 'deny' | null;
  /** Absent: allowing submits the form the buttons are in. */
  onAllow?: () => void;
  onDeny: () => void;
  /** Nothing to allow yet (no account to pay from). */
  allowDisabled?: boolean;
}) {
  return (
    <div className="d-flex flex-wrap gap-2" aria-busy={sending !== null}>
      <Button
        type={onAllow ? 'button' : 'submit'}
        variant="primary"
        onClick={onAllow}
        disabled={sending !== null || allowDisabled}
      >
        {sending === 'allow' && (
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {allowLabel}
      </Button>
      <Button
        type="button"
        variant="outline-secondary"
        onClick={onDeny}
        disabled={sending !== null}
      >
        {denyLabel}
      </Button>
    </div>
  );
}
