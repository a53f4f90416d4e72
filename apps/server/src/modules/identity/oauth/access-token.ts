import type { FastifyRequest } from 'fastify';
import { importJWK, jwtVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import type Provider from 'oidc-provider';
import {
  API_AUDIENCE,
  apiErrorMessage,
  isUserType,
  type PartnerUserType,
  type UserType,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import { DomainError } from '../../../domain-error';
import { panelViewerIs, type AuditEvent } from '../../audit';
import type { SigningKeyRing } from '../keys/keys.service';
import { scopesClientMayHold } from './client-scopes.rules';
import { verifyDpopProof } from './dpop-proof';
import type { GrantBinding } from './grant.store';
import { userTypeOfClient } from './oauth.clients';
import { userTypeClaim } from './oidc.provider';
import { applicationBindingProblemOf, bindingProblemOf } from './token-binding.rules';
import type { AssistantCaller, Principal, SenderConstrainedCaller } from './access-token.types';

export type { AssistantCaller, Principal, SenderConstrainedCaller } from './access-token.types';

/** The DPoP mode of the one access-token check (`AuthGuards.dpop`). */
export interface SenderConstrainedGuard {
  /** 401 without a DPoP-bound token and a valid proof of its key for this request; 403 without the scope. */
  require(request: FastifyRequest, scope: string): Promise<SenderConstrainedCaller>;
}

export interface AccessRequirement {
  userTypes?: readonly UserType[];
  scopes?: readonly string[];
}

/**
 * A request's grant check, answered by the use case's own first read instead of a look-up of
 * its own: the read selects `grantIsLive(grantId)` (grant-liveness.ts) beside its data, and
 * `confirm` takes what it found — it throws the 401 when the grant has ended, so the use case
 * stops before it writes anything. Sign-out still ends every token at once, on every instance,
 * for one round trip instead of two.
 */
export interface GrantCheck {
  readonly grantId: string;
  confirm(isLive: boolean): void;
}

export interface AuthGuards {
  /** Checks a bare access token (one that arrives in a body, as the orchestration policies' do). */
  verifyAccessToken(token: string): Promise<Principal>;
  /** Any signed-in user whose token carries the scopes; 401 without a live token, 403 otherwise. */
  requireUser(request: FastifyRequest, requirement?: AccessRequirement): Promise<Principal>;
  /** A customer with the banking scope. */
  requireCustomer(request: FastifyRequest): Promise<Principal>;
  /**
   * `requireCustomer` without counting the call as the customer's activity: a tab asking
   * whether its session still lives is not the person using it, so "last active" stays theirs.
   */
  requireCustomerSession(request: FastifyRequest): Promise<Principal>;
  /**
   * `requireCustomer` with the grant check handed to `work` (see GrantCheck), which must confirm
   * it before writing. Should `work` end without confirming (an invalid body, say), the grant
   * is looked up then, and an ended one answers 401 whatever `work` answered.
   */
  requireCustomerWith<T>(
    request: FastifyRequest,
    work: (principal: Principal, grant: GrantCheck) => Promise<T>,
  ): Promise<T>;
  /**
   * A signed-in partner user of this type whose token carries the scopes. Partner data is read
   * by a person who answers for it: an application's client-credentials token is refused
   * (docs/decisions/0011-partner-apis-take-the-partner-users-token.md).
   */
  requirePartner(
    request: FastifyRequest,
    userType: PartnerUserType,
    scopes: readonly string[],
  ): Promise<Principal>;
  /**
   * The same check for a DPoP-bound token (`Authorization: DPoP`), with the proof of its key
   * for this request: the payment API's and a company's own application's.
   */
  dpop: SenderConstrainedGuard;
  /**
   * A customer's bearer token whose audience is `audience` (the MCP server's resource, ADR
   * 0029), not the APIs': 401 for any other token, the APIs' included. Scopes are the caller's
   * to check, per tool.
   */
  requireAssistant(request: FastifyRequest, audience: string): Promise<AssistantCaller>;
}

/**
 * The user type and scope check of `requireUser`, for a principal whose token came another way
 * (the orchestration policies take it from the body): 403 when the requirement is not met.
 */
export function assertAccess(principal: Principal, requirement: AccessRequirement): Principal {
  if (requirement.userTypes && !requirement.userTypes.includes(principal.userType)) {
    throw new DomainError('forbidden');
  }
  const missing = (requirement.scopes ?? []).filter((scope) => !principal.scopes.has(scope));
  if (missing.length > 0) {
    throw new DomainError('missing_scope', {
      message: apiErrorMessage('missing_scope', missing.join(', ')),
    });
  }
  return principal;
}

/**
 * How many verified tokens are remembered: beyond that the oldest is verified again when it
 * comes back (about 1 kB each).
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface AuthGuardDeps {
  /** The keys the provider signs with; a token names one by `kid`. */
  signingKeys: Pick<SigningKeyRing, 'verificationKey'>;
  /** The grant a token names, with its account's user type (grant.store.ts). */
  readGrantBinding(grantId: string): Promise<GrantBinding | null>;
  audit(event: AuditEvent): Promise<void>;
  /**
   * A live token of a session was used (its "last active"); the sessions service
   * writes at most once a minute per session, so most calls cost nothing.
   */
  sessionUsed?(principal: Principal): Promise<void>;
}

/** What a token proves, whichever way it is presented; the same for every use of the string. */
interface VerifiedToken {
  /** The person it speaks for; null for an application's own token (client credentials). */
  person: Principal | null;
  clientId: string | null;
  /** The thumbprint of the key it is bound to (`cnf.jkt`, RFC 9449 §6); null: a bearer token. */
  jkt: string | null;
  scopes: ReadonlySet<string>;
  authorizationDetails: unknown;
}

/**
 * The one check of the bank's access tokens, for every route: signature (one of the provider's
 * published keys, by `kid`), expiry, issuer, audience; then, once per token, that it belongs to
 * its grant (the grant's account and client, a user type and scopes that client may hold for
 * that user), or, for an application's own token, that its client may hold its scopes: defence
 * in depth should a key ever leak; then that the grant is still live — JWT access tokens are
 * not stored, so without this look-up a token would outlive its sign-out.
 *
 * A token is presented in one of two modes: as a bearer token (`requireUser` and the rest), or
 * bound to a key with a DPoP proof of it for the request (`dpop`, RFC 9449 §7). A bound token
 * is refused as a bearer token (§7.1), and an unbound one in the DPoP mode.
 *
 * What the signature and the binding prove cannot change for a given token string, so each
 * verified token is remembered until it expires (ES256 verification is most of a cheap
 * request's CPU). The grant's liveness and the DPoP proof are never remembered: they are
 * checked on every request.
 */
export function createAuthGuards(
  config: Config,
  provider: Provider,
  deps: AuthGuardDeps,
): AuthGuards {
  const importedKeys = new Map<string, ReturnType<typeof importJWK>>();
  const keyOfToken: JWTVerifyGetKey = async (header) => {
    const kid = header.kid;
    const jwk = typeof kid === 'string' ? await deps.signingKeys.verificationKey(kid) : null;
    if (!jwk || typeof kid !== 'string') throw new joseErrors.JWKSNoMatchingKey();
    let key = importedKeys.get(kid);
    if (!key) {
      key = importJWK(jwk, 'ES256');
      importedKeys.set(kid, key);
    }
    return key;
  };
  const issuer = `${config.publicUrl}${config.basePath}`;
  /** Verified token → what it proves, its audience and expiry (epoch seconds), oldest first. */
  const verified = new Map<string, { token: VerifiedToken; audience: string; expiresAt: number }>();

  /** A watching panel narrates this customer's messages: the browser holds their token. */
  function shownToPanel(principal: Principal): Principal {
    panelViewerIs(principal.userId);
    return principal;
  }

  /** Refuses (401) and audits a token that does not belong where it says. */
  async function refuse(userId: string | null, details: Record<string, unknown>): Promise<never> {
    await deps.audit({ type: 'token.refused', userId, details });
    throw new DomainError('session_ended');
  }

  /** What a token proves, grant liveness not checked: 401 for a token that is not ours. */
  async function verifiedTokenOf(
    token: string,
    audience: string = API_AUDIENCE,
  ): Promise<VerifiedToken> {
    const known = verified.get(token);
    // A token has one audience: verified for another resource, it is not one for this one.
    if (known && known.audience !== audience) throw new DomainError('session_ended');
    if (known) {
      // jose's rule: expired once `exp` is not after the current second.
      if (known.expiresAt > Math.floor(Date.now() / 1000)) return known.token;
      verified.delete(token);
      throw new DomainError('session_ended');
    }
    if (!/^[A-Za-z0-9_.-]+$/.test(token)) throw new DomainError('session_ended');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keyOfToken, {
        issuer,
        audience,
        algorithms: ['ES256'],
        typ: 'at+jwt',
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new DomainError('session_ended');
      throw error;
    }
    const jkt = (payload.cnf as { jkt?: unknown } | undefined)?.jkt;
    const grantId = typeof payload.gid === 'string' ? payload.gid : null;
    const userType = payload[userTypeClaim(config)];
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : null;
    let person: Principal | null = null;
    if (!grantId && userType === undefined && clientId !== null) {
      // A client-credentials token speaks for its application: its client may hold its scopes.
      const problem = applicationBindingProblemOf(scopes, scopesClientMayHold(clientId, null));
      if (problem) await refuse(null, { problem, clientId, claimedScopes: scopes });
    } else {
      if (!grantId || typeof payload.sub !== 'string' || !isUserType(userType)) {
        throw new DomainError('session_ended');
      }
      const binding = await deps.readGrantBinding(grantId);
      if (!binding) throw new DomainError('session_ended');
      const problem = bindingProblemOf(
        { sub: payload.sub, clientId, userType, scopes },
        {
          ...binding,
          accountUserType: isUserType(binding.accountUserType) ? binding.accountUserType : null,
        },
        clientId === null ? null : userTypeOfClient(clientId),
      );
      if (problem) {
        await refuse(binding.accountId, {
          problem,
          grantId,
          clientId,
          claimedSubject: payload.sub,
          claimedUserType: userType,
        });
      }
      person = Object.freeze({
        userId: payload.sub,
        userType,
        firstName: String(payload.FirstName ?? ''),
        lastName: String(payload.LastName ?? ''),
        scopes: new Set(scopes),
        grantId,
        authTime: typeof payload.auth_time === 'number' ? payload.auth_time : null,
        sessionUid: typeof payload.suid === 'string' ? payload.suid : null,
      });
    }
    const result: VerifiedToken = Object.freeze({
      person,
      clientId,
      jkt: typeof jkt === 'string' ? jkt : null,
      scopes: new Set(scopes),
      authorizationDetails: payload.authorization_details,
    });
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS_KEPT) {
        verified.delete(verified.keys().next().value ?? '');
      }
      verified.set(token, { token: result, audience, expiresAt: payload.exp });
    }
    return result;
  }

  /** The person a bearer token speaks for, grant liveness not checked. */
  async function principalOf(token: string): Promise<Principal> {
    const { person, jkt } = await verifiedTokenOf(token);
    // A token bound to a DPoP key proves nothing without a proof of that key: presented as a
    // bearer token it is refused (RFC 9449 §7.1), whoever it speaks for.
    if (jkt !== null) throw new DomainError('dpop_proof_required');
    // A client-credentials token is genuine but speaks for an application, not a person: it
    // is not "signed out", it is simply not accepted where a user must be known.
    if (!person) throw new DomainError('application_token');
    return shownToPanel(person);
  }

  async function assertGrantIsLive(grantId: string): Promise<void> {
    if (!(await provider.Grant.find(grantId))) throw new DomainError('session_ended');
  }

  async function verifyAccessToken(token: string): Promise<Principal> {
    const principal = await principalOf(token);
    await assertGrantIsLive(principal.grantId);
    await deps.sessionUsed?.(principal);
    return principal;
  }

  function bearerTokenOf(request: FastifyRequest): string {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new DomainError('sign_in_required');
    return match[1];
  }

  async function requireUser(
    request: FastifyRequest,
    requirement: AccessRequirement = {},
  ): Promise<Principal> {
    return assertAccess(await verifyAccessToken(bearerTokenOf(request)), requirement);
  }

  async function requireUserWith<T>(
    request: FastifyRequest,
    requirement: AccessRequirement,
    work: (principal: Principal, grant: GrantCheck) => Promise<T>,
  ): Promise<T> {
    const principal = await principalOf(bearerTokenOf(request));
    let confirmed = false;
    const grant: GrantCheck = {
      grantId: principal.grantId,
      confirm(isLive) {
        confirmed = true;
        if (!isLive) throw new DomainError('session_ended');
      },
    };
    let result: T;
    try {
      result = await work(assertAccess(principal, requirement), grant);
    } catch (error) {
      // An ended grant answers 401 before anything else is said (as requireUser does).
      if (!confirmed) await assertGrantIsLive(principal.grantId);
      throw error;
    }
    if (!confirmed) await assertGrantIsLive(principal.grantId);
    await deps.sessionUsed?.(principal);
    return result;
  }

  /** The DPoP mode: `Authorization: DPoP <token>` and a proof of its key for this request. */
  async function requireSenderConstrained(
    request: FastifyRequest,
    scope: string,
  ): Promise<SenderConstrainedCaller> {
    const header = request.headers.authorization ?? '';
    const match = /^DPoP ([A-Za-z0-9_.-]+)$/.exec(header);
    if (!match?.[1]) {
      throw new DomainError(/^Bearer /i.test(header) ? 'dpop_proof_required' : 'sign_in_required');
    }
    const token = match[1];
    const { person, clientId, jkt, scopes, authorizationDetails } = await verifiedTokenOf(token);
    if (jkt === null || clientId === null) throw new DomainError('dpop_proof_required');
    await verifyDpopProof(request, { token, jkt, clientId }, config.publicUrl, (iss, jti, exp) =>
      provider.ReplayDetection.unique(iss, jti, exp),
    );
    if (person) await assertGrantIsLive(person.grantId);
    if (!scopes.has(scope)) {
      throw new DomainError('missing_scope', { message: apiErrorMessage('missing_scope', scope) });
    }
    return {
      clientId,
      userId: person?.userId ?? null,
      grantId: person?.grantId ?? null,
      scopes,
      authorizationDetails,
    };
  }

  const CUSTOMER: AccessRequirement = { userTypes: ['customer'], scopes: ['banking'] };
  return {
    verifyAccessToken,
    requireUser,
    requireCustomer: (request) => requireUser(request, CUSTOMER),
    requireCustomerSession: async (request) => {
      const principal = assertAccess(await principalOf(bearerTokenOf(request)), CUSTOMER);
      await assertGrantIsLive(principal.grantId);
      return principal;
    },
    requireCustomerWith: (request, work) => requireUserWith(request, CUSTOMER, work),
    requirePartner: (request, userType, scopes) =>
      requireUser(request, { userTypes: [userType], scopes }),
    dpop: { require: requireSenderConstrained },
    requireAssistant: async (request, audience) => {
      const { person, jkt, clientId } = await verifiedTokenOf(bearerTokenOf(request), audience);
      if (jkt !== null) throw new DomainError('dpop_proof_required');
      if (!person || clientId === null) throw new DomainError('session_ended');
      assertAccess(person, { userTypes: ['customer'] });
      await assertGrantIsLive(person.grantId);
      return { principal: shownToPanel(person), clientId };
    },
  };
}
