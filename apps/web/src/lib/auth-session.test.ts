import { describe, expect, it, vi } from 'vitest';
import { BANK_CLIENT, IDENTITY_VERIFIED_ACR, PARTNER_CLIENTS, messages } from '@anybank/contracts';
import { createAuthSession } from './auth-session';
import { CUSTOMER_PICKUP, config } from './auth-session.fixtures';
import { base64UrlEncode } from './oauth';
import { createSessionStore } from './session-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
}

function jwt(payload: Record<string, unknown>) {
  const part = (value: unknown) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  return `${part({ alg: 'ES256' })}.${part(payload)}.sig`;
}

type Handler = (url: string, init: RequestInit) => Response;

function harness(handler: Handler = () => new Response(null, { status: 500 })) {
  const storage = memoryStorage();
  const store = createSessionStore(storage, 'anybank');
  const assigned: string[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  const session = createAuthSession({
    store,
    config,
    fetch: fetchFn,
    assign: (url) => assigned.push(url),
    createPkce: async () => ({ state: 'S'.repeat(20), verifier: 'V'.repeat(128), challenge: 'C' }),
  });
  return { storage, store, assigned, fetchFn, session };
}

describe('auth session', () => {
  it('starts a sign-in: keeps state, verifier, client and return path, then navigates', async () => {
    const { session, store, assigned } = harness();
    await session.startSignIn(BANK_CLIENT, '/credit-card');
    expect(JSON.parse(store.get('{product}PendingSignIn') ?? '')).toEqual({
      state: 'S'.repeat(20),
      verifier: 'V'.repeat(128),
      clientId: 'anybank-web',
      redirectUri: 'https://bank.example/bank/ext/ref/return',
      returnTo: '/credit-card',
    });
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatch(/^\/bank\/as\/authorization\.oauth2\?client_id=anybank-web&/);
  });

  it('asks for a verified identity when the sign-in is for the credit-card application, and only then', async () => {
    const acrOf = async (returnTo: string | null) => {
      const { session, assigned } = harness();
      await session.startSignIn(BANK_CLIENT, returnTo);
      return new URL(assigned[0] ?? '', 'https://bank.example').searchParams.get('acr_values');
    };
    expect(await acrOf('/credit-card')).toBe(IDENTITY_VERIFIED_ACR);
    expect(await acrOf('/app/credit-card/')).toBe(IDENTITY_VERIFIED_ACR);
    expect(await acrOf('/banking')).toBeNull();
    expect(await acrOf(null)).toBeNull();
  });

  it('joins a second start made while the first is under way', async () => {
    const { session, assigned } = harness();
    await Promise.all([session.startSignIn(BANK_CLIENT), session.startSignIn(BANK_CLIENT)]);
    expect(assigned).toHaveLength(1);
  });

  it('refuses a returned state that does not match, without pickup or token request', async () => {
    const { session, fetchFn } = harness();
    await session.startSignIn(BANK_CLIENT);
    const completion = await session.completeSignIn({
      kind: 'bank',
      ref: 'r',
      refType: 'BXFSPRefID',
      code: 'c',
      state: 'another-state-value!',
    });
    expect(completion.kind).toBe('error');
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('picks up the attributes, then exchanges the code, once', async () => {
    const { session, store, fetchFn } = harness((url, init) => {
      if (url.startsWith('/bank/ext/ref/pickup')) {
        const headers = new Headers(init.headers);
        expect(url).toBe('/bank/ext/ref/pickup?REF=ref-1');
        expect(headers.get('X-Instance-Id')).toBe('BXFSPRefID');
        expect(headers.get('X-XSRF-Header')).toBe('1');
        expect(init.credentials).toBe('same-origin');
        return Response.json(CUSTOMER_PICKUP);
      }
      expect(url).toBe('/bank/as/token.oauth2');
      const form = new URLSearchParams(String(init.body));
      expect(form.get('code_verifier')).toBe('V'.repeat(128));
      expect(form.get('redirect_uri')).toBe('https://bank.example/bank/ext/ref/return');
      return Response.json({ access_token: 'access-1' });
    });
    await session.startSignIn(BANK_CLIENT, '/credit-card');
    store.set('flowResponse', '{}');
    const back = {
      kind: 'bank',
      ref: 'ref-1',
      refType: 'BXFSPRefID',
      code: 'c',
      state: 'S'.repeat(20),
    } as const;
    const [first, second] = await Promise.all([
      session.completeSignIn(back),
      session.completeSignIn(back),
    ]);
    expect(first).toEqual({ kind: 'signed-in', returnTo: '/credit-card' });
    expect(second).toBe(first);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(store.get('subject')).toBe('jane.doe');
    expect(store.get('fullAddress')).toBe('1 Main St, Springfield, 12345');
    expect(store.get('AT')).toBe('access-1');
    expect(store.get('{product}SignInClient')).toBe('anybank-web');
    expect(store.get('{product}PendingSignIn')).toBeNull();
    expect(store.get('flowResponse')).toBeNull();
  });

  it('keeps the session without a token when the token request fails (§8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session, store } = harness((url) =>
      url.includes('pickup') ? Response.json(CUSTOMER_PICKUP) : new Response(null, { status: 400 }),
    );
    await session.startSignIn(BANK_CLIENT);
    const completion = await session.completeSignIn({
      kind: 'bank',
      ref: 'r',
      refType: 'BXFSPRefID',
      code: 'c',
      state: 'S'.repeat(20),
    });
    expect(completion).toEqual({ kind: 'signed-in', returnTo: null });
    expect(store.get('AT')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reports a failed pickup as a Session Pickup Error', async () => {
    const { session } = harness(() =>
      Response.json({ message: 'Reference expired' }, { status: 404 }),
    );
    await session.startSignIn(BANK_CLIENT);
    const completion = await session.completeSignIn({
      kind: 'bank',
      ref: 'r',
      refType: 'BXFSPRefID',
      code: 'c',
      state: 'S'.repeat(20),
    });
    expect(completion).toEqual({
      kind: 'error',
      error: { title: messages.login.sessionPickupErrorTitle, message: 'Reference expired' },
    });
  });

  it('signs out when the pickup carries a resumePath', async () => {
    const { session, store } = harness(() => Response.json({ resumePath: '/as/signoff' }));
    store.set('subject', 'old');
    await session.startSignIn(BANK_CLIENT);
    const completion = await session.completeSignIn({
      kind: 'bank',
      ref: 'r',
      refType: 'AdvisorSPRefID',
      code: null,
      state: 'S'.repeat(20),
    });
    expect(completion).toEqual({ kind: 'signed-out' });
    expect(store.get('subject')).toBeNull();
  });

  it('completes a partner sign-in from the token claims', async () => {
    const token = jwt({
      sub: 'mary.marketing',
      FirstName: 'Mary',
      LastName: 'Jones',
      anybankUserType: 'AnyMarketing',
    });
    const { session, store } = harness(() => Response.json({ access_token: token }));
    await session.startSignIn(PARTNER_CLIENTS.AnyMarketing);
    const completion = await session.completeSignIn({
      kind: 'partner',
      client: PARTNER_CLIENTS.AnyMarketing,
      code: 'c',
      state: 'S'.repeat(20),
    });
    expect(completion).toEqual({ kind: 'signed-in', returnTo: '/app/any-marketing' });
    expect(store.get('subject')).toBe('mary.marketing');
    expect(store.get('{product}UserType')).toBe('AnyMarketing');
    expect(store.get('AT')).toBe(token);
    expect(store.get('{product}SignInClient')).toBe('anymarketing-portal');
  });

  it("refuses a partner code whose state belongs to another client's sign-in", async () => {
    const { session, fetchFn } = harness();
    await session.startSignIn(BANK_CLIENT);
    const completion = await session.completeSignIn({
      kind: 'partner',
      client: PARTNER_CLIENTS.AnyMarketing,
      code: 'c',
      state: 'S'.repeat(20),
    });
    expect(completion.kind).toBe('error');
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('goes quietly home after a cancelled sign-in, and reports a failed pickup issue', async () => {
    const { session } = harness();
    await session.startSignIn(BANK_CLIENT);
    const state = 'S'.repeat(20);
    await expect(
      session.completeSignIn({
        kind: 'refused',
        client: BANK_CLIENT,
        error: 'access_denied',
        state,
      }),
    ).resolves.toEqual({ kind: 'no-session' });
    await session.startSignIn(BANK_CLIENT);
    await expect(
      session.completeSignIn({
        kind: 'refused',
        client: BANK_CLIENT,
        error: 'pickup_failed',
        state,
      }),
    ).resolves.toEqual({
      kind: 'error',
      error: {
        title: messages.login.sessionPickupErrorTitle,
        message: messages.login.unexpectedErrorText,
      },
    });
  });

  it('signs out: clears every item, then ends the session of the client used', () => {
    const { session, storage, store, assigned } = harness();
    store.set('subject', 'adam');
    store.set('{product}UserType', 'AnyWealthAdvisor');
    store.set('{product}SignInClient', 'anywealthadvisor-portal');
    store.set('AT', 'token');
    session.signOut();
    expect(storage.items.size).toBe(0);
    const url = new URL(assigned[0] ?? '', 'https://bank.example');
    expect(url.searchParams.get('client_id')).toBe('anywealthadvisor-portal');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(
      'https://bank.example/bank/partner/signoff',
    );
  });

  it('restarts with the client of the current session', async () => {
    const { session, store, assigned } = harness();
    store.set('{product}SignInClient', 'customer-service-portal');
    await session.restartSignIn('/app/customer-service');
    expect(new URL(assigned[0] ?? '', 'https://x').searchParams.get('client_id')).toBe(
      'customer-service-portal',
    );
  });
});
