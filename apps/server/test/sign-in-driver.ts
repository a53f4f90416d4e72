import {
  BANK_CLIENT,
  FLOW_API_PATH,
  OAUTH_PATHS,
  PICKUP_INSTANCE_HEADER,
  PICKUP_PATH,
  STEP_UP_PATH,
  XSRF_HEADER,
  flowRefusalBodySchema,
  flowResponseSchema,
  outboxResponseSchema,
  vendorContentType,
  type BrowserClient,
  type FlowResponse,
  type RiskPayload,
  type VendorStep,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import type { MethodFactory } from '../src/modules/identity/challenge/challenge-method';
import { seedDemoData } from '../src/seed/seed';
import { BrowserSession, freePort, newPkce, type Pkce } from './browser-session';
import { testConfig } from './test-config';
import type { TestDatabase } from './test-database';

/**
 * A flow response; or a refusal's `code` and `message`, with the flow it leaves the person in
 * when the body has one (ADR 0025): the tests read both the way the login modal does.
 */
export type FlowAnswer = Partial<FlowResponse> & {
  code?: string;
  message?: string;
  attemptsLeft?: number;
};

function asFlowAnswer(json: unknown): FlowAnswer {
  const parsed = flowResponseSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const refusal = flowRefusalBodySchema.safeParse(json);
  if (refusal.success) {
    const { code, message, attemptsLeft, flow } = refusal.data;
    return { ...flow, code, message, ...(attemptsLeft === undefined ? {} : { attemptsLeft }) };
  }
  return { message: String((json as { message?: unknown } | null)?.message ?? '') };
}

export const PERSON_RISK_PAYLOAD: RiskPayload = {
  deviceId: 'device-0123456789abcdef',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  language: 'en-US',
  timeZone: 'America/New_York',
  screen: { width: 1920, height: 1080, colorDepth: 24 },
  webdriver: false,
};

/** A real server on a real port (cookies, redirects), seeded with the demo users. */
export async function startSignInServer(
  test: TestDatabase,
  env: Record<string, string> = {},
  /** Ways of proving it is you a test adds (its own method's folder, ADR 0026). */
  challengeMethods: readonly MethodFactory[] = [],
) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await seedDemoData(test.handle.db);
  const server = await buildServer({
    config: testConfig({ PORT: String(port), PUBLIC_URL: origin, ...env }),
    database: test.handle,
    webDistDir: '/nonexistent',
    challengeMethods,
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, origin };
}

export class SignInDriver {
  readonly browser: BrowserSession;
  pkce: Pkce = newPkce();
  flowId = '';

  constructor(
    readonly origin: string,
    readonly client: BrowserClient = BANK_CLIENT,
    browser?: BrowserSession,
  ) {
    this.browser =
      browser ??
      new BrowserSession(
        origin.replace('localhost', '127.0.0.1').replace('127.0.0.1', 'localhost'),
      );
  }

  get redirectUri() {
    return `${this.origin}${this.client.returnPath}`;
  }

  authorizeUrl(overrides: Record<string, string> = {}) {
    const params = new URLSearchParams({
      client_id: this.client.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: this.client.scopes.join(' '),
      state: this.pkce.state,
      code_challenge: this.pkce.challenge,
      code_challenge_method: 'S256',
      ...overrides,
    });
    return `${OAUTH_PATHS.authorization}?${params}`;
  }

  /**
   * The authorization request (`overrides`: more or other parameters, such as `acr_values`);
   * answers the flow id the login modal would open with.
   */
  async authorize(overrides: Record<string, string> = {}): Promise<string> {
    const response = await this.browser.fetch(this.authorizeUrl(overrides));
    const location = new URL(response.headers.get('location') ?? '', this.origin);
    this.flowId = location.searchParams.get('flowId') ?? '';
    if (!this.flowId) throw new Error(`no flowId in ${response.status} ${location}`);
    return this.flowId;
  }

  async read(): Promise<{ status: number; body: FlowAnswer }> {
    const response = await this.browser.fetch(`${FLOW_API_PATH}/${this.flowId}`);
    return { status: response.status, body: asFlowAnswer(await response.json()) };
  }

  async post(
    step: VendorStep | { action: string },
    body: unknown = {},
    headers: Record<string, string> = { [XSRF_HEADER]: '1' },
  ): Promise<{ status: number; body: FlowAnswer }> {
    const isAction = typeof step === 'object';
    const response = await this.browser.fetch(
      `${FLOW_API_PATH}/${this.flowId}${isAction ? `?action=${step.action}` : ''}`,
      {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': isAction ? 'application/json' : vendorContentType('anybank', step),
          ...headers,
        },
        body: JSON.stringify(body),
      },
    );
    return { status: response.status, body: asFlowAnswer(await response.json()) };
  }

  async latestCode(recipient: string): Promise<string> {
    const response = await this.browser.fetch(
      `/api/dev/outbox?to=${encodeURIComponent(recipient)}&limit=1`,
    );
    const [message] = outboxResponseSchema.parse(await response.json()).messages;
    if (!message?.code) throw new Error(`no code in the outbox for ${recipient}`);
    return message.code;
  }

  /** Follows the resume URL to the client's return; answers where the browser lands. */
  async resume(resumeUrl: string): Promise<URL> {
    return (await this.browser.navigate(resumeUrl)).url;
  }

  async pickup(landing: URL) {
    return this.browser.fetch(`${PICKUP_PATH}?REF=${landing.searchParams.get('REF')}`, {
      method: 'POST',
      headers: {
        [XSRF_HEADER]: '1',
        [PICKUP_INSTANCE_HEADER]: landing.searchParams.get('refType') ?? '',
      },
    });
  }

  async token(code: string, verifier = this.pkce.verifier) {
    return this.browser.fetch(OAUTH_PATHS.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        code_verifier: verifier,
        client_id: this.client.clientId,
      }),
    });
  }

  /**
   * jane.doe's whole sign-in: identifier, password, e-mail code, resume; answers the landing
   * URL (with code, REF) — the steps a person takes in the login modal.
   */
  async signInWithPasswordAndEmail(
    username: string,
    email: string,
    password = 'Welcome2Bank!',
  ): Promise<URL> {
    await this.authorize();
    await this.read();
    await this.post('submitIdentifier', { identifier: username, riskPayload: PERSON_RISK_PAYLOAD });
    const afterPassword = await this.post('checkUsernamePassword', { username, password });
    if (afterPassword.body.status === 'DEVICE_SELECTION_REQUIRED') {
      const device = afterPassword.body.devices?.find((candidate) => candidate.type === 'Email');
      await this.post({ action: 'selectDevice' }, { deviceRef: { id: device?.id } });
    }
    await this.post({ action: 'checkOtp' }, { otp: await this.latestCode(email) });
    return this.resume(await this.continueToResume());
  }

  /**
   * Signs out as the end-session page's script would (its form submitted with logout=yes);
   * answers where the provider sends the browser afterwards.
   */
  async signOut(postLogoutRedirect: string): Promise<string | null> {
    const params = new URLSearchParams({
      client_id: this.client.clientId,
      post_logout_redirect_uri: postLogoutRedirect,
    });
    const page = await this.browser.fetch(`${OAUTH_PATHS.endSession}?${params}`);
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    if (!html.includes('/oidc/logout-submit.js')) {
      throw new Error(`the end-session page has no sign-out script: ${html}`);
    }
    const confirm = await this.browser.fetch(new URL(action, this.origin).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    return confirm.headers.get('location');
  }

  /** Continues after MFA, answering 'Not now' when the flow offers to pair another device. */
  async continueToResume(): Promise<string> {
    let answer = await this.post({ action: 'continueAuthentication' });
    if (answer.body.status === 'DEVICE_PAIRING_METHOD_REQUIRED') {
      answer = await this.post({ action: 'continueAuthentication' });
    }
    return answer.body.resumeUrl ?? '';
  }
}

export type { Server };

/**
 * A step-up as the page's dialog makes it (docs/security.md, step-up): started with the
 * customer's token in a browser (which gets the step-up's cookie), answered with the password,
 * or, for a customer who signs in with a device, with the code sent to `email`. A change that
 * adds a way to sign in spends it; each such change needs one of its own.
 */
export async function stepUp(
  origin: string,
  accessToken: string,
  answer: { password?: string; email?: string } = {},
): Promise<void> {
  const driver = new SignInDriver(origin);
  const headers = { [XSRF_HEADER]: '1', authorization: `Bearer ${accessToken}` };
  const started = await driver.browser.fetch(STEP_UP_PATH, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ riskPayload: PERSON_RISK_PAYLOAD }),
  });
  const flow = flowResponseSchema.parse(await started.json());
  driver.flowId = flow.id;
  if (flow.status === 'DEVICE_SELECTION_REQUIRED') {
    const email = flow.devices?.find((device) => device.type === 'Email');
    await driver.post({ action: 'selectDevice' }, { deviceRef: { id: email?.id } }, headers);
  }
  const done =
    flow.status === 'USERNAME_PASSWORD_REQUIRED'
      ? await driver.post(
          'checkUsernamePassword',
          { username: flow.username, password: answer.password ?? 'Welcome2Bank!' },
          headers,
        )
      : await driver.post(
          { action: 'checkOtp' },
          { otp: await driver.latestCode(answer.email ?? `${flow.username}@example.com`) },
          headers,
        );
  if (done.body.status !== 'RESUME') {
    throw new Error(`step-up not finished: ${done.status} ${JSON.stringify(done.body)}`);
  }
}
