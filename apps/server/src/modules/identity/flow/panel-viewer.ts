import { panelViewerIs } from '../../audit';
import type { FlowState } from './flow.state';

/**
 * Tells a watching "Behind the scenes" panel (ADR 0021) which customer its browser has shown
 * itself to be through this flow: one whose first factor it passed (`amr` is not empty), or
 * the signed-in customer a step-up or a pairing was started for. Before that (a username
 * typed, a forgot password asked) the browser is nobody, and the panel hears of no message.
 */
export function showPanelViewer(state: FlowState): void {
  if (!state.userId) return;
  if (state.purpose !== 'sign-in' || state.amr.length > 0) panelViewerIs(state.userId);
}
