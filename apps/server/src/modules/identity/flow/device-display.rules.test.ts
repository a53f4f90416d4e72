import { describe, expect, it } from 'vitest';
import { displayDevice } from './device-display.rules';

describe('device targets in the sign-in modal', () => {
  it('never shows a full target in a device entry', () => {
    const shown = displayDevice({
      id: 'd1',
      type: 'SMS',
      name: 'SMS',
      nickname: null,
      target: '+15551234567',
      rpId: null,
    });
    expect(shown).toEqual({
      id: 'd1',
      type: 'SMS',
      name: 'SMS',
      nickname: null,
      target: '+1******4567',
      rpId: null,
    });
  });
});
