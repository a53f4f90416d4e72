import { useEffect, useRef } from 'react';
import { Form, Overlay, Tooltip } from 'react-bootstrap';
import { useProspectName } from '../../lib/prospect-name';
import { sessionStore, useSessionItem } from '../../lib/session-storage';

const INPUT_ID = 'prospect-name';
const TOOLTIP_ID = 'prospect-name-tip';

/**
 * The sales-demo box: the presenter types the prospect's name and the home page greets them.
 * A tooltip explains it until the first click elsewhere, then stays away for the session.
 */
export function ProspectNameField({ className = '' }: { className?: string }) {
  const { prospectName, setProspectName } = useProspectName();
  const tooltipDismissed = useSessionItem('dismissedProspectTooltip') === 'true';
  const fieldRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (tooltipDismissed) return;
    const dismiss = () => sessionStore.set('dismissedProspectTooltip', 'true');
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && inputRef.current?.contains(event.target)) return;
      dismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    // Capture phase: a click that a widget stops from bubbling still counts as elsewhere.
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [tooltipDismissed]);

  return (
    <div ref={fieldRef} className={`prospect-name-field position-relative ${className}`}>
      <Form.Label htmlFor={INPUT_ID} visuallyHidden>
        Prospect name
      </Form.Label>
      <Form.Control
        id={INPUT_ID}
        ref={inputRef}
        size="sm"
        type="text"
        value={prospectName}
        onChange={(event) => setProspectName(event.target.value)}
        placeholder="Prospect name"
        autoComplete="off"
        aria-describedby={tooltipDismissed ? undefined : TOOLTIP_ID}
      />
      {/* Rendered inside the field, not in a body portal, so it stays within the header landmark. */}
      <Overlay target={inputRef} container={fieldRef} show={!tooltipDismissed} placement="bottom">
        <Tooltip id={TOOLTIP_ID}>Type your prospect&apos;s name to personalise the demo</Tooltip>
      </Overlay>
    </div>
  );
}
