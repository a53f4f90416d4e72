import { expect, type Locator, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';

/**
 * The step-up dialog (docs/security.md, step-up): a change that adds or replaces a way to sign
 * in (a contact, a device or passkey, the password, the sign-in method, recovery codes) asks
 * for a factor the customer already has, however fresh the sign-in; the page then sends the
 * change again.
 */
export function stepUpDialog(page: Page): Locator {
  // Named by its step's heading (the password's 'Confirm it is you', a code's own): found by
  // its close button, which names the step-up whatever the step.
  const close = page.getByRole('button', {
    name: `Close ${messages.stepUp.heading.toLowerCase()}`,
    exact: true,
  });
  return page.getByRole('dialog').filter({ has: close });
}

/** Confirms it is them with their password in the dialog the change opened; it closes. */
export async function confirmStepUpWithPassword(page: Page, password: string): Promise<void> {
  const dialog = stepUpDialog(page);
  const field = dialog.getByLabel('Password', { exact: true });
  await expect(field).toBeFocused();
  await field.fill(password);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Confirms it is them with a code sent to their e-mail device (a customer with no password in
 * use): chosen first when they have other devices too. `mailbox` was opened before the change.
 */
export async function confirmStepUpWithCode(
  page: Page,
  mailbox: { readNewCode(): Promise<string> },
): Promise<void> {
  const dialog = stepUpDialog(page);
  const field = dialog.getByLabel('One-time code', { exact: true });
  const email = dialog.getByRole('radio', { name: /^Email/ });
  await expect(field.or(email)).toBeVisible();
  if (await email.isVisible()) {
    await email.check();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  }
  await expect(field).toBeEditable();
  await field.fill(await mailbox.readNewCode());
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}
