import { describe, expect, it } from 'vitest';
import {
  createAnalytics,
  hitUrl,
  newClientId,
  pageLocation,
  shouldSend,
  type AnalyticsSettings,
  type HitKind,
} from './analytics';

const COLLECTOR = 'https://collector.example/g/collect';
const withId: AnalyticsSettings = {
  analyticsMeasurementId: 'G-TEST1234',
  analyticsCollectorUrl: COLLECTOR,
  demoHosts: ['demo.anybank.example', 'localhost'],
};
const withoutId: AnalyticsSettings = { ...withId, analyticsMeasurementId: null };

describe('what analytics may send', () => {
  it.each<[string, AnalyticsSettings, string, HitKind, boolean]>([
    ['no measurement id: no page view', withoutId, 'localhost', 'page_view', false],
    ['no measurement id: no event, even on a demo host', withoutId, 'localhost', 'event', false],
    ['a measurement id: page views on a demo host', withId, 'localhost', 'page_view', true],
    ['a measurement id: page views on any other host', withId, 'bank.example', 'page_view', true],
    ['a measurement id: events on a demo host', withId, 'demo.anybank.example', 'event', true],
    ['demo hosts match whatever the case', withId, 'Demo.AnyBank.Example', 'event', true],
    ['a measurement id: no event on another host', withId, 'bank.example', 'event', false],
    [
      'no event on a host that only ends like a demo host',
      withId,
      'evil-localhost',
      'event',
      false,
    ],
    [
      'no demo hosts configured: no event',
      { ...withId, demoHosts: [] },
      'localhost',
      'event',
      false,
    ],
  ])('%s', (_case, settings, hostname, kind, expected) => {
    expect(shouldSend(settings, hostname, kind)).toBe(expected);
  });
});

describe('analytics hits', () => {
  function harness(settings: AnalyticsSettings, hostname = 'localhost') {
    const sent: URL[] = [];
    const analytics = createAnalytics({
      settings,
      page: () => ({
        origin: `http://${hostname}:8080`,
        hostname,
        pathname: '/banking',
        title: 'Dashboard | AnyBank',
      }),
      clientId: '123.456',
      send: (url) => sent.push(new URL(url)),
    });
    return { analytics, sent };
  }

  it('sends a page view to the collector with the measurement id, the page and its title', () => {
    const { analytics, sent } = harness(withId, 'bank.example');
    analytics.pageView();
    expect(sent).toHaveLength(1);
    const [hit] = sent;
    expect(`${hit!.origin}${hit!.pathname}`).toBe(COLLECTOR);
    expect(Object.fromEntries(hit!.searchParams)).toEqual({
      v: '2',
      tid: 'G-TEST1234',
      cid: '123.456',
      en: 'page_view',
      dl: 'http://bank.example:8080/banking',
      dt: 'Dashboard | AnyBank',
    });
  });

  it('sends an event with its parameters on a demo host, and nothing elsewhere', () => {
    const demo = harness(withId);
    demo.analytics.event('select_promotion', { promotion_name: 'AnyBank Rewards Visa' });
    expect(demo.sent.map((hit) => hit.searchParams.get('en'))).toEqual(['select_promotion']);
    expect(demo.sent[0]!.searchParams.get('ep.promotion_name')).toBe('AnyBank Rewards Visa');

    const other = harness(withId, 'bank.example');
    other.analytics.event('select_promotion');
    expect(other.sent).toEqual([]);
  });

  it('sends nothing at all without a measurement id', () => {
    const { analytics, sent } = harness(withoutId);
    analytics.pageView();
    analytics.event('select_promotion');
    expect(sent).toEqual([]);
  });

  it('keeps the query and fragment of the page out of what is sent (codes, states, flow ids)', () => {
    expect(pageLocation('https://bank.example', '/')).toBe('https://bank.example/');
    const url = new URL(
      hitUrl(withId, 'c', { name: 'page_view', location: 'https://bank.example/', title: 't' }),
    );
    expect(url.searchParams.get('dl')).toBe('https://bank.example/');
  });

  it('makes a client id of a random number and the time in seconds', () => {
    expect(newClientId(() => 0.5, 1_700_000_000_999)).toBe(`${2 ** 30}.1700000000`);
  });
});
