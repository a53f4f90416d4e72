import type { PublicConfig } from '@anybank/contracts';

/**
 * Analytics (document 1 §1, document 2 §2): page views go to the analytics sink only when a
 * measurement id is configured; events only when, besides, the page is on one of the configured
 * demo hosts; nothing is sent otherwise. The hits use the collection parameters of Google
 * Analytics 4 (the default sink takes `G-…` ids). DOM-free: the browser's wiring is in
 * site-analytics.ts.
 */

export type AnalyticsSettings = Pick<
  PublicConfig,
  'analyticsMeasurementId' | 'analyticsCollectorUrl' | 'demoHosts'
>;

export type HitKind = 'page_view' | 'event';

/** The rule: may a hit of this kind leave this page (on `hostname`)? */
export function shouldSend(settings: AnalyticsSettings, hostname: string, kind: HitKind): boolean {
  if (!settings.analyticsMeasurementId) return false;
  if (kind === 'page_view') return true;
  const host = hostname.toLowerCase();
  return settings.demoHosts.some((demoHost) => demoHost.toLowerCase() === host);
}

/**
 * The page's address as analytics sees it: no query and no fragment, because the bank's
 * addresses carry sign-in codes, states, flow ids and references there.
 */
export function pageLocation(origin: string, pathname: string): string {
  return `${origin}${pathname}`;
}

export interface Hit {
  name: string;
  /** The page the hit is about (see `pageLocation`). */
  location: string;
  title: string;
  params?: Record<string, string>;
}

/** The sink's URL for one hit. */
export function hitUrl(settings: AnalyticsSettings, clientId: string, hit: Hit): string {
  const url = new URL(settings.analyticsCollectorUrl);
  url.searchParams.set('v', '2');
  url.searchParams.set('tid', settings.analyticsMeasurementId ?? '');
  url.searchParams.set('cid', clientId);
  url.searchParams.set('en', hit.name);
  url.searchParams.set('dl', hit.location);
  url.searchParams.set('dt', hit.title);
  for (const [name, value] of Object.entries(hit.params ?? {})) {
    url.searchParams.set(`ep.${name}`, value);
  }
  return url.toString();
}

export interface AnalyticsDeps {
  settings: AnalyticsSettings;
  /** The page's address now (origin, host name, path) and its title. */
  page: () => { origin: string; hostname: string; pathname: string; title: string };
  clientId: string;
  send: (url: string) => void;
}

export interface Analytics {
  pageView(): void;
  event(name: string, params?: Record<string, string>): void;
}

export function createAnalytics(deps: AnalyticsDeps): Analytics {
  const hit = (kind: HitKind, name: string, params?: Record<string, string>) => {
    const page = deps.page();
    if (!shouldSend(deps.settings, page.hostname, kind)) return;
    deps.send(
      hitUrl(deps.settings, deps.clientId, {
        name,
        location: pageLocation(page.origin, page.pathname),
        title: page.title,
        params,
      }),
    );
  };
  return {
    pageView: () => hit('page_view', 'page_view'),
    event: (name, params) => hit('event', name, params),
  };
}

/**
 * A random client id for this page load, in the sink's `<random>.<seconds>` form. Nothing is
 * stored in the browser for it: a new tab counts as a new visitor.
 */
export function newClientId(random: () => number, nowMs: number): string {
  return `${Math.floor(random() * 2 ** 31)}.${Math.floor(nowMs / 1000)}`;
}
