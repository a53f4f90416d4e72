import { Suspense, lazy, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { INSPECT_QUERY_PARAMETER, behindTheScenesMessages as text } from '@anybank/contracts';
import { publicConfig } from '../../lib/config';
import { useSessionItem } from '../../lib/session-storage';
import { closePanel, openPanel, PANEL_ITEM } from './panel-api';

/** The panel itself (its entries' words, the token checks) loads only once it is opened. */
const BehindTheScenesPanel = lazy(async () => ({
  default: (await import('./BehindTheScenesPanel')).BehindTheScenesPanel,
}));

function usePanelOpen(): boolean {
  return useSessionItem(PANEL_ITEM) !== null;
}

/**
 * The panel where the site shows it: open in this tab (the footer's toggle, or `?inspect=1` on
 * any page), and only while the server's demo tools are on.
 */
export function BehindTheScenesHost() {
  const open = usePanelOpen();
  const [searchParams] = useSearchParams();
  const asked = searchParams.get(INSPECT_QUERY_PARAMETER) === '1';
  const opening = useRef(false);
  useEffect(() => {
    if (!publicConfig.demoToolsEnabled || !asked || open || opening.current) return;
    opening.current = true;
    void openPanel().finally(() => {
      opening.current = false;
    });
  }, [asked, open]);
  useEffect(() => {
    document.body.classList.toggle('behind-the-scenes-open', open);
  }, [open]);
  if (!publicConfig.demoToolsEnabled || !open) return null;
  return (
    <Suspense fallback={null}>
      <BehindTheScenesPanel />
    </Suspense>
  );
}

/** The footer's "Behind the scenes" switch (demo tools on only). */
export function BehindTheScenesToggle({ className }: { className?: string }) {
  const open = usePanelOpen();
  if (!publicConfig.demoToolsEnabled) return null;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={open}
      onClick={() => (open ? closePanel() : void openPanel())}
    >
      {text.toggle}
    </button>
  );
}
