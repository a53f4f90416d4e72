import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vcPaths, credentialRevocationPath } from '@anybank/contracts';
import type { Server } from '../src/app';
import { apiClient, customerToken, startBankingServer } from './banking-server';
import {
  freshNonce,
  issueCredential,
  newHolderKey,
  offerFor,
  proofJwt,
  redeemCode,
  requestCredential,
} from './credential-wallet';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

const JANE_MOBILE = '+15551234567';

async function oauthError(response: Response) {
  return { status: response.status, error: ((await response.json()) as { error?: string }).error };
}

describe.each(DATABASE_KINDS)('the credential issuer refuses on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    token = await customerToken(origin, 'jane.doe');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('issues a credential bound to the key the wallet proved it holds', async () => {
    const holder = await newHolderKey();
    const credential = await issueCredential(origin, token, JANE_MOBILE, holder);
    const [issuerJwt] = credential.split('~');
    const payload = decodeJwt(issuerJwt ?? '');
    expect(payload.cnf).toEqual({ jwk: holder.publicJwk });
    expect(payload.iss).toBe(origin);
    // Nothing about Jane is readable without its disclosure.
    expect(JSON.stringify(payload)).not.toContain('Jane');
  });

  it('refuses a proof signed by another key than the one it names', async () => {
    const { preAuthorizedCode, txCode } = await offerFor(origin, token, JANE_MOBILE);
    const { access_token: accessToken } = (await (
      await redeemCode(origin, preAuthorizedCode, txCode)
    ).json()) as { access_token: string };
    const holder = await newHolderKey();
    const thief = await newHolderKey();
    const proof = await proofJwt(origin, await freshNonce(origin), holder, thief.privateKey);
    expect(await oauthError(await requestCredential(origin, accessToken, proof))).toEqual({
      status: 400,
      error: 'invalid_proof',
    });
  });

  it('refuses a second proof with a nonce already used', async () => {
    const holder = await newHolderKey();
    const { preAuthorizedCode, txCode } = await offerFor(origin, token, JANE_MOBILE);
    const { access_token: accessToken } = (await (
      await redeemCode(origin, preAuthorizedCode, txCode)
    ).json()) as { access_token: string };
    const nonce = await freshNonce(origin);
    expect(
      (await requestCredential(origin, accessToken, await proofJwt(origin, nonce, holder))).status,
    ).toBe(200);
    const replay = await requestCredential(
      origin,
      accessToken,
      await proofJwt(origin, nonce, holder),
    );
    expect(await oauthError(replay)).toEqual({ status: 400, error: 'invalid_nonce' });
  });

  it('refuses a pre-authorized code that was already used', async () => {
    const { preAuthorizedCode, txCode } = await offerFor(origin, token, JANE_MOBILE);
    expect((await redeemCode(origin, preAuthorizedCode, txCode)).status).toBe(200);
    expect(await oauthError(await redeemCode(origin, preAuthorizedCode, txCode))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
  });

  it('gives a wrong transaction code one try: the right one after it is refused too', async () => {
    const { preAuthorizedCode, txCode } = await offerFor(origin, token, JANE_MOBILE);
    const wrong = txCode === '000000' ? '111111' : '000000';
    expect(await oauthError(await redeemCode(origin, preAuthorizedCode, wrong))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    expect(await oauthError(await redeemCode(origin, preAuthorizedCode, txCode))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
  });

  it('asks for the transaction code without using the code up', async () => {
    const { preAuthorizedCode, txCode } = await offerFor(origin, token, JANE_MOBILE);
    expect(await oauthError(await redeemCode(origin, preAuthorizedCode))).toEqual({
      status: 400,
      error: 'invalid_request',
    });
    expect((await redeemCode(origin, preAuthorizedCode, txCode)).status).toBe(200);
  });

  it('lists the customer’s credentials and revokes one of them, once', async () => {
    const call = apiClient(origin, token);
    await issueCredential(origin, token, JANE_MOBILE, await newHolderKey());
    const listed = (await (await call(vcPaths.credentials)).json()) as {
      credentials: { id: string; revokedAt: string | null }[];
    };
    const live = listed.credentials.find((credential) => credential.revokedAt === null);
    expect(live).toBeDefined();
    const revoked = await call(credentialRevocationPath(live?.id ?? ''), { method: 'POST' });
    expect(revoked.status).toBe(200);
    const again = await call(credentialRevocationPath(live?.id ?? ''), { method: 'POST' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe('credential_not_found');
  });

  it('does not let another customer revoke jane’s credential', async () => {
    const listed = (await (await apiClient(origin, token)(vcPaths.credentials)).json()) as {
      credentials: { id: string; revokedAt: string | null }[];
    };
    const emily = apiClient(origin, await customerToken(origin, 'emily.chen'));
    const someone = listed.credentials[0];
    const response = await emily(credentialRevocationPath(someone?.id ?? ''), { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
