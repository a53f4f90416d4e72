import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, USER_TYPES } from '@anybank/contracts';
import type { PageRoute, UserType } from '@anybank/contracts';
import { GUARD_TABLE, decide, isSigningIn, landingAfterSignIn } from './page-guard';
import type { GuardDecision } from './page-guard';

/** The defaults, written out here so the test does not read them from the module. */
const DEFAULTS: Record<UserType, string> = {
  customer: '/banking',
  AnyWealthAdvisor: '/app/advisor',
  AnyMarketing: '/app/any-marketing',
  CustomerServiceRep: '/app/customer-service',
};

const VISITORS = ['signed out', ...USER_TYPES] as const;
type Visitor = (typeof VISITORS)[number];

function sessionOf(visitor: Visitor) {
  return visitor === 'signed out'
    ? { subject: null, userType: null }
    : { subject: `subject-of-${visitor}`, userType: visitor };
}

/** What the issue says should happen, from the route table's `access` column. */
function expected(route: PageRoute, visitor: Visitor, path: string): GuardDecision {
  const trimmed = path.replace(/\/+$/, '') || '/';
  if (visitor === 'signed out') {
    if (route.access === 'anyone') return { kind: 'allow' };
    if (route.access === 'signed-in') return { kind: 'start-sign-on', returnTo: trimmed };
    return { kind: 'redirect', to: '/' };
  }
  if (route.id === 'home') return { kind: 'redirect', to: DEFAULTS[visitor] };
  if (route.access === 'anyone' || route.access === 'signed-in' || route.access === visitor) {
    return { kind: 'allow' };
  }
  return { kind: 'redirect', to: DEFAULTS[visitor] };
}

/** Each path as listed, with a trailing slash, and without one. */
function variants(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '') || '/';
  return [...new Set([path, trimmed, trimmed === '/' ? '/' : `${trimmed}/`])];
}

const ROWS = PAGE_ROUTES.flatMap((route) =>
  route.paths.flatMap((listed) =>
    variants(listed).flatMap((path) =>
      VISITORS.map((visitor) => ({
        page: route.id,
        path,
        visitor,
        route,
      })),
    ),
  ),
);

describe('page guard table', () => {
  it('covers every page of the route table exactly once', () => {
    const covered = GUARD_TABLE.flatMap((row) => row.pages);
    expect([...covered].sort()).toEqual(PAGE_ROUTES.map((route) => route.id).sort());
  });

  it('agrees with the route table on who may open each page', () => {
    for (const row of GUARD_TABLE) {
      for (const page of row.pages) {
        const access = PAGE_ROUTES.find((route) => route.id === page)?.access;
        if (row.signedIn === 'any') expect(['anyone', 'signed-in']).toContain(access);
        else if (row.signedIn === 'nobody') expect(page).toBe('home');
        else expect(access).toBe(row.signedIn);
      }
    }
  });

  it('sends every user type to a default page that it may open', () => {
    for (const userType of USER_TYPES) {
      const decision = decide({
        ...sessionOf(userType),
        pathname: DEFAULTS[userType],
        search: '',
      });
      expect(decision).toEqual({ kind: 'allow' });
    }
  });
});

describe('page guard decisions', () => {
  it.each(ROWS)('$path for $visitor', ({ route, path, visitor }) => {
    expect(decide({ ...sessionOf(visitor), pathname: path, search: '' })).toEqual(
      expected(route, visitor, path),
    );
  });

  it.each([
    ['/banking/profile-settings/profile', 'customer', { kind: 'allow' }],
    ['/app/advisor/tracking/', 'AnyWealthAdvisor', { kind: 'allow' }],
    ['/app/any-marketing/dashboard', 'customer', { kind: 'redirect', to: '/banking' }],
    ['/admin/', 'AnyMarketing', { kind: 'redirect', to: '/app/any-marketing' }],
    ['/admin', 'signed out', { kind: 'redirect', to: '/' }],
    ['/app/', 'CustomerServiceRep', { kind: 'redirect', to: '/app/customer-service' }],
    ['/app/credit-card/', 'signed out', { kind: 'start-sign-on', returnTo: '/app/credit-card' }],
    ['/credit-card', 'AnyWealthAdvisor', { kind: 'allow' }],
  ] as const)('%s for %s (spot checks)', (pathname, visitor, decision) => {
    expect(decide({ ...sessionOf(visitor), pathname, search: '' })).toEqual(decision);
  });

  it('lets an unknown path through to "Page not found", signed in or out', () => {
    expect(decide({ ...sessionOf('signed out'), pathname: '/no-such-page', search: '' })).toEqual({
      kind: 'allow',
    });
    expect(decide({ ...sessionOf('AnyMarketing'), pathname: '/nope/', search: '' })).toEqual({
      kind: 'allow',
    });
  });

  it('treats a subject without a known user type as a customer (§3.8)', () => {
    expect(
      decide({ subject: 's', userType: 'somethingElse', pathname: '/banking', search: '' }),
    ).toEqual({ kind: 'allow' });
    expect(decide({ subject: 's', userType: null, pathname: '/', search: '' })).toEqual({
      kind: 'redirect',
      to: '/banking',
    });
  });

  it('lets the advisor route with a code through, signed out or not', () => {
    for (const visitor of VISITORS) {
      expect(
        decide({ ...sessionOf(visitor), pathname: '/app/advisor', search: '?code=c&state=s' }),
      ).toEqual({ kind: 'allow' });
    }
  });

  it("lets the other partner portals' return routes with a code through", () => {
    for (const pathname of ['/app/any-marketing', '/app/customer-service/']) {
      expect(decide({ ...sessionOf('signed out'), pathname, search: '?code=c&state=s' })).toEqual({
        kind: 'allow',
      });
    }
  });

  it('does not let a code through on other pages', () => {
    expect(
      decide({ ...sessionOf('signed out'), pathname: '/banking', search: '?code=c&state=s' }),
    ).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets a sign-in in progress through on home: the login flow and the pickup', () => {
    for (const search of ['?flowId=f1', '?REF=r&refType=BXFSPRefID&code=c&state=s']) {
      for (const pathname of ['/', '/app', '/app/']) {
        expect(decide({ ...sessionOf('customer'), pathname, search })).toEqual({ kind: 'allow' });
        expect(decide({ ...sessionOf('AnyMarketing'), pathname, search })).toEqual({
          kind: 'allow',
        });
      }
    }
  });
});

describe('landing after sign-in', () => {
  it('goes to the page the sign-in was started for when the user may open it', () => {
    expect(landingAfterSignIn(sessionOf('customer'), '/credit-card')).toBe('/credit-card');
    expect(landingAfterSignIn(sessionOf('AnyMarketing'), '/app/any-marketing')).toBe(
      '/app/any-marketing',
    );
  });

  it("goes to the user type's default page otherwise", () => {
    expect(landingAfterSignIn(sessionOf('customer'), null)).toBe('/banking');
    expect(landingAfterSignIn(sessionOf('AnyWealthAdvisor'), null)).toBe('/app/advisor');
    expect(landingAfterSignIn(sessionOf('CustomerServiceRep'), '/banking')).toBe(
      '/app/customer-service',
    );
  });
});

describe('a sign-in under way', () => {
  it('is the redirect page starting one, or one coming back, and no other page', () => {
    const redirect = PAGE_ROUTES.find((route) => route.id === 'redirect')!.paths[0]!;
    expect(isSigningIn(redirect, '?userType=customer')).toBe(true);
    expect(isSigningIn('/', '?flowId=abc')).toBe(true);
    expect(isSigningIn('/', '?state=s&REF=r&refType=BXFSPRefID&code=c')).toBe(true);
    expect(isSigningIn('/', '')).toBe(false);
    expect(isSigningIn('/banking', '')).toBe(false);
  });
});
