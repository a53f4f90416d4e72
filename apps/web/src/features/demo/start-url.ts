import { pageRoute } from '@anybank/contracts';
import type { DemoStart } from '@anybank/contracts';
import { withBasePath } from '../../lib/public-config';

/**
 * Where a scenario's Start goes. Pure: the page hands in the base path, the unit tests
 * likewise.
 */

/** The query parameter that opens "Behind the scenes" on any page (ADR 0021). */
export const INSPECT_PARAM = 'inspect';

/** A page of the site, under the base path, with the panel's `inspect=1`. */
export function startUrl(start: DemoStart, basePath: string): string {
  const path = pageRoute(start.page).paths[0] ?? '/';
  const query = new URLSearchParams({ [INSPECT_PARAM]: '1' });
  return `${withBasePath(basePath, path)}?${query.toString()}`;
}
