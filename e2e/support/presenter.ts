import { expect, type Page } from '@playwright/test';
import { presenterMessages } from '@anybank/contracts';

/**
 * The presenter secret the e2e servers run with (PRESENTER_SECRET, made at random for each run
 * by playwright.config.ts, as a deployment sets it): journeys that change the demo for
 * everyone (the brand, Reset demo) give it, as the presenter does (README "Demo tools").
 */
export function presenterSecret(): string {
  const secret = process.env.E2E_PRESENTER_SECRET;
  if (!secret) throw new Error('E2E_PRESENTER_SECRET is not set (playwright.config.ts sets it)');
  return secret;
}

/** Gives the presenter secret in the field a presenter tool shows first. */
export async function unlockPresenterTools(page: Page): Promise<void> {
  await page.getByLabel(presenterMessages.label, { exact: true }).fill(presenterSecret());
  await page.getByRole('button', { name: presenterMessages.submit, exact: true }).click();
  await expect(page.getByLabel(presenterMessages.label, { exact: true })).toHaveCount(0);
}
