import { CloseButton } from 'react-bootstrap';
import { Link } from 'react-router';
import { demoMessages, pageRoute } from '@anybank/contracts';
import { publicConfig } from '../../lib/config';
import { demoProgress, useDemoNoteDismissed } from '../../lib/demo-progress';

/**
 * While the demo tools are on, a small note on the home page says how to sign in to the demo
 * bank and where the guided scenarios are (/demo); dismissed, it stays away in this browser.
 * A note, not an alert: nothing happened that a screen reader must announce.
 */
export function DemoNote() {
  const dismissed = useDemoNoteDismissed();
  if (!publicConfig.demoToolsEnabled || dismissed) return null;
  return (
    <div
      role="note"
      aria-label={demoMessages.homeNoteLabel}
      className="d-flex align-items-center gap-2 border rounded bg-body text-body px-3 py-2 small mb-4"
    >
      <p className="mb-0 flex-grow-1">
        {demoMessages.homeNoteLead}
        <Link to={pageRoute('demo').paths[0] ?? '/demo'}>{demoMessages.homeNoteLink}</Link>
      </p>
      <CloseButton
        aria-label={demoMessages.homeNoteDismiss}
        onClick={() => demoProgress.dismissNote()}
      />
    </div>
  );
}
