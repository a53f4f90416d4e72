import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS, formatCentsWithSeparators } from '@anybank/contracts';
import type { Config } from '../../../config';
import type { TransferApprovals } from '../../banking';
import type { BackchannelApprovals } from '../challenge/methods/methods';
import type { ServerSecrets } from '../keys/keys.service';
import { TRANSFER_APPROVAL_CLIENT_ID } from './ciba';
import { serviceClientSecret } from './oauth.clients';

const POLL_INTERVAL_MS = 1000;
const GIVE_UP_AFTER_MS = 2 * 60 * 1000 + 10_000;

/**
 * Transfer approvals through the bank's own OAuth server (CIBA, poll mode): a backchannel
 * authentication request with the customer as login hint and the transfer as binding message,
 * then the token endpoint polled until the phone approves or denies, or the request expires.
 * The calls go through the server's own HTTP stack in process (`inject`): the same client
 * authentication and the same code paths as any CIBA client, without a network hop.
 */
export function createCibaTransferApprovals(deps: {
  config: Config;
  secrets: Pick<ServerSecrets, 'signingSecret'>;
  app: FastifyInstance;
  sleep?: (ms: number) => Promise<void>;
}): TransferApprovals {
  const sleep =
    deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const backchannel = createCibaBackchannel(deps);
  return {
    async requestApproval({ userId, fromAccountId, toAccountId, amountCents, onRequested }) {
      const amount = `$${formatCentsWithSeparators(amountCents)}`;
      const from = `ending ${fromAccountId.slice(-4)}`;
      const to = `ending ${toAccountId.slice(-4)}`;
      const authReqId = await backchannel.request({
        userId,
        bindingMessage: `${amount} from account ${from} to account ${to}`,
        // What the phone shows, line by line.
        lines: { Amount: amount, 'From account': from, 'To account': to },
      });
      await onRequested?.(authReqId);
      const deadline = Date.now() + GIVE_UP_AFTER_MS;
      while (Date.now() < deadline) {
        await sleep(POLL_INTERVAL_MS);
        // Expiry is an ordinary outcome, whichever way the poll meets it: `expired_token` when
        // the provider still reads the request, `invalid_grant` ("not found") once the storage
        // no longer hands out the expired row (oidc.adapter.ts) — a poll that lands just after
        // the expiry, or a demo reset that emptied the storage. The request is this client's own,
        // issued moments ago: gone means not approved in time.
        const answer = await backchannel.poll(authReqId);
        if (answer !== 'pending') return answer;
      }
      return 'expired';
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
      // Gone or expired alike: not approved in time (createCibaTransferApprovals says why).
      if (error === 'expired_token' || error === 'invalid_grant') return 'expired';
      if (error === 'authorization_pending' || error === 'slow_down') return 'pending';
      throw new Error(`CIBA token poll answered ${answer.statusCode} ${error ?? ''}`);
    },
  };
}
