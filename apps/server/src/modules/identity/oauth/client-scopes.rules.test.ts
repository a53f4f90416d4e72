import { describe, expect, it } from 'vitest';
import {
  BANK_CLIENT,
  PARTNER_CLIENTS,
  RETAIL_SHOP_CLIENT_ID,
  RETAIL_SHOP_COMPANY,
  type UserType,
} from '@anybank/contracts';
import { TRANSFER_APPROVAL_CLIENT_ID } from './ciba';
import {
  API_DOCS_CLIENT_ID,
  RETAIL_CLIENT_ID,
  SERVICE_CLIENT_ID,
  TRANSFER_APPROVAL_CLIENT,
  appNameOf,
  companyOfClient,
  consentCovers,
  grantedScopes,
  mergedConsent,
  needsConsent,
  scopesClientMayHold,
} from './client-scopes.rules';
import { userTypeOfClient } from './oauth.clients';

const ADVISOR_PORTAL = PARTNER_CLIENTS.AnyWealthAdvisor.clientId;
const MARKETING_PORTAL = PARTNER_CLIENTS.AnyMarketing.clientId;
const SERVICE_PORTAL = PARTNER_CLIENTS.CustomerServiceRep.clientId;

describe('the API scopes a client may hold for a user', () => {
  const table: [client: string, userType: UserType | null, scopes: string[]][] = [
    [BANK_CLIENT.clientId, 'customer', ['banking', 'consent']],
    [BANK_CLIENT.clientId, 'AnyWealthAdvisor', ['consent']],
    [BANK_CLIENT.clientId, 'CustomerServiceRep', []],
    [ADVISOR_PORTAL, 'AnyWealthAdvisor', ['consent', 'consent_admin', 'directory']],
    [ADVISOR_PORTAL, 'customer', ['consent']],
    [MARKETING_PORTAL, 'AnyMarketing', ['consent_admin', 'directory']],
    [SERVICE_PORTAL, 'CustomerServiceRep', ['helpdesk']],
    [RETAIL_CLIENT_ID, 'customer', []],
    [RETAIL_CLIENT_ID, 'AnyWealthAdvisor', []],
    [API_DOCS_CLIENT_ID, 'customer', ['banking', 'consent']],
    [API_DOCS_CLIENT_ID, 'AnyMarketing', []],
    [SERVICE_CLIENT_ID, null, ['consent_admin', 'directory']],
    [TRANSFER_APPROVAL_CLIENT, 'customer', []],
    // The pay-by-bank shop: a shopper's token may pay; only its own token reads its accounts.
    [RETAIL_SHOP_CLIENT_ID, 'customer', ['payments']],
    [RETAIL_SHOP_CLIENT_ID, null, ['accounts', 'payments']],
    ['no-such-client', 'customer', []],
  ];
  it.each(table)('gives %s for a %s the scopes %j', (client, userType, scopes) => {
    expect(scopesClientMayHold(client, userType).sort()).toEqual(scopes);
  });
});

describe('the company a client belongs to (ADR 0023)', () => {
  it('registers the pay-by-bank shop as Retail Shop Ltd’s, and no other client as any company’s', () => {
    expect(companyOfClient(RETAIL_SHOP_CLIENT_ID)).toBe(RETAIL_SHOP_COMPANY.id);
    for (const client of [BANK_CLIENT.clientId, RETAIL_CLIENT_ID, SERVICE_CLIENT_ID, 'toString']) {
      expect(companyOfClient(client)).toBeNull();
    }
  });
});

describe('what a sign-in grants out of what was asked for', () => {
  it('drops banking and consent for the retail checkout, keeping its sign-in scopes', () => {
    expect(
      grantedScopes(RETAIL_CLIENT_ID, ['openid', 'profile', 'banking', 'consent'], 'customer'),
    ).toEqual({
      oidc: ['openid', 'profile'],
      api: [],
      dropped: ['banking', 'consent'],
    });
  });

  it('gives the bank’s own site what a customer may hold, and drops partner scopes', () => {
    expect(
      grantedScopes(
        BANK_CLIENT.clientId,
        ['openid', 'banking', 'consent_admin', 'banking'],
        'customer',
      ),
    ).toEqual({ oidc: ['openid'], api: ['banking'], dropped: ['consent_admin'] });
  });

  it('gives the API reference’s Authorize a customer’s API scopes, and no claims or partner scope', () => {
    expect(
      grantedScopes(
        API_DOCS_CLIENT_ID,
        ['openid', 'profile', 'email', 'banking', 'consent', 'directory', 'helpdesk'],
        'customer',
      ),
    ).toEqual({
      oidc: ['openid'],
      api: ['banking', 'consent'],
      dropped: ['profile', 'email', 'directory', 'helpdesk'],
    });
  });

  it('lets the API reference’s Authorize sign in customers only', () => {
    expect(userTypeOfClient(API_DOCS_CLIENT_ID)).toBe('customer');
    expect(userTypeOfClient(BANK_CLIENT.clientId)).toBeNull();
  });

  it('drops a scope nobody knows', () => {
    expect(
      grantedScopes(BANK_CLIENT.clientId, ['openid', 'wire_everything'], 'customer').dropped,
    ).toEqual(['wire_everything']);
  });
});

describe('which clients ask the customer first', () => {
  it.each([
    [RETAIL_CLIENT_ID, true],
    ['some-other-shop', true],
    [BANK_CLIENT.clientId, false],
    [API_DOCS_CLIENT_ID, false],
    [ADVISOR_PORTAL, false],
    [SERVICE_CLIENT_ID, false],
    [TRANSFER_APPROVAL_CLIENT, false],
  ])('answers %s → %s', (client, expected) => {
    expect(needsConsent(client)).toBe(expected);
  });

  it('names the transfer-approval client exactly as the CIBA module registers it', () => {
    expect(TRANSFER_APPROVAL_CLIENT).toBe(TRANSFER_APPROVAL_CLIENT_ID);
  });
});

describe('a remembered consent', () => {
  it('covers a sign-in asking for the same or fewer scopes, not for more', () => {
    expect(consentCovers(['openid', 'profile'], ['openid'])).toBe(true);
    expect(consentCovers(['openid', 'profile'], ['openid', 'profile'])).toBe(true);
    expect(consentCovers(['openid'], ['openid', 'email'])).toBe(false);
  });

  it('grows by what the customer agrees to next, each scope once', () => {
    expect(mergedConsent(['openid', 'profile'], ['openid', 'email'])).toEqual([
      'openid',
      'profile',
      'email',
    ]);
  });

  it('calls the retail checkout what a customer calls it', () => {
    expect(appNameOf(RETAIL_CLIENT_ID)).toBe('Retail checkout');
    expect(appNameOf('constructor')).toBe('constructor');
  });
});
