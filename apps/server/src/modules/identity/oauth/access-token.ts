import type { FastifyRequest } from 'fastify';
import { importJWK, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import { API_AUDIENCE, isUserType, type PartnerUserType, type UserType } from '@anybank/contracts';
import type { Config } from '../../../config';
import { HttpError } from '../../../http/errors';
import { deriveSigningJwk } from './oidc.keys';
import { userTypeClaim } from './oidc.provider';

/** Who is calling, as an access token proves it. */
export interface Principal {
  userId: string;
  userType: UserType;
  firstName: string;
  lastName: string;
  scopes: ReadonlySet<string>;
  grantId: string;
}

export interface AccessRequirement {
  userTypes?: readonly UserType[];
  scopes?: readonly string[];
}

export interface AuthGuards {
  /** Checks a bare access token (one that arrives in a body, as the orchestration policies' do). */
  verifyAccessToken(token: string): Promise<Principal>;
  /** Any signed-in user whose token carries the scopes; 401 without a live token, 403 otherwise. */
  requireUser(request: FastifyRequest, requirement?: AccessRequirement): Promise<Principal>;
  /** A customer with the banking scope. */
  requireCustomer(request: FastifyRequest): Promise<Principal>;
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
}

/**
 * The user type and scope check of `requireUser`, for a principal whose token came another way
 * (the orchestration policies take it from the body): 403 when the requirement is not met.
 */
export function assertAccess(principal: Principal, requirement: AccessRequirement): Principal {
  if (requirement.userTypes && !requirement.userTypes.includes(principal.userType)) {
    throw new HttpError(403, 'This service is not available to your account.');
  }
  const missing = (requirement.scopes ?? []).filter((scope) => !principal.scopes.has(scope));
  if (missing.length > 0) {
    throw new HttpError(
      403,
      `Your sign-in does not allow this (missing scope: ${missing.join(', ')}).`,
    );
  }
  return principal;
}

const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';
const NOT_FOR_APPLICATIONS = 'This service needs the access token of a signed-in user.';

/**
 * Checks the bank's access tokens: signature (the provider's own key), expiry, issuer,
 * audience, then that the grant behind the token is still live — JWT access tokens are not
 * stored, so without this look-up a token would outlive its sign-out.
 */
export function createAuthGuards(config: Config, provider: Provider): AuthGuards {
  const { kty, crv, x, y } = deriveSigningJwk(config.signingSecret);
  const publicJwk = { kty, crv, x, y };
  const keyPromise = importJWK(publicJwk, 'ES256');
  const issuer = `${config.publicUrl}${config.basePath}`;

  async function verify(token: string): Promise<JWTPayload> {
    if (!/^[A-Za-z0-9_.-]+$/.test(token)) throw new HttpError(401, SIGN_IN_AGAIN);
    try {
      const { payload } = await jwtVerify(token, await keyPromise, {
        issuer,
        audience: API_AUDIENCE,
        algorithms: ['ES256'],
        typ: 'at+jwt',
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new HttpError(401, SIGN_IN_AGAIN);
      throw error;
    }
  }

  async function verifyAccessToken(token: string): Promise<Principal> {
    const payload = await verify(token);
    const grantId = typeof payload.gid === 'string' ? payload.gid : null;
    const userType = payload[userTypeClaim(config)];
    // A client-credentials token is genuine but speaks for an application, not a person: it
    // is not "signed out", it is simply not accepted where a user must be known.
    if (!grantId && userType === undefined && typeof payload.client_id === 'string') {
      throw new HttpError(403, NOT_FOR_APPLICATIONS);
    }
    if (!grantId || !(await provider.Grant.find(grantId))) throw new HttpError(401, SIGN_IN_AGAIN);
    if (typeof payload.sub !== 'string' || !isUserType(userType))
      throw new HttpError(401, SIGN_IN_AGAIN);
    return {
      userId: payload.sub,
      userType,
      firstName: String(payload.FirstName ?? ''),
      lastName: String(payload.LastName ?? ''),
      scopes: new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []),
      grantId,
    };
  }

  async function requireUser(
    request: FastifyRequest,
    requirement: AccessRequirement = {},
  ): Promise<Principal> {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new HttpError(401, 'Sign in to use this service.');
    return assertAccess(await verifyAccessToken(match[1]), requirement);
  }

  return {
    verifyAccessToken,
    requireUser,
    requireCustomer: (request) =>
      requireUser(request, { userTypes: ['customer'], scopes: ['banking'] }),
    requirePartner: (request, userType, scopes) =>
      requireUser(request, { userTypes: [userType], scopes }),
  };
}
