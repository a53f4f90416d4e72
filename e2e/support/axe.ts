import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type * as AxeCore from 'axe-core';
import type { AxeResults } from 'axe-core';

/**
 * The rule sets a scan runs (WCAG 2.2 A and AA): every level-A and level-AA rule of
 * WCAG 2.0, 2.1 and 2.2, and axe's best practices, which the scans ran before the WCAG tags were
 * named and still pass. Naming the tags also runs rules axe leaves off by default, such as
 * WCAG 2.2's target size (2.5.8).
 */
export const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
] as const;

/** The axe-core that @axe-core/playwright runs (its dependency): its script and version. */
const axeCoreRequire = createRequire(
  createRequire(import.meta.url).resolve('@axe-core/playwright'),
);
const axeCore = axeCoreRequire('axe-core') as typeof AxeCore;

/**
 * The same axe-core build, minified (`axe.min.js`, beside the `axe.js` whose text is
 * `axeCore.source`): injected at every page load that is scanned, the 0.5 MB script costs the
 * page about half the 1.5 MB one's time to take in (measured in Chromium's own task time:
 * 171 ms against 336 ms, median of 42 loads).
 */
const AXE_SCRIPT = readFileSync(axeCoreRequire.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What a scan asks axe to report in full: the violations, the only result these scans read.
 * axe still runs every rule on every element; it only stops building selectors and summaries
 * for each element that passed (or was not applicable), which was about half of a scan's time.
 */
const AXE_RESULT_TYPES: AxeCore.resultGroups[] = ['violations'];

/**
 * The scan AxeBuilder makes of a page without frames, in the page itself: axe-core's `run` with
 * the same context and rules. AxeBuilder injects axe-core's 1.5 MB script at every scan, runs it
 * in part, then opens a blank page, injects the script there too and merges the parts in it:
 * its way of combining the results of frames from other origins, which these pages have none
 * of. Here the script is injected once per page load (a later scan of the same page finds it),
 * and no page is opened; a page with frames is scanned by AxeBuilder as before.
 */
async function scanSingleFramePage(page: Page): Promise<AxeResults> {
  const injected = await page.evaluate(
    (version) => (window as { axe?: { version?: string } }).axe?.version === version,
    axeCore.version,
  );
  if (!injected) await page.evaluate(AXE_SCRIPT);
  return page.evaluate(
    ({ tags, resultTypes }) =>
      (window as unknown as { axe: typeof AxeCore }).axe.run(
        { exclude: [], include: [] },
        { runOnly: { type: 'tag', values: tags }, resultTypes },
      ),
    { tags: [...AXE_TAGS], resultTypes: AXE_RESULT_TYPES },
  );
}

/**
 * Scans the page as it is now with the rules of `AXE_TAGS` and fails on any violation. The
 * comparison is made on a short summary (rule, impact, offending selectors) so that a failure
 * names what to fix instead of dumping axe's whole result.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } =
    page.frames().length === 1
      ? await scanSingleFramePage(page)
      : await new AxeBuilder({ page })
          .options({ resultTypes: AXE_RESULT_TYPES })
          .withTags([...AXE_TAGS])
          .analyze();
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

/**
 * The login modal shows tab `tab` of document 1 §2.4 (the number its body carries), fully
 * faded in, and the page has no violations. Tabs are numbered as in the login feature's
 * `LOGIN_TABS`; a11y-every-page.spec.ts lists where each one is scanned.
 */
export async function expectAccessibleLoginTab(page: Page, tab: number): Promise<void> {
  await expect(page.locator('.modal.show [data-login-tab]')).toHaveAttribute(
    'data-login-tab',
    String(tab),
  );
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
}
