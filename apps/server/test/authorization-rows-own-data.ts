import { randomUUID } from 'node:crypto';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  ACCOUNT_ACTIVITY_API_PATH,
  ACCOUNT_ACTIVITY_CSV_API_PATH,
  ACCOUNT_STATEMENTS_API_PATH,
  BALANCES_API_PATH,
  OB_TRANSACTIONS_API_PATH,
  PAYMENT_ACTIVITY_API_PATH,
  RECENT_ACTIVITY_API_PATH,
  accountActivityCsvPath,
  accountActivityPath,
  accountStatementsPath,
  obTransactionsPath,
  CONSENTS_API_PATH,
  MENU_OPTIONS_API_PATH,
  TRANSFERS_API_PATH,
  directoryEntryPath,
  transferCancellationPath,
  transferConfirmationPath,
} from '@anybank/contracts';
import { PERSON_RISK_PAYLOAD } from './sign-in-driver';
import { ATTRIBUTES, DIRECTORY_ROUTE, type Row, route, signedIn } from './authorization-matrix';

// The authorization matrix's rows for a signed-in person's own accounts, activity, consents,
// directory entry and the demo admin's settings (authorization-matrix.api.test.ts).

export const OWN_DATA_ROWS: Row[] = [
  // --- A signed-in person's own things -------------------------------------------------------
  {
    route: route('GET', '/api/me'),
    name: 'the caller’s own entry',
    request: () => ({ path: '/api/me' }),
    answers: signedIn({
      customer: 200,
      'other customer': 200,
      AnyWealthAdvisor: 200,
      AnyMarketing: 200,
      CustomerServiceRep: 200,
    }),
  },
  {
    route: route('GET', BALANCES_API_PATH),
    name: 'the caller’s balances',
    request: () => ({ path: BALANCES_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('GET', MENU_OPTIONS_API_PATH),
    name: 'the banking menu',
    request: () => ({ path: MENU_OPTIONS_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // The other customer's 404 is the same whether or not the accounts exist.
    route: route('POST', TRANSFERS_API_PATH),
    name: 'a transfer between the customer’s accounts',
    request: ({ customer }) => ({
      method: 'POST',
      path: TRANSFERS_API_PATH,
      headers: { 'idempotency-key': randomUUID() },
      json: {
        data: {
          type: 'transfers',
          attributes: {
            from_account_id: customer.checkingId,
            to_account_id: customer.savingsId,
            amount: '1.00',
            risk_data: PERSON_RISK_PAYLOAD,
          },
        },
      },
    }),
    answers: signedIn({ customer: 204, 'other customer': 404 }),
  },
  // Account activity. The other customer's 404 is the same whether or not the
  // account exists; the advisor reads the transactions of accounts the customer shares.
  {
    route: route('GET', ACCOUNT_ACTIVITY_API_PATH),
    name: 'the entries of the customer’s checking account',
    request: ({ customer }) => ({ path: accountActivityPath(customer.checkingId) }),
    answers: signedIn({ customer: 200, 'other customer': 404 }),
  },
  {
    route: route('GET', ACCOUNT_ACTIVITY_CSV_API_PATH),
    name: 'the CSV of the customer’s checking account',
    request: ({ customer }) => ({ path: accountActivityCsvPath(customer.checkingId) }),
    answers: signedIn({ customer: 200, 'other customer': 404 }),
  },
  {
    route: route('GET', ACCOUNT_STATEMENTS_API_PATH),
    name: 'the monthly statements of the customer’s checking account',
    request: ({ customer }) => ({ path: accountStatementsPath(customer.checkingId) }),
    answers: signedIn({ customer: 200, 'other customer': 404 }),
  },
  {
    route: route('GET', RECENT_ACTIVITY_API_PATH),
    name: 'the caller’s recent entries',
    request: () => ({ path: RECENT_ACTIVITY_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('GET', PAYMENT_ACTIVITY_API_PATH),
    name: 'the caller’s Payment Activity',
    request: () => ({ path: PAYMENT_ACTIVITY_API_PATH }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('GET', OB_TRANSACTIONS_API_PATH),
    name: 'the Open Banking transactions of the customer’s checking account',
    request: ({ customer }) => ({ path: obTransactionsPath(customer.checkingId) }),
    answers: {
      ...signedIn({ customer: 200, 'other customer': 404, AnyWealthAdvisor: 200 }),
      'retail shop': 404,
    },
  },
  {
    // The shop's company's account, read by its own application; to anyone else
    // it is another customer's account (the advisor: not shared with the advisor).
    route: route('GET', OB_TRANSACTIONS_API_PATH),
    name: 'the Open Banking transactions of the retail shop company’s checking account',
    request: ({ merchantCheckingId }) => ({ path: obTransactionsPath(merchantCheckingId) }),
    answers: {
      ...signedIn({ customer: 404, 'other customer': 404 }),
      'retail shop': 200,
    },
  },
  {
    route: route('GET', CONSENTS_API_PATH),
    name: 'the customer’s consents, by her subject',
    request: ({ customer }) => ({ path: `${CONSENTS_API_PATH}?subject=${customer.id}` }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: route('POST', CONSENTS_API_PATH),
    name: 'answering a consent for the customer',
    request: ({ customer }) => ({
      method: 'POST',
      path: CONSENTS_API_PATH,
      json: {
        subject: customer.id,
        definition: 'communication',
        data: { sms: true, email: true, homeAddress: true },
      },
    }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: route('PATCH', `${CONSENTS_API_PATH}/:consentId`),
    name: 'changing the customer’s consent by its id',
    request: ({ customer }) => ({
      method: 'PATCH',
      path: `${CONSENTS_API_PATH}/${customer.communicationConsentId}`,
      json: { data: { sms: true, email: true, homeAddress: true } },
    }),
    answers: signedIn({ customer: 200, 'other customer': 404 }),
  },
  {
    route: route('GET', DIRECTORY_ROUTE),
    name: 'reading the customer’s directory entry',
    request: ({ customer }) => ({ path: directoryEntryPath(customer.uid) }),
    answers: signedIn({ customer: 200 }),
  },
  {
    route: route('PUT', DIRECTORY_ROUTE),
    name: 'replacing the customer’s directory attributes',
    request: ({ customer }) => ({
      method: 'PUT',
      path: directoryEntryPath(customer.uid),
      json: { [ATTRIBUTES.accountTier]: ['personal'] },
    }),
    // The tier and thresholds are the bank's; the demo admin API sets them.
    answers: signedIn({}),
  },
  {
    route: route('PATCH', DIRECTORY_ROUTE),
    name: 'modifying the customer’s directory entry',
    request: ({ customer }) => ({
      method: 'PATCH',
      path: directoryEntryPath(customer.uid),
      json: {
        modifications: [
          { attributeName: ATTRIBUTES.accountTier, modificationType: 'set', values: ['personal'] },
        ],
      },
    }),
    answers: signedIn({}),
  },
  {
    route: route('PUT', ADMIN_THRESHOLDS_PATH),
    name: 'the demo admin’s transfer thresholds (on the caller’s own account)',
    request: () => ({
      method: 'PUT',
      path: ADMIN_THRESHOLDS_PATH,
      json: { cibaThreshold: '1000', denyThreshold: '10000' },
    }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    route: route('PUT', ADMIN_ACCOUNT_TIER_PATH),
    name: 'the demo admin’s account tier (on the caller’s own account)',
    request: () => ({
      method: 'PUT',
      path: ADMIN_ACCOUNT_TIER_PATH,
      json: { accountTier: 'personal' },
    }),
    answers: signedIn({ customer: 200, 'other customer': 200 }),
  },
  {
    // Only the owner's own pending transfer is looked at; any other id is simply not found.
    route: route('POST', `${TRANSFERS_API_PATH}/:transferId/confirmation`),
    name: 'confirming a transfer that is not the caller’s with a code',
    request: () => ({
      method: 'POST',
      path: transferConfirmationPath(randomUUID()),
      json: { code: '123456' },
    }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    // The code step's Cancel: likewise only the owner's own pending transfer.
    route: route('POST', `${TRANSFERS_API_PATH}/:transferId/cancellation`),
    name: 'cancelling a transfer that is not the caller’s',
    request: () => ({ method: 'POST', path: transferCancellationPath(randomUUID()) }),
    answers: signedIn({ customer: 404, 'other customer': 404 }),
  },
  {
    route: route('PUT', '/api/admin/risk-override'),
    name: 'the demo admin’s high-risk switch (on the caller’s own account)',
    request: () => ({ method: 'PUT', path: '/api/admin/risk-override', json: { enabled: false } }),
    answers: signedIn({ customer: 204, 'other customer': 204 }),
  },
];
