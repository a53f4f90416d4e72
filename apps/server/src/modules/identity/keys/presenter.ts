// Brings in the plugin's typing of `request.cookies`.
import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent } from '../../audit';
import {
  PRESENTER_COOKIE,
  isPresenterCookie,
  isPresenterSecret,
  presenterCookieValue,
} from './presenter.rules';

/**
 * The presenter's guard (README "Demo tools"): the demo tools that change the bank for
 * everyone — the brand, Reset demo, the signing key's rotation — need the presenter cookie,
 * which only the presenter secret (ServerSecrets.presenterSecret, printed in the start banner)
 * gets. A customer's own demo tools (thresholds, tier, high-risk) need only their token.
 */
export interface PresenterGuard {
  /** Whether the request carries a presenter cookie that the current secret issued. */
  isPresenter(request: FastifyRequest): boolean;
  /** Refuses (403 `presenter_required`) a request without a presenter cookie. */
  requirePresenter(request: FastifyRequest): void;
  /**
   * Checks a secret a browser gave (audited either way): the cookie's value when it is the
   * presenter secret; else 401 `presenter_secret_wrong`.
   */
  admit(given: string, ip: string): Promise<string>;
}

export function createPresenterGuard(deps: {
  db: Database;
  secret: string;
  clock?: () => Date;
}): PresenterGuard {
  const clock = deps.clock ?? (() => new Date());
  const isPresenter = (request: FastifyRequest) =>
    isPresenterCookie(deps.secret, request.cookies[PRESENTER_COOKIE], clock());
  return {
    isPresenter,
    requirePresenter(request) {
      if (!isPresenter(request)) throw new DomainError('presenter_required');
    },
    async admit(given, ip) {
      const right = isPresenterSecret(deps.secret, given);
      await insertAuditEvent(deps.db, {
        type: right ? 'presenter.admitted' : 'presenter.refused',
        ip,
      });
      if (!right) throw new DomainError('presenter_secret_wrong');
      return presenterCookieValue(deps.secret, clock());
    },
  };
}
