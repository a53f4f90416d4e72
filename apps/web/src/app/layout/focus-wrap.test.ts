import { describe, expect, it } from 'vitest';
import { wrappedFocusTarget } from './focus-wrap';

describe('wrappedFocusTarget', () => {
  const stops = ['close', 'field', 'submit'];

  it('sends Tab from the last stop to the first', () => {
    expect(wrappedFocusTarget(stops, 'submit', 'dialog', false)).toBe('close');
  });

  it('sends Shift+Tab from the first stop, or from the dialog itself, to the last', () => {
    expect(wrappedFocusTarget(stops, 'close', 'dialog', true)).toBe('submit');
    expect(wrappedFocusTarget(stops, 'dialog', 'dialog', true)).toBe('submit');
  });

  it('leaves every other move to the browser', () => {
    expect(wrappedFocusTarget(stops, 'field', 'dialog', false)).toBeNull();
    expect(wrappedFocusTarget(stops, 'field', 'dialog', true)).toBeNull();
    expect(wrappedFocusTarget(stops, 'close', 'dialog', false)).toBeNull();
    expect(wrappedFocusTarget(stops, 'submit', 'dialog', true)).toBeNull();
  });

  it('does nothing in a dialog without a stop', () => {
    expect(wrappedFocusTarget([], 'dialog', 'dialog', false)).toBeNull();
    expect(wrappedFocusTarget([], 'dialog', 'dialog', true)).toBeNull();
  });
});
