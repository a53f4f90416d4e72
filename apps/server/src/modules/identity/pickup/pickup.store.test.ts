import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { oidcModels, pickupReferences } from '../../../db/schema';
import { insertAccounts } from '../../banking/accounts.store';
import { insertUser } from '../../directory/directory.store';
import {
  consumePickupReference,
  deleteExpiredPickupReferences,
  issuePickupReference,
} from './pickup.store';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe.each(DATABASE_KINDS)('pickup references on %s', (kind) => {
  let test: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const user = await insertUser(test.handle.db, {
      uid: 'pickup.owner',
      firstName: 'Pia',
      lastName: 'Owner',
      email: 'pickup.owner@example.com',
      userType: 'customer',
      city: 'Springfield',
    });
    userId = user.id;
    // Inserted out of order: the pickup lists them by position.
    await insertAccounts(test.handle.db, [
      {
        id: 'acct-visa',
        ownerId: userId,
        kind: 'rewards-visa',
        position: 2,
        balanceCents: 0,
        numberSuffix: '0003',
      },
      {
        id: 'acct-checking',
        ownerId: userId,
        kind: 'checking',
        position: 0,
        balanceCents: 0,
        numberSuffix: '0001',
      },
      {
        id: 'acct-savings',
        ownerId: userId,
        kind: 'savings',
        position: 1,
        balanceCents: 0,
        numberSuffix: '0002',
      },
    ]);
    await test.handle.db.insert(oidcModels).values([
      { model: 'Grant', id: 'grant-live', payload: {}, expiresAt: inMinutes(60) },
      { model: 'Grant', id: 'grant-expired', payload: {}, expiresAt: inMinutes(-1) },
    ]);
  });
  afterAll(async () => {
    await test.drop();
  });

  const reference = (
    refHash: string,
    grantId: string,
    expiresAt = inMinutes(1),
    codeHash = `code of ${refHash}`,
  ) =>
    issuePickupReference(
      test.handle.db,
      { codeHash, codeExpiresAt: inMinutes(1) },
      {
        refHash,
        bindingHash: `binding of ${refHash}`,
        referenceType: 'BXFSPRefID',
        grantId,
        userId,
        expiresAt,
      },
    );
  const take = (refHash: string, bindingHash = `binding of ${refHash}`) =>
    consumePickupReference(test.handle.db, { refHash, bindingHash, referenceType: 'BXFSPRefID' });

  it('hands over the user and their accounts in order, once', async () => {
    await reference('ref-once', 'grant-live');
    expect(await take('ref-once', 'another browser')).toBeNull();
    expect(await take('ref-once')).toEqual({
      grantIsLive: true,
      user: expect.objectContaining({
        id: userId,
        uid: 'pickup.owner',
        firstName: 'Pia',
        lastName: 'Owner',
        email: 'pickup.owner@example.com',
        city: 'Springfield',
        street: null,
        userType: 'customer',
      }),
      accountIds: ['acct-checking', 'acct-savings', 'acct-visa'],
    });
    expect(await take('ref-once')).toBeNull();
  });

  it('issues one reference per authorization code, however many returns race for it', async () => {
    const issued = await Promise.all(
      ['ref-race-1', 'ref-race-2', 'ref-race-3'].map((refHash) =>
        reference(refHash, 'grant-live', inMinutes(1), 'one code'),
      ),
    );
    expect(issued.filter(Boolean)).toHaveLength(1);
    const taken = await Promise.all(['ref-race-1', 'ref-race-2', 'ref-race-3'].map((r) => take(r)));
    expect(taken.filter((one) => one !== null)).toHaveLength(1);
  });

  it('says so when the sign-in’s grant has ended (signed out meanwhile)', async () => {
    await reference('ref-signed-out', 'grant-expired');
    await reference('ref-no-grant', 'grant-deleted');
    expect((await take('ref-signed-out'))?.grantIsLive).toBe(false);
    expect((await take('ref-no-grant'))?.grantIsLive).toBe(false);
  });

  it('refuses an expired reference, and the sweep deletes it, and only it', async () => {
    await reference('ref-expired', 'grant-live', inMinutes(-1));
    await reference('ref-kept', 'grant-live');
    const stored = async () =>
      (await test.handle.db.select({ refHash: pickupReferences.refHash }).from(pickupReferences))
        .map((row) => row.refHash)
        .filter((refHash) => refHash === 'ref-expired' || refHash === 'ref-kept')
        .sort();
    expect(await stored()).toEqual(['ref-expired', 'ref-kept']);
    await deleteExpiredPickupReferences(test.handle.db);
    expect(await stored()).toEqual(['ref-kept']);
    expect(await take('ref-expired')).toBeNull();
    expect((await take('ref-kept'))?.grantIsLive).toBe(true);
  });
});
