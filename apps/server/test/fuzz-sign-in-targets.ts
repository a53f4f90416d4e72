import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import {
  CONTACT_UNDO_PATH,
  DEMO_PASSWORD,
  DEMO_RESET_PATH,
  INSPECTOR_EVENTS_PATH,
  INSPECTOR_PATH,
  FLOW_ACTIONS,
  FLOW_API_PATH,
  STEP_UP_PATH,
  PICKUP_PATH,
  PRESENTER_PATH,
  VENDOR_STEPS,
  orchestrationPaths,
  vendorContentType,
  walletPaths,
} from '@anybank/contracts';
import { anyJsonBody, hostileAscii, refusedJsonBody } from './hostile-input';
import { hostileAuthorization, hostileSegment } from './hostile-request';
import {
  CUSTOMER,
  PHONE_KEY,
  type Target,
  XSRF,
  build,
  config,
  constant,
  mostly,
  text,
} from './fuzz-target';

// The fuzz's writes of the sign-in, step-up, phone, wallet and demo tools (fuzz-suite.ts).

export const SIGN_IN_TARGETS: Target[] = [
  {
    // No body to break: each call lacks the anti-forgery header or holds a bad token.
    route: { method: 'POST', url: FLOW_API_PATH },
    shape: 'flow',
    spec: (context) =>
      fc
        .record({
          call: build({
            method: 'POST',
            path: constant(FLOW_API_PATH),
            body: anyJsonBody,
          }),
          xsrf: fc.boolean(),
          authorization: hostileAuthorization(context.tokens.customer),
        })
        .map(({ call, xsrf, authorization }) => {
          // The hostile headers never include the anti-forgery one: it is there or not here.
          const headers = xsrf
            ? { ...call.headers, ...XSRF, authorization }
            : { ...call.headers, authorization: `Bearer ${context.tokens.customer}` };
          return { ...call, headers };
        }),
  },
  {
    // Starting a step-up. A hostile body, a missing anti-forgery header or a
    // hostile token: each is refused before any flow is made.
    route: { method: 'POST', url: STEP_UP_PATH },
    shape: 'api',
    spec: (context) =>
      fc
        .record({
          call: build({
            method: 'POST',
            path: constant(STEP_UP_PATH),
            body: anyJsonBody,
          }),
          xsrf: fc.boolean(),
          authorization: hostileAuthorization(context.tokens.customer),
        })
        .map(({ call, xsrf, authorization }) => {
          const headers = xsrf
            ? { ...call.headers, ...XSRF, authorization }
            : { ...call.headers, authorization: `Bearer ${context.tokens.customer}` };
          return { ...call, headers };
        }),
  },
  {
    // Somebody else's sign-in, or none: even a well-formed step is refused, so any body goes.
    route: { method: 'POST', url: `${FLOW_API_PATH}/:flowId` },
    shape: 'flow',
    spec: (context) =>
      fc
        .record({
          call: build({
            method: 'POST',
            path: fc
              .oneof(fc.constant(context.strangersFlowId), fc.uuid(), hostileSegment)
              .map((id) => `${FLOW_API_PATH}/${id}`),
            headers: XSRF,
            token: context.tokens.customer,
            body: anyJsonBody,
          }),
          step: fc.oneof(
            fc.constantFrom(...VENDOR_STEPS).map((step) => ({ vendor: step })),
            fc.constantFrom(...FLOW_ACTIONS).map((action) => ({ action })),
            hostileAscii.map((action) => ({ action })),
            fc.constant({}),
          ),
        })
        .map(({ call, step }) => {
          if ('vendor' in step) {
            return {
              ...call,
              headers: {
                ...call.headers,
                'content-type': vendorContentType(config.productId, step.vendor),
              },
            };
          }
          if ('action' in step) {
            const url = new URL(call.url, 'http://x');
            url.searchParams.set('action', step.action);
            return { ...call, url: url.pathname + url.search };
          }
          return call;
        }),
  },
  {
    // "This wasn't me": a token of no change (410), of no shape (400), or none at all.
    route: { method: 'POST', url: CONTACT_UNDO_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(CONTACT_UNDO_PATH),
      headers: XSRF,
      body: refusedJsonBody({ token: 'A'.repeat(43) }, [text(['token'])]),
    }),
  },
  {
    route: { method: 'POST', url: '/api/mobile/activation' },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant('/api/mobile/activation'),
      headers: XSRF,
      body: refusedJsonBody({ username: CUSTOMER, password: DEMO_PASSWORD }, [
        text(['username']),
        text(['password']),
      ]),
    }),
  },
  {
    route: { method: 'POST', url: '/api/mobile/activation/confirm' },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant('/api/mobile/activation/confirm'),
      headers: XSRF,
      body: refusedJsonBody({ username: CUSTOMER, code: '123456', publicKey: PHONE_KEY }, [
        text(['username']),
        text(['code']),
        { path: ['publicKey'], kind: 'object' },
      ]),
    }),
  },
  {
    route: { method: 'POST', url: '/api/mobile/push-requests/:requestId/decision' },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => `/api/mobile/push-requests/${id}/decision`),
      headers: XSRF,
      body: refusedJsonBody(
        {
          deviceId: '6f1c2a4e-8d0b-4c3e-9a57-1b2c3d4e5f60',
          decision: 'approve',
          signature: 'A'.repeat(64),
        },
        [text(['deviceId']), text(['decision']), text(['signature'])],
      ),
    }),
  },
  {
    route: { method: 'POST', url: walletPaths.cards },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(walletPaths.cards),
      headers: XSRF,
      body: refusedJsonBody({ ticket: randomBytes(32).toString('base64url') }, [text(['ticket'])]),
    }),
  },
  {
    // "Reset demo": with the anti-forgery header, every body broken in `confirm`, so that no
    // request resets (and the stored state stays as it was).
    route: { method: 'POST', url: DEMO_RESET_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(DEMO_RESET_PATH),
      headers: XSRF,
      body: refusedJsonBody({ confirm: true }, [{ path: ['confirm'], kind: 'boolean' }]),
    }),
  },
  {
    // Whatever the cookies hold, a browser is the presenter's only with a cookie this server made.
    route: { method: 'GET', url: PRESENTER_PATH },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(PRESENTER_PATH) }),
  },
  {
    // Every secret here is wrong (or no secret at all): refused, each try audited.
    route: { method: 'POST', url: PRESENTER_PATH },
    shape: 'api',
    auditedRefusals: ['presenter.refused'],
    spec: () => ({
      method: 'POST',
      path: constant(PRESENTER_PATH),
      headers: XSRF,
      body: refusedJsonBody({ secret: 'not-the-presenter-secret' }, [text(['secret'])]),
    }),
  },
  {
    route: { method: 'DELETE', url: PRESENTER_PATH },
    shape: 'api',
    spec: () => ({ method: 'DELETE', path: constant(PRESENTER_PATH), headers: XSRF }),
  },
  {
    route: { method: 'POST', url: INSPECTOR_PATH },
    shape: 'api',
    spec: () => ({ method: 'POST', path: constant(INSPECTOR_PATH), headers: XSRF }),
  },
  {
    route: { method: 'DELETE', url: INSPECTOR_PATH },
    shape: 'api',
    spec: () => ({ method: 'DELETE', path: constant(INSPECTOR_PATH), headers: XSRF }),
  },
  {
    // Whatever the cookies hold, a stream opens only for a panel cookie this server signed.
    route: { method: 'GET', url: INSPECTOR_EVENTS_PATH },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(INSPECTOR_EVENTS_PATH) }),
  },
  {
    route: { method: 'POST', url: '/api/orchestration/:companyId/widget-token' },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: mostly(
        orchestrationPaths.widgetToken(config.companyId),
        hostileSegment.map((company) => orchestrationPaths.widgetToken(company)),
      ),
      headers: XSRF,
      body: anyJsonBody,
    }),
  },
  {
    route: { method: 'POST', url: PICKUP_PATH },
    shape: 'api',
    spec: () => ({ method: 'POST', path: constant(PICKUP_PATH), headers: XSRF, query: ['REF'] }),
  },
];
