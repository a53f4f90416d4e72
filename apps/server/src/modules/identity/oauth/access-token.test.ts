import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type Provider from 'oidc-provider';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_AUDIENCE,
  BANK_CLIENT,
  PARTNER_CLIENTS,
  SCOPES_BY_USER_TYPE,
  type UserType,
} from '@anybank/contracts';
import { testConfig } from '../../../../test/test-config';
import { DomainError } from '../../../domain-error';
import { statusOfError } from '../../../http/error-status';
import type { AuditEvent } from '../../audit';
import { createAuthGuards, type GrantCheck } from './access-token';
import type { GrantBinding } from './grant.store';
import { generateSigningJwk, publicPartOf, type SigningJwk } from './oidc.keys';
import { userTypeClaim } from './oidc.provider';

const config = testConfig();
const USER_ID = '0b1c2d3e-4f50-4617-8283-94a5b6c7d8e9';
let signingJwk: SigningJwk;
beforeAll(async () => {
  signingJwk = await generateSigningJwk();
});

/**
 * The provider as the guards use it: grants are found while they are in `live`; a DPoP proof's
 * `jti` is new the first time.
 */
function providerWithGrants(live: Set<string>) {
  const find = vi.fn(async (id: string) => (live.has(id) ? { jti: id } : undefined));
  const seen = new Set<string>();
  const unique = async (iss: string, jti: string) =>
    !seen.has(`${iss}${jti}`) && !!seen.add(`${iss}${jti}`);
  return {
    provider: { Grant: { find }, ReplayDetection: { unique } } as unknown as Provider,
    find,
  };
}

function clientOf(userType: UserType) {
  return userType === 'customer' ? BANK_CLIENT.clientId : PARTNER_CLIENTS[userType].clientId;
}

/**
 * The guards with the server's one published key, and every grant bound to USER_ID and the
 * client of `accountUserType` (the binding is read once per token, liveness every time).
 */
function guardsOf(provider: Provider, accountUserType: UserType = 'customer') {
  const audited: AuditEvent[] = [];
  const binding: GrantBinding = {
    accountId: USER_ID,
    clientId: clientOf(accountUserType),
    scopes: ['openid', ...SCOPES_BY_USER_TYPE[accountUserType]],
    accountUserType,
  };
  const guards = createAuthGuards(config, provider, {
    signingKeys: {
      verificationKey: async (kid) => (kid === signingJwk.kid ? publicPartOf(signingJwk) : null),
    },
    readGrantBinding: async () => binding,
    audit: async (event) => {
      audited.push(event);
    },
  });
  return { guards, audited };
}

/** An access token as the provider signs it: ES256 with the server's key, naming it by kid. */
async function accessToken(claims: {
  gid: string;
  expiresInSeconds: number;
  userType?: UserType;
  sub?: string;
  key?: SigningJwk;
  /** The thumbprint of a DPoP key the token is bound to (RFC 9449 §6). */
  jkt?: string;
  clientId?: string;
}) {
  const userType = claims.userType ?? 'customer';
  const key = claims.key ?? signingJwk;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    gid: claims.gid,
    client_id: claims.clientId ?? clientOf(userType),
    scope: ['openid', ...SCOPES_BY_USER_TYPE[userType]].join(' '),
    [userTypeClaim(config)]: userType,
    ...(claims.jkt ? { cnf: { jkt: claims.jkt } } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key.kid })
    .setIssuer(`${config.publicUrl}${config.basePath}`)
    .setAudience(API_AUDIENCE)
    .setSubject(claims.sub ?? USER_ID)
    .setIssuedAt(now)
    .setExpirationTime(now + claims.expiresInSeconds)
    .sign(await importJWK(key, 'ES256'));
}

function requestWith(token: string) {
  return { headers: { authorization: `Bearer ${token}` } } as FastifyRequest;
}

async function statusOf(work: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return statusOfError(error.code);
    throw error;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens verified once, grants checked every time', () => {
  it('refuses a token it has verified before as soon as its grant ends', async () => {
    const live = new Set(['grant-1']);
    const { provider, find } = providerWithGrants(live);
    const { guards } = guardsOf(provider);
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300 });
    expect(await statusOf(guards.requireCustomer(requestWith(token)))).toBe('ok');
    expect(await statusOf(guards.requireCustomer(requestWith(token)))).toBe('ok');
    live.delete('grant-1');
    expect(await statusOf(guards.requireCustomer(requestWith(token)))).toBe(401);
    expect(find).toHaveBeenCalledTimes(3);
  });

  it('refuses a token it has verified before once the token expires', async () => {
    const { provider } = providerWithGrants(new Set(['grant-1']));
    const { guards } = guardsOf(provider);
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 60 });
    expect(await statusOf(guards.verifyAccessToken(token))).toBe('ok');
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect(await statusOf(guards.verifyAccessToken(token))).toBe(401);
  });

  it('refuses a token whose signature was tampered with, even after the genuine one', async () => {
    const { provider } = providerWithGrants(new Set(['grant-1']));
    const { guards } = guardsOf(provider);
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300 });
    expect(await statusOf(guards.verifyAccessToken(token))).toBe('ok');
    const tampered = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect(await statusOf(guards.verifyAccessToken(tampered))).toBe(401);
  });
});

describe('a grant check answered by the use case’s own read', () => {
  it('takes the read’s answer and looks nothing up itself', async () => {
    const { provider, find } = providerWithGrants(new Set());
    const { guards } = guardsOf(provider);
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300 });
    const seen: GrantCheck[] = [];
    const answer = guards.requireCustomerWith(requestWith(token), async (principal, grant) => {
      seen.push(grant);
      grant.confirm(true);
      return principal.userId;
    });
    expect(await answer).toBe(USER_ID);
    expect(seen.map((grant) => grant.grantId)).toEqual(['grant-1']);
    expect(find).not.toHaveBeenCalled();
  });

  it('stops the use case with 401 when its read finds the grant ended', async () => {
    const { provider } = providerWithGrants(new Set());
    const { guards } = guardsOf(provider);
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300 });
    const wrote = vi.fn();
    const answer = guards.requireCustomerWith(requestWith(token), async (_principal, grant) => {
      grant.confirm(false);
      wrote();
    });
    expect(await statusOf(answer)).toBe(401);
    expect(wrote).not.toHaveBeenCalled();
  });

  it.each([
    ['an ended grant', new Set<string>(), 401],
    ['a live grant', new Set(['grant-1']), 400],
  ])(
    'looks the grant up itself when the use case failed before its read: %s answers %s',
    async (_grant, live, status) => {
      const { provider, find } = providerWithGrants(live);
      const { guards } = guardsOf(provider);
      const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300 });
      const answer = guards.requireCustomerWith(requestWith(token), async () => {
        throw new DomainError('transfer_invalid', { message: 'Please select your accounts.' });
      });
      expect(await statusOf(answer)).toBe(status);
      expect(find).toHaveBeenCalledWith('grant-1');
    },
  );

  it('answers an ended grant before a missing permission, as requireCustomer does', async () => {
    const { provider } = providerWithGrants(new Set());
    const { guards } = guardsOf(provider, 'AnyMarketing');
    const partnerToken = await accessToken({
      gid: 'grant-1',
      expiresInSeconds: 300,
      userType: 'AnyMarketing',
    });
    const work = vi.fn();
    expect(await statusOf(guards.requireCustomerWith(requestWith(partnerToken), work))).toBe(401);
    expect(await statusOf(guards.requireCustomer(requestWith(partnerToken)))).toBe(401);
    expect(work).not.toHaveBeenCalled();
  });
});

describe('tokens that are not the server’s own', () => {
  it('refuses a token signed with another key, even one naming the server’s kid', async () => {
    const { provider } = providerWithGrants(new Set(['grant-1']));
    const { guards } = guardsOf(provider);
    const otherKey = { ...(await generateSigningJwk()), kid: signingJwk.kid };
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300, key: otherKey });
    expect(await statusOf(guards.requireCustomer(requestWith(token)))).toBe(401);
  });

  it('refuses and audits a genuine-looking token whose subject is not its grant’s account', async () => {
    const { provider } = providerWithGrants(new Set(['grant-1']));
    const { guards, audited } = guardsOf(provider);
    const token = await accessToken({
      gid: 'grant-1',
      expiresInSeconds: 300,
      sub: '99999999-4f50-4617-8283-94a5b6c7d8e9',
    });
    expect(await statusOf(guards.requireCustomer(requestWith(token)))).toBe(401);
    expect(audited).toEqual([
      expect.objectContaining({
        type: 'token.refused',
        userId: USER_ID,
        details: expect.objectContaining({ problem: 'subject' }),
      }),
    ]);
  });

  it('refuses a genuine token bound to a DPoP key as a bearer token (401 dpop_proof_required)', async () => {
    const { provider } = providerWithGrants(new Set(['grant-1']));
    const { guards } = guardsOf(provider);
    const token = await accessToken({
      gid: 'grant-1',
      expiresInSeconds: 300,
      jkt: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
    });
    const refusal = await guards
      .requireCustomer(requestWith(token))
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('dpop_proof_required');
    expect(statusOfError('dpop_proof_required')).toBe(401);
    // The same token without its binding is taken: the binding alone made the difference.
    const unbound = await accessToken({ gid: 'grant-1', expiresInSeconds: 300 });
    expect(await statusOf(guards.requireCustomer(requestWith(unbound)))).toBe('ok');
  });
});

describe('the DPoP mode of the same check', () => {
  /** A DPoP key and a request to `GET /api/x` with a DPoP proof of it for `token`. */
  async function dpopRequest() {
    const keys = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(keys.publicKey);
    return {
      jkt: await calculateJwkThumbprint(jwk),
      request: async (token: string) =>
        ({
          method: 'GET',
          url: '/api/x',
          headers: {
            authorization: `DPoP ${token}`,
            dpop: await new SignJWT({
              htm: 'GET',
              htu: `${config.publicUrl}/api/x`,
              ath: createHash('sha256').update(token).digest('base64url'),
              jti: randomUUID(),
            })
              .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
              .setIssuedAt()
              .sign(keys.privateKey),
          },
        }) as unknown as FastifyRequest,
    };
  }

  it('takes a bound token with a proof of its key, and refuses its replayed proof', async () => {
    const { provider } = providerWithGrants(new Set(['grant-1']));
    const { guards } = guardsOf(provider);
    const { jkt, request } = await dpopRequest();
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300, jkt });
    const once = await request(token);
    expect(await guards.dpop.require(once, 'banking')).toMatchObject({
      userId: USER_ID,
      grantId: 'grant-1',
    });
    expect(await statusOf(guards.dpop.require(once, 'banking'))).toBe(401);
  });

  it('refuses and audits a bound token whose subject is not its grant’s account, as a bearer one', async () => {
    const { provider } = providerWithGrants(new Set(['grant-1']));
    const { guards, audited } = guardsOf(provider);
    const { jkt, request } = await dpopRequest();
    const token = await accessToken({
      gid: 'grant-1',
      expiresInSeconds: 300,
      jkt,
      sub: '99999999-4f50-4617-8283-94a5b6c7d8e9',
    });
    expect(await statusOf(guards.dpop.require(await request(token), 'banking'))).toBe(401);
    expect(audited).toEqual([
      expect.objectContaining({
        type: 'token.refused',
        details: expect.objectContaining({ problem: 'subject' }),
      }),
    ]);
  });

  it('refuses a bound token whose grant has ended', async () => {
    const live = new Set(['grant-1']);
    const { provider } = providerWithGrants(live);
    const { guards } = guardsOf(provider);
    const { jkt, request } = await dpopRequest();
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300, jkt });
    live.delete('grant-1');
    expect(await statusOf(guards.dpop.require(await request(token), 'banking'))).toBe(401);
  });

  it('refuses an unbound token in the DPoP mode (401 dpop_proof_required)', async () => {
    const { provider } = providerWithGrants(new Set(['grant-1']));
    const { guards } = guardsOf(provider);
    const { request } = await dpopRequest();
    const token = await accessToken({ gid: 'grant-1', expiresInSeconds: 300 });
    const refusal = await guards.dpop
      .require(await request(token), 'banking')
      .catch((error: unknown) => error);
    expect((refusal as DomainError).code).toBe('dpop_proof_required');
  });
});
