import type { ReactNode, Ref } from 'react';
import { Button, Spinner } from 'react-bootstrap';

/** A tab's main button: full width, with a spinner while the modal waits for the flow. */
export function PrimaryButton({
  busy,
  disabled = false,
  type = 'submit',
  onClick,
  buttonRef,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <div className="d-grid">
      <Button
        ref={buttonRef}
        type={type}
        variant="primary"
        disabled={busy || disabled}
        onClick={onClick}
      >
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {children}
      </Button>
    </div>
  );
}

/** A tab's way out (Cancel, Not now, Choose another way), under the main button. */
export function SecondaryButton({
  busy,
  onClick,
  buttonRef,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <div className="d-grid mt-2">
      <Button
        ref={buttonRef}
        type="button"
        variant="outline-secondary"
        disabled={busy}
        onClick={onClick}
      >
        {children}
      </Button>
    </div>
  );
}
