import { describe, expect, it } from 'vitest';
import { currentPanelViewer, runWatchedBy } from '../../audit';
import { INITIAL_FLOW_STATE, type FlowState } from './flow.state';
import { showPanelViewer } from './panel-viewer';

const JANE = 'jane-user-id';

/** Whom a watching panel takes its browser for, after the flow in `state` was shown to it. */
const viewerAfter = (state: FlowState) =>
  runWatchedBy('a-panel', () => {
    showPanelViewer(state);
    return currentPanelViewer();
  });

describe('which customer a watching panel takes its browser for', () => {
  it.each<[string, Partial<FlowState>, string | null]>([
    ['a sign-in that has only a username', { userId: JANE, amr: [] }, null],
    ['a sign-in past the password', { userId: JANE, amr: ['pwd'] }, JANE],
    [
      'a forgot password (no factor yet)',
      { userId: JANE, status: 'RECOVERY_CODE_REQUIRED' as FlowState['status'] },
      null,
    ],
    ['a step-up, started with the customer’s token', { userId: JANE, purpose: 'step-up' }, JANE],
    ['a pairing, started with the customer’s token', { userId: JANE, purpose: 'pairing' }, JANE],
    ['a flow with nobody in it', { userId: null, amr: ['pwd'] }, null],
  ])('%s', (_name, state, viewer) => {
    expect(viewerAfter({ ...INITIAL_FLOW_STATE, ...state })).toBe(viewer);
  });

  it('tells nothing while no panel watches', () => {
    showPanelViewer({ ...INITIAL_FLOW_STATE, userId: JANE, amr: ['pwd'] });
    expect(currentPanelViewer()).toBeNull();
  });
});
