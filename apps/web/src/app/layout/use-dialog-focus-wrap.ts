import { useEffect } from 'react';
import { wrappedFocusTarget } from './focus-wrap';

/** What the keyboard can reach: enabled controls, links, and elements put in the tab order. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Whether Tab stops at the element: shown, and for a radio button the checked one of its group
 * (or any, when none of the group is checked), as browsers do.
 */
function isTabStop(element: HTMLElement, dialog: HTMLElement): boolean {
  if (element.getClientRects().length === 0) return false;
  if (element.closest('fieldset:disabled')) return false;
  if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
    const checked = dialog.querySelector(
      `input[type="radio"][name="${CSS.escape(element.name)}"]:checked`,
    );
    return checked === null || checked === element;
  }
  return true;
}

/**
 * Keeps Tab and Shift+Tab inside the open modal dialog (the top one), wrapping at its ends.
 * react-bootstrap's modals pull a focus that has left them back onto the dialog, but let Tab
 * first leave the page from the last control, so a keyboard user lands on nothing for a press.
 */
export function useDialogFocusWrap(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
      const dialog = dialogs[dialogs.length - 1];
      if (!dialog) return;
      const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) =>
        isTabStop(element, dialog),
      );
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const target = wrappedFocusTarget(stops, focused, dialog, event.shiftKey);
      if (target === null) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
