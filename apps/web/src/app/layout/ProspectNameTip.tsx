import type { RefObject } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Tooltip from 'react-bootstrap/Tooltip';

interface ProspectNameTipProps {
  id: string;
  show: boolean;
  target: RefObject<HTMLInputElement | null>;
  container: RefObject<HTMLDivElement | null>;
}

/**
 * The prospect-name tooltip, positioned by Popper. It loads on its own (ProspectNameField):
 * once dismissed it does not show again in the session, so a later visit never needs Popper.
 */
export function ProspectNameTip({ id, show, target, container }: ProspectNameTipProps) {
  return (
    // Rendered inside the field, not in a body portal, so it stays within the header landmark.
    <Overlay target={target} container={container} show={show} placement="bottom">
      <Tooltip id={id}>Type your prospect&apos;s name to personalise the demo</Tooltip>
    </Overlay>
  );
}
