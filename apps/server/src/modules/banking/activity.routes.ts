import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCOUNT_ACTIVITY_API_PATH,
  ACCOUNT_ACTIVITY_CSV_API_PATH,
  ACCOUNT_STATEMENTS_API_PATH,
  OB_TRANSACTIONS_API_PATH,
  PAYMENT_ACTIVITY_API_PATH,
  RECENT_ACTIVITY_API_PATH,
  SCOPES,
  accountActivityResponseSchema,
  accountStatementsResponseSchema,
  activityFilterSchema,
  activityQuerySchema,
  obTransactionsPath,
  obTransactionsQuerySchema,
  obTransactionsResponseSchema,
  paymentActivityQuerySchema,
  paymentActivityResponseSchema,
  recentActivityResponseSchema,
  type AccountActivityResponse,
  type AccountStatementsResponse,
  type ObTransactionsResponse,
  type PaymentActivityResponse,
  type RecentActivityResponse,
} from '@anybank/contracts';
import { z } from 'zod';
import { DomainError } from '../../domain-error';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import {
  assertAccess,
  companyOfClient,
  type AuthGuards,
  type Principal,
  type SenderConstrainedGuard,
} from '../identity';
import type { ActivityService, CompanyCaller } from './activity.service';
import { USER_TOKEN_REFUSALS, DPOP_TOKEN_REFUSALS } from '../../http/access-token-refusals';

const accountParams = z.object({ accountId: z.string().min(1).max(40) });

const NOT_YOURS = 'Not one of the customer’s accounts (whether or not it exists).';

/**
 * The customer's account activity (entries, CSV, statements, the dashboard's
 * recent entries), Payment Activity, and Open Banking's transactions. A thin adapter: the
 * activity service decides who sees which account.
 */
export function registerActivityRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthGuards;
    activity: ActivityService;
    siteUrl: string;
    /** The DPoP-bound tokens' guard (ADR 0023): a company's own application. */
    dpop: SenderConstrainedGuard;
  },
) {
  /**
   * Who asks for Open Banking's transactions. A DPoP-bound token (`Authorization: DPoP`) is an
   * application's: its own token (client credentials, no person) with the `accounts` scope, of
   * a client the bank registered as a company's, reads that company's accounts — as a bank's
   * corporate API serves a merchant. Any other DPoP token is refused. A bearer token is a
   * person's: a customer's, or the wealth advisor's.
   */
  async function obCallerOf(request: FastifyRequest): Promise<Principal | CompanyCaller> {
    if ((request.headers.authorization ?? '').startsWith('DPoP ')) {
      const application = await deps.dpop.require(request, SCOPES.accounts);
      const companyId = application.userId === null ? companyOfClient(application.clientId) : null;
      if (!companyId) throw new DomainError('forbidden');
      return { companyId };
    }
    const caller = await deps.auth.requireUser(request);
    if (caller.userType === 'customer') {
      return assertAccess(caller, { scopes: [SCOPES.banking] });
    }
    if (caller.userType === 'AnyWealthAdvisor') {
      return assertAccess(caller, { scopes: [SCOPES.consentAdmin, SCOPES.directory] });
    }
    throw new DomainError('forbidden');
  }

  app.get(
    ACCOUNT_ACTIVITY_API_PATH,
    {
      config: {
        docs: {
          summary: 'One of the customer’s accounts: its entries, newest first, filtered and paged',
          tag: 'banking',
          caller: 'bearer',
          params: { accountId: 'One of the customer’s account ids.' },
          query: activityQuerySchema,
          responses: {
            200: { description: 'A page of entries.', schema: accountActivityResponseSchema },
            400: { description: 'A malformed filter or page.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
            404: { description: NOT_YOURS, codes: ['account_not_found'] },
          },
        },
      },
    },
    async (request): Promise<AccountActivityResponse> => {
      const principal = await deps.auth.requireCustomer(request);
      const { accountId } = parseInput(accountParams, request.params);
      const query = parseInput(activityQuerySchema, request.query);
      return deps.activity.accountActivity(principal.userId, accountId, query);
    },
  );

  app.get(
    ACCOUNT_ACTIVITY_CSV_API_PATH,
    {
      config: {
        docs: {
          summary: 'The entries the filters pass, as a CSV file (RFC 4180)',
          tag: 'banking',
          caller: 'bearer',
          params: { accountId: 'One of the customer’s account ids.' },
          query: activityFilterSchema,
          responses: {
            200: 'text/csv: Date, Description, Category, Amount (money in positive), Balance, Currency.',
            400: { description: 'A malformed filter.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
            404: { description: NOT_YOURS, codes: ['account_not_found'] },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = await deps.auth.requireCustomer(request);
      const { accountId } = parseInput(accountParams, request.params);
      const filter = parseInput(activityFilterSchema, request.query);
      const { fileName, csv } = await deps.activity.activityCsv(
        principal.userId,
        accountId,
        filter,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    ACCOUNT_STATEMENTS_API_PATH,
    {
      config: {
        docs: {
          summary: 'One of the customer’s accounts by calendar month (UTC): its statements',
          tag: 'banking',
          caller: 'bearer',
          params: { accountId: 'One of the customer’s account ids.' },
          responses: {
            200: {
              description: 'The months with entries, newest first.',
              schema: accountStatementsResponseSchema,
            },
            400: { description: 'A malformed account id.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
            404: { description: NOT_YOURS, codes: ['account_not_found'] },
          },
        },
      },
    },
    async (request): Promise<AccountStatementsResponse> => {
      const principal = await deps.auth.requireCustomer(request);
      const { accountId } = parseInput(accountParams, request.params);
      return deps.activity.statements(principal.userId, accountId);
    },
  );

  app.get(
    RECENT_ACTIVITY_API_PATH,
    {
      config: {
        docs: {
          summary: 'The customer’s last five entries across their accounts (the dashboard’s)',
          tag: 'banking',
          caller: 'bearer',
          responses: {
            200: { description: 'Newest first.', schema: recentActivityResponseSchema },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
          },
        },
      },
    },
    async (request): Promise<RecentActivityResponse> => {
      const principal = await deps.auth.requireCustomer(request);
      return deps.activity.recentActivity(principal.userId);
    },
  );

  app.get(
    PAYMENT_ACTIVITY_API_PATH,
    {
      config: {
        docs: {
          summary: 'Payment Activity: every transfer the customer asked for and what became of it',
          tag: 'banking',
          caller: 'bearer',
          description:
            'Newest first. A transfer waiting for approval on the phone changes state when the phone answers.',
          query: paymentActivityQuerySchema,
          responses: {
            200: { description: 'A page of transfers.', schema: paymentActivityResponseSchema },
            400: { description: 'A malformed page.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
          },
        },
      },
    },
    async (request): Promise<PaymentActivityResponse> => {
      const principal = await deps.auth.requireCustomer(request);
      const query = parseInput(paymentActivityQuerySchema, request.query);
      return deps.activity.paymentActivity(principal.userId, query);
    },
  );

  app.get(
    OB_TRANSACTIONS_API_PATH,
    {
      config: {
        docs: {
          summary: 'An account’s transactions (UK Open Banking OBReadTransaction6), paged',
          tag: 'banking',
          caller: 'bearerOrDpop',
          description:
            'A customer’s token reads their own accounts; the wealth advisor’s (scopes `consent_admin`, ' +
            '`directory`) an account a client shares with the advisor by their balance-sharing consent ' +
            '(every such read is audited); a company’s own application (its client-credentials token, ' +
            'scope `accounts`, as `Authorization: DPoP <token>` with a DPoP proof) its company’s accounts ' +
            '(the pay-by-bank shop: Retail Shop Ltd’s). Newest first, 50 a page; `Links.Next` names the ' +
            'next page. An entry of a transfer or payment names it in `TransactionReference`.',
          params: { accountId: 'The account id (Open Banking’s AccountId).' },
          query: obTransactionsQuerySchema,
          responses: {
            200: { description: 'A page of transactions.', schema: obTransactionsResponseSchema },
            400: { description: 'A malformed page.', codes: INPUT_REFUSALS[400] },
            401: {
              description:
                'No valid token; a DPoP-bound token sent as a bearer token (`dpop_proof_required`), or without a valid proof.',
              codes: DPOP_TOKEN_REFUSALS[401],
            },
            403: {
              description:
                'Neither a customer’s, the advisor’s nor a company application’s token (or without the `accounts` scope), or an account not shared with the advisor.',
              codes: [...USER_TOKEN_REFUSALS[403], 'account_not_shared'],
            },
            404: {
              description:
                'Not one of the customer’s accounts, nor of the application’s company (whether or not it exists).',
              codes: ['account_not_found'],
            },
          },
        },
      },
    },
    async (request): Promise<ObTransactionsResponse> => {
      const caller = await obCallerOf(request);
      const { accountId } = parseInput(accountParams, request.params);
      const { page } = parseInput(obTransactionsQuerySchema, request.query);
      const pageUrl = (number: number) =>
        `${deps.siteUrl}${obTransactionsPath(accountId)}?page=${number}`;
      return deps.activity.obTransactions(caller, accountId, page, pageUrl, request.ip);
    },
  );
}
