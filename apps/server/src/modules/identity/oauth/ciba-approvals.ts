import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { OAUTH_PATHS } from '@anybank/contracts';
import type { Config } from '../../../config';
import type { BackchannelApprovals } from '../challenge/methods/methods';
import type { ServerSecrets } from '../keys/keys.service';
import { TRANSFER_APPROVAL_CLIENT_ID } from './ciba';
import { serviceClientSecret } from './oauth.clients';

/**
 * A phone that answers money approvals as a whole (request, then the person's answer): how an
 * API test stands in for the customer (buildServer's `transferApprovals`). The engine's
 * phone-push method reads it through `backchannelOfPhone`, as it reads the bank's CIBA server.
 */
export interface TransferApprovals {
  requestApproval(input: {
    userId: string;
    fromAccountId: string;
    /** The account the money goes to (a transfer's, or a payment's payee). */
    toAccountId: string;
    amountCents: number;
    /** The caller's id of what is approved: the transfer, or the payment consent. */
    transferId: string;
    /** Told the approval request's id once the phone was asked (Payment Activity shows it). */
    onRequested?: (approvalRequestId: string) => Promise<void>;
  }): Promise<'approved' | 'denied' | 'expired'>;
}

/**
 * A test's phone as the backchannel the phone-push method asks: the request starts the
 * approval and is known by the id the phone named (or one of its own); each poll reads whether
 * it has answered yet. An approval that failed fails the poll that reads it.
 */
export function backchannelOfPhone(approvals: TransferApprovals): BackchannelApprovals {
  const answers = new Map<
    string,
    { settled: false } | { settled: true; answer: 'approved' | 'denied' | 'expired' } | Error
  >();
  return {
    request({ userId, context, reference }) {
      const named = { id: null as string | null };
      const amountCents = Number(context.amountCents);
      const fromAccountId = String(context.fromAccountId ?? '');
      const toAccountId = String(context.toAccountId ?? context.payeeAccountId ?? '');
      const asked = approvals.requestApproval({
        userId,
        fromAccountId,
        toAccountId,
        amountCents,
        transferId: reference,
        onRequested: (approvalRequestId) => {
          named.id = approvalRequestId;
          return Promise.resolve();
        },
      });
      // The phone names its request as it is asked (before its first wait), if it does.
      const id = named.id ?? randomUUID();
      answers.set(id, { settled: false });
      asked.then(
        (answer) => answers.set(id, { settled: true, answer }),
        (error: unknown) =>
          answers.set(id, error instanceof Error ? error : new Error(String(error))),
      );
      return Promise.resolve(id);
    },
    poll(authReqId) {
      const state = answers.get(authReqId);
      if (state instanceof Error) return Promise.reject(state);
      if (!state) return Promise.resolve('expired');
      return Promise.resolve(state.settled ? state.answer : 'pending');
    },
  };
}

/**
 * The same CIBA client, one call at a time, for the challenge engine's phone-push method
 * (identity/challenge): start a backchannel request with the purpose's linking words as the
 * binding message and the phone's lines as its request context, then one token poll per read.
 * The engine does the waiting (`challenge.wait`), never inside a database transaction.
 */
export function createCibaBackchannel(deps: {
  config: Config;
  secrets: Pick<ServerSecrets, 'signingSecret'>;
  app: FastifyInstance;
}): BackchannelApprovals {
  const basic = Buffer.from(
    `${TRANSFER_APPROVAL_CLIENT_ID}:${serviceClientSecret(deps.secrets, TRANSFER_APPROVAL_CLIENT_ID)}`,
  ).toString('base64');
  const post = (path: string, form: Record<string, string>) =>
    deps.app.inject({
      method: 'POST',
      url: `${deps.config.basePath}${path}`,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(form).toString(),
    });
  return {
    async request({ userId, bindingMessage, lines }) {
      const started = await post(OAUTH_PATHS.backchannel, {
        scope: 'openid',
        login_hint: userId,
        binding_message: bindingMessage,
        request_context: JSON.stringify(lines),
      });
      if (started.statusCode !== 200)
        throw new Error(`backchannel request answered ${started.statusCode}: ${started.body}`);
      return (started.json() as { auth_req_id: string }).auth_req_id;
    },
    async poll(authReqId) {
      const answer = await post(OAUTH_PATHS.token, {
        grant_type: 'urn:openid:params:grant-type:ciba',
        auth_req_id: authReqId,
      });
      if (answer.statusCode === 200) return 'approved';
      const { error } = answer.json() as { error?: string };
      if (error === 'access_denied') return 'denied';
      // Expiry is an ordinary outcome, whichever way the poll meets it: `expired_token` when
      // the provider still reads the request, `invalid_grant` ("not found") once the storage
      // no longer hands out the expired row (oidc.adapter.ts) — a poll that lands just after
      // the expiry, or a demo reset that emptied the storage. The request is this client's
      // own, issued moments ago: gone means not approved in time.
      if (error === 'expired_token' || error === 'invalid_grant') return 'expired';
      if (error === 'authorization_pending' || error === 'slow_down') return 'pending';
      throw new Error(`CIBA token poll answered ${answer.statusCode} ${error ?? ''}`);
    },
  };
}
