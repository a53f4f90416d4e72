import { expect, type Page } from '@playwright/test';
import {
  FLOW_API_PATH,
  REMEMBER_ME_COOKIE,
  RISK_API_PATH,
  VENDOR_STEPS,
  XSRF_HEADER,
  DEFAULT_PRODUCT_ID,
  flowResponseSchema,
  pageRoute,
  riskEvaluationResponseSchema,
  vendorContentType,
  type FlowResponse,
  type RiskPayload,
  type VendorStep,
} from '@anybank/contracts';
import {
  DEVICE_ID_STORAGE_KEY,
  buildRiskPayload,
  deviceIdFrom,
  type SignalsEnvironment,
} from '../../apps/web/src/lib/signals';
import {
  DEMO_PASSWORD,
  Mailbox,
  expectLandedAs,
  expectUsernameStep,
  type DemoUser,
} from './sign-in';

/**
 * A sign-in for journeys whose subject comes after it (transfers, consents, the advisor's
 * pages…): the browser signs in as it does through the login modal, with the modal's own flow
 * calls made from the page, instead of typing into the modal. The app starts the sign-in itself
 * (its redirect page makes the PKCE pair and goes to the authorization server, which opens the
 * modal), the calls carry the page's cookies and headers, and the flow's end (resumeUrl) sends
 * the browser back to the app, which picks up the session and fills sessionStorage as after any
 * sign-in. Only what a person would type and click is left out, so a journey about the modal
 * itself (sign-in, MFA, pairing, step-up, the modal's accessibility) uses `signIn` instead.
 */

/** The flow answers a sign-in follows before the user is signed in: more means a loop. */
const MAX_FLOW_STEPS = 12;

/** What `window` tells about the browser: the risk signals' input (apps/web signals.ts). */
async function riskPayloadOf(page: Page): Promise<RiskPayload> {
  const { environment, storedDeviceId } = await page.evaluate((deviceIdKey) => {
    const { navigator: nav, screen } = window;
    const environment: SignalsEnvironment = {
      navigator: {
        userAgent: nav.userAgent,
        language: nav.language,
        webdriver: nav.webdriver,
        platform: nav.platform,
        hardwareConcurrency: nav.hardwareConcurrency,
        maxTouchPoints: nav.maxTouchPoints,
      },
      screen: { width: screen.width, height: screen.height, colorDepth: screen.colorDepth },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    return { environment, storedDeviceId: window.localStorage.getItem(deviceIdKey) };
  }, DEVICE_ID_STORAGE_KEY);
  // The app's own choice of device id: the stored one, or a new one stored for next time.
  let created: string | null = null;
  const deviceId = deviceIdFrom({
    getItem: () => storedDeviceId,
    setItem: (_key, value) => (created = value),
  });
  if (created !== null) {
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      DEVICE_ID_STORAGE_KEY,
      created,
    ] as const);
  }
  return buildRiskPayload(deviceId, environment);
}

interface PageAnswer {
  status: number;
  body: unknown;
}

/** A same-origin POST from the page, as the app's `apiFetch` makes it (its cookies go along). */
async function postFromPage(
  page: Page,
  path: string,
  contentType: string,
  body: Record<string, unknown>,
): Promise<PageAnswer> {
  return page.evaluate(
    async ({ path, headers, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers,
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    {
      path,
      headers: { Accept: 'application/json', 'Content-Type': contentType, [XSRF_HEADER]: '1' },
      body,
    },
  );
}

/** Posts a flow step as the login modal does (flow-api.ts's postFlow): its answer, checked. */
async function postStep(
  page: Page,
  flowId: string,
  step: string,
  body: Record<string, unknown> = {},
): Promise<FlowResponse> {
  const flowPath = `${FLOW_API_PATH}/${encodeURIComponent(flowId)}`;
  const vendor = (VENDOR_STEPS as readonly string[]).includes(step);
  const answer = await postFromPage(
    page,
    vendor ? flowPath : `${flowPath}?${new URLSearchParams({ action: step }).toString()}`,
    vendor ? vendorContentType(DEFAULT_PRODUCT_ID, step as VendorStep) : 'application/json',
    body,
  );
  // A refusal answers a 4xx with the one error body (ADR 0025); a 2xx is the flow itself.
  expect(
    answer.status < 400,
    `flow step ${step} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
  ).toBe(true);
  return flowResponseSchema.parse(answer.body);
}

/**
 * Signs `user` in from the app's redirect page (document 1 §2.1) with the login modal's flow
 * calls: the risk evaluation, the username, their password when asked, the first e-mail
 * method, the code from their mailbox; the pairing offer answered 'Not now'. Ends, like
 * `signIn`, once the user is on their type's default page with their session items.
 */
export async function signInThroughFlowApi(page: Page, user: DemoUser): Promise<void> {
  const mailbox = await Mailbox.open(page.request, user.email);
  await page.goto(`${pageRoute('redirect').paths[0]!}?userType=${user.userType}`);
  await expect(page).toHaveURL((url) => url.searchParams.has('flowId'));
  const flowId = new URL(page.url()).searchParams.get('flowId')!;
  // The modal has read the flow (its one request of its own before the username is typed).
  await expectUsernameStep(page);

  const riskPayload = await riskPayloadOf(page);
  const risk = await postFromPage(page, RISK_API_PATH, 'application/json', {
    username: user.username,
    riskPayload,
  });
  expect(risk.status, `risk evaluation of ${user.username}`).toBe(200);
  expect(riskEvaluationResponseSchema.parse(risk.body).result.level).toBe('LOW');

  let flow = await postStep(page, flowId, 'submitIdentifier', {
    identifier: user.username,
    riskPayload,
  });
  for (let step = 0; step < MAX_FLOW_STEPS; step += 1) {
    switch (flow.status) {
      case 'USERNAME_PASSWORD_REQUIRED': {
        const remembered = await page.evaluate(
          (cookie) => document.cookie.split('; ').some((pair) => pair.startsWith(`${cookie}=`)),
          REMEMBER_ME_COOKIE,
        );
        flow = await postStep(page, flowId, 'checkUsernamePassword', {
          username: user.username,
          password: user.password ?? DEMO_PASSWORD,
          rememberMyUsername: remembered,
        });
        break;
      }
      case 'AUTHENTICATION_REQUIRED':
        flow = await postStep(page, flowId, 'authenticate', {
          signalsSdkDeviceProfile: await riskPayloadOf(page),
        });
        break;
      case 'DEVICE_PROFILE_REQUIRED':
      case 'DEVICE_SELECTION_REQUIRED': {
        const devices = flow.devices ?? [];
        const withProfile = flow.status === 'DEVICE_PROFILE_REQUIRED';
        if (devices.length === 0) {
          expect(withProfile, `${flow.status} without devices`).toBe(true);
          flow = await postStep(page, flowId, 'submitDeviceProfile', {
            signalsSdkDeviceProfile: await riskPayloadOf(page),
          });
          break;
        }
        const email = devices.find((device) => device.type === 'Email');
        expect(email, `an e-mail method among ${JSON.stringify(devices)}`).toBeDefined();
        flow = await postStep(page, flowId, 'selectDevice', {
          deviceRef: { id: email!.id },
          ...(withProfile ? { signalsSdkDeviceProfile: await riskPayloadOf(page) } : {}),
        });
        break;
      }
      case 'OTP_REQUIRED':
        flow = await postStep(page, flowId, 'checkOtp', { otp: await mailbox.readNewCode() });
        break;
      // Signed in; a user with one method is offered another (tab 8): 'Not now' goes on. The
      // modal sends its "Don't ask again on this browser" answer along, unticked by default.
      case 'MFA_COMPLETED':
      case 'DEVICE_PAIRING_METHOD_REQUIRED':
        flow = await postStep(page, flowId, 'continueAuthentication', { rememberBrowser: false });
        break;
      case 'RESUME': {
        expect(flow.resumeUrl, 'the flow’s resumeUrl').toBeDefined();
        // As the modal does: the page goes on to the authorization server, which sends it back.
        await page.evaluate((url) => window.location.assign(url), flow.resumeUrl!);
        await expectLandedAs(page, user);
        return;
      }
      default:
        throw new Error(`The sign-in of ${user.username} stopped at ${JSON.stringify(flow)}`);
    }
  }
  throw new Error(`The sign-in of ${user.username} took more than ${MAX_FLOW_STEPS} flow steps`);
}
