import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import { orchestrationPaths } from '@anybank/contracts';
import type { Server } from '../src/app';
import type { Config } from '../src/config';
import { mfaDevices } from '../src/db/schema';
import { customerToken, startBankingServer, userIdOf } from './banking-server';
import { issueCredential, newHolderKey } from './credential-wallet';
import { helpDeskClient } from './help-desk-client';
import { partnerToken } from './partner-tokens';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/** The credential's entry in the bank's status list now: 0 valid, 1 revoked. */
async function statusOf(credential: string): Promise<number> {
  const { status } = decodeJwt(credential.split('~')[0] ?? '') as {
    status: { status_list: { idx: number; uri: string } };
  };
  const list = await (await fetch(status.status_list.uri)).text();
  return getListFromStatusListJWT(list).getStatus(status.status_list.idx);
}

/**
 * What else revokes a wallet's credentials besides the customer's Revoke (ADR 0027): the help
 * desk removing a customer's lost phone, and the customer deleting their account.
 */
describe.each(API_DATABASES)('a credential revoked without the customer’s Revoke on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  let samToken: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin, config } = await startBankingServer(test));
    samToken = await partnerToken(origin, 'CustomerServiceRep');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const { asSam, verifiedByEmail } = helpDeskClient(() => ({ origin, config, samToken, test }));

  it('is revoked when the help desk removes the phone it was on, and not for another device', async () => {
    const emilyId = await userIdOf(test, 'emily.chen');
    const [phone] = await test.handle.db
      .insert(mfaDevices)
      .values({ userId: emilyId, type: 'iPhone', name: 'iPhone' })
      .returning();
    const credential = await issueCredential(
      origin,
      await customerToken(origin, 'emily.chen'),
      '+16175550142',
      await newHolderKey(),
    );
    expect(await statusOf(credential)).toBe(0);

    const devices = await test.handle.db.select().from(mfaDevices);
    const sms = devices.find((device) => device.userId === emilyId && device.type === 'SMS');
    const smsRemoved = await asSam('removeDevice', {
      sessionId: (await verifiedByEmail('emily.chen')).sessionId,
      deviceId: sms?.id,
    });
    expect(smsRemoved.status).toBe(200);
    expect(await statusOf(credential)).toBe(0);

    const session = await verifiedByEmail('emily.chen');
    const removed = await asSam('removeDevice', {
      sessionId: session.sessionId,
      deviceId: phone?.id,
    });
    expect(removed.status).toBe(200);
    expect(await statusOf(credential)).toBe(1);
  });

  it('is revoked when the customer deletes the account', async () => {
    const token = await customerToken(origin, 'michael.brown');
    const credential = await issueCredential(origin, token, '+13035550187', await newHolderKey());
    expect(await statusOf(credential)).toBe(0);
    const deleted = await fetch(
      new URL(
        orchestrationPaths.policyStart(config.companyId, config.policyIds.DELETE_USER),
        origin,
      ),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessToken: token, host: 'localhost' }),
      },
    );
    expect(await deleted.json()).toEqual({ success: true });
    expect(await statusOf(credential)).toBe(1);
  });
});
