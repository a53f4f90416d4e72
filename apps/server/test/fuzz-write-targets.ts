import { randomUUID } from 'node:crypto';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_BRANDING_PATH,
  ADMIN_THRESHOLDS_PATH,
  BRANDING_LOGO_PATH,
  DEFAULT_BRAND,
  CONSENTS_API_PATH,
  DIRECTORY_API_ROOT,
  RISK_API_PATH,
  SIGNING_KEY_ROTATION_PATH,
  TRANSFERS_API_PATH,
  transferCancellationPath,
  transferConfirmationPath,
  directoryEntryPath,
} from '@anybank/contracts';
import { anyJsonBody, refusedJsonBody } from './hostile-input';
import { hostileSegment } from './hostile-request';
import { PERSON_RISK_PAYLOAD } from './sign-in-driver';
import { ATTRIBUTES, CUSTOMER, type Target, constant, mostly, text } from './fuzz-target';

// The fuzz's writes to the directory, the admin's settings, the brand, transfers and consents
// (fuzz-suite.ts): every body is broken in a field the endpoint needs.

export const WRITE_TARGETS: Target[] = [
  // --- Writes: every body is broken in a field the endpoint needs ----------------------------
  {
    route: { method: 'PUT', url: `${DIRECTORY_API_ROOT}/:dn` },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: mostly(
        directoryEntryPath(CUSTOMER),
        hostileSegment.map((dn) => `${DIRECTORY_API_ROOT}/${dn}`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody({ [ATTRIBUTES.accountTier]: ['personal'] }, [
        { path: [ATTRIBUTES.accountTier], kind: 'array' },
      ]),
    }),
  },
  {
    route: { method: 'PATCH', url: `${DIRECTORY_API_ROOT}/:dn` },
    shape: 'api',
    spec: (context) => ({
      method: 'PATCH',
      path: mostly(
        directoryEntryPath(CUSTOMER),
        hostileSegment.map((dn) => `${DIRECTORY_API_ROOT}/${dn}`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody(
        {
          modifications: [
            {
              attributeName: ATTRIBUTES.accountTier,
              modificationType: 'set',
              values: ['personal'],
            },
          ],
        },
        [{ path: ['modifications'], kind: 'array' }],
      ),
    }),
  },
  {
    route: { method: 'POST', url: RISK_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(RISK_API_PATH),
      body: refusedJsonBody({ username: CUSTOMER, riskPayload: PERSON_RISK_PAYLOAD }, [
        text(['username']),
        { path: ['riskPayload'], kind: 'object' },
      ]),
    }),
  },
  {
    route: { method: 'PUT', url: '/api/admin/risk-override' },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: constant('/api/admin/risk-override'),
      token: context.tokens.customer,
      body: refusedJsonBody({ enabled: true }, [{ path: ['enabled'], kind: 'boolean' }]),
    }),
  },
  {
    // The demo admin's own API for the bank's attributes.
    route: { method: 'PUT', url: ADMIN_THRESHOLDS_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: constant(ADMIN_THRESHOLDS_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody({ cibaThreshold: '1000', denyThreshold: '10000' }, [
        text(['cibaThreshold']),
        text(['denyThreshold']),
      ]),
    }),
  },
  // --- The bank's brand (ADR 0020) -----------------------------------------------------------
  {
    // An image, but its query is read (`v`, the version): hostile ones are refused or ignored.
    route: { method: 'GET', url: BRANDING_LOGO_PATH },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(BRANDING_LOGO_PATH), query: ['v'] }),
  },
  {
    route: { method: 'PUT', url: ADMIN_BRANDING_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: constant(ADMIN_BRANDING_PATH),
      token: context.tokens.customer,
      headers: { cookie: context.presenterCookie },
      body: refusedJsonBody(
        {
          bankName: DEFAULT_BRAND.bankName,
          productName: DEFAULT_BRAND.productName,
          primaryColor: DEFAULT_BRAND.primaryColor,
          accentColor: DEFAULT_BRAND.accentColor,
        },
        [text(['bankName']), text(['productName']), text(['primaryColor']), text(['accentColor'])],
      ),
    }),
  },
  {
    // A customer's call restores the brand (audited): the marketing token goes through the
    // whole token check and is refused; the accepted call is branding.api.test.ts's.
    route: { method: 'DELETE', url: ADMIN_BRANDING_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'DELETE',
      path: constant(ADMIN_BRANDING_PATH),
      token: context.tokens.marketing,
      body: anyJsonBody,
    }),
  },
  {
    route: { method: 'PUT', url: ADMIN_ACCOUNT_TIER_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: constant(ADMIN_ACCOUNT_TIER_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody({ accountTier: 'premier' }, [text(['accountTier'])]),
    }),
  },
  {
    // A transfer's code: the body is checked before the transfer is looked up.
    route: { method: 'POST', url: `${TRANSFERS_API_PATH}/:transferId/confirmation` },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: mostly(
        transferConfirmationPath(randomUUID()),
        hostileSegment.map((id) => `${TRANSFERS_API_PATH}/${id}/confirmation`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody({ code: '123456' }, [text(['code'])]),
    }),
  },
  {
    // The code step's Cancel: no body; the customer has no transfer under any of these ids.
    route: { method: 'POST', url: `${TRANSFERS_API_PATH}/:transferId/cancellation` },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: mostly(
        transferCancellationPath(randomUUID()),
        hostileSegment.map((id) => `${TRANSFERS_API_PATH}/${id}/cancellation`),
      ),
      token: context.tokens.customer,
    }),
  },
  {
    route: { method: 'POST', url: SIGNING_KEY_ROTATION_PATH },
    shape: 'api',
    // A customer's call adds a key that stays published for half an hour: a thousand of them
    // would fuzz the key ring, not the route. The marketing token goes through the whole token
    // check and is refused; the accepted call is signing-key-rotation.api.test.ts's.
    spec: (context) => ({
      method: 'POST',
      path: constant(SIGNING_KEY_ROTATION_PATH),
      token: context.tokens.marketing,
      body: anyJsonBody,
    }),
  },
  {
    route: { method: 'POST', url: CONSENTS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(CONSENTS_API_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody(
        {
          subject: context.customerId,
          definition: 'communication',
          data: { sms: false, email: false, homeAddress: false },
        },
        [text(['definition'])],
      ),
    }),
  },
  {
    route: { method: 'PATCH', url: `${CONSENTS_API_PATH}/:consentId` },
    shape: 'api',
    spec: (context) => ({
      method: 'PATCH',
      path: mostly(
        `${CONSENTS_API_PATH}/${context.consentId}`,
        hostileSegment.map((id) => `${CONSENTS_API_PATH}/${id}`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody({ status: 'revoked' }, [text(['status'])]),
    }),
  },
  {
    route: { method: 'POST', url: TRANSFERS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(TRANSFERS_API_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody(
        {
          data: {
            type: 'transfers',
            attributes: {
              from_account_id: context.checkingId,
              to_account_id: context.savingsId,
              amount: '1.00',
              risk_data: PERSON_RISK_PAYLOAD,
            },
          },
        },
        [{ path: ['data'], kind: 'object' }, text(['data', 'type'])],
      ),
    }),
  },
];
