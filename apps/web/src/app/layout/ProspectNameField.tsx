import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useProspectName } from '../../lib/prospect-name';
import { sessionStore, useSessionItem } from '../../lib/session-storage';

const ProspectNameTip = lazy(async () => ({
  default: (await import('./ProspectNameTip')).ProspectNameTip,
}));

const INPUT_ID = 'prospect-name';
const TOOLTIP_ID = 'prospect-name-tip';

/**
 * The sales-demo box: the presenter types the prospect's name and the home page greets them.
 * A tooltip explains it until the first click elsewhere, then stays away for the session.
 */
export function ProspectNameField({ className = '' }: { className?: string }) {
  const { prospectName, setProspectName } = useProspectName();
  const tooltipDismissed = useSessionItem('dismissedProspectTooltip') === 'true';
  // The tooltip's code loads when it is first to show, and stays so that it fades out.
  const [tipLoaded, setTipLoaded] = useState(!tooltipDismissed);
  if (!tooltipDismissed && !tipLoaded) setTipLoaded(true);
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
      {/* Bootstrap's markup, as FormLabel and FormControl render it (ADR 0024: the layout does
          without their helpers in the first page's JavaScript). */}
      <label htmlFor={INPUT_ID} className="form-label visually-hidden">
        Prospect name
      </label>
      <input
        id={INPUT_ID}
        ref={inputRef}
        className="form-control form-control-sm"
        type="text"
        value={prospectName}
        onChange={(event) => setProspectName(event.target.value)}
        placeholder="Prospect name"
        autoComplete="off"
        aria-describedby={tooltipDismissed ? undefined : TOOLTIP_ID}
      />
      {tipLoaded && (
        <Suspense fallback={null}>
          <ProspectNameTip
            id={TOOLTIP_ID}
            show={!tooltipDismissed}
            target={inputRef}
            container={fieldRef}
          />
        </Suspense>
      )}
    </div>
  );
}
