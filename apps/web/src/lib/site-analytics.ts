import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { createAnalytics, newClientId } from './analytics';
import { publicConfig } from './config';

/** The app's analytics, wired to the server's configuration and this page (analytics.ts). */
export const siteAnalytics = createAnalytics({
  settings: publicConfig,
  page: () => ({
    origin: window.location.origin,
    hostname: window.location.hostname,
    pathname: window.location.pathname,
    title: document.title,
  }),
  clientId: newClientId(Math.random, Date.now()),
  send: (url) => {
    // Fire and forget: the sink's answer is never read (no-cors), no cookie goes with it, and a
    // lost hit is no one's problem.
    void fetch(url, {
      method: 'POST',
      mode: 'no-cors',
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  },
});

/** A page view on every route change (the layout's title is set first: its effect runs first). */
export function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    siteAnalytics.pageView();
  }, [pathname]);
}
