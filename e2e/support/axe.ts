import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Scans the page as it is now with axe-core's default rules and fails on any violation. The
 * comparison is made on a short summary (rule, impact, offending selectors) so that a failure
 * names what to fix instead of dumping axe's whole result.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe-core violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until the page's finite CSS animations and transitions have finished (a modal's fade,
 * say), so that a scan sees the colours a person sees, not a half-faded frame. Endless ones
 * (a spinner) are left running.
 */
export async function waitForAnimationsToFinish(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}
