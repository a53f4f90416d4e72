import { describe, expect, it } from 'vitest';
import { pushDecisionMessage, pushListingMessage } from '@anybank/contracts';
import { base64UrlDecode } from './oauth';
import {
  PhoneKeyMissingError,
  createPhoneKeyring,
  parseStoredPhone,
  publicJwkOf,
} from './phone-keyring';
import type { PublicPhoneJwk } from './phone-keyring';

const STORAGE_KEY = 'anybank.phone';
const JOHN = {
  deviceId: '3f2a9c1e-0000-4000-8000-000000000001',
  deviceName: 'iPhone',
  username: 'john.smith',
  firstName: 'John',
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
}

function keyring(storage = memoryStorage()) {
  return createPhoneKeyring({ storage, subtle: crypto.subtle, storageKey: STORAGE_KEY });
}

/** Verifies as the server does: ECDSA P-256 / SHA-256 over the text, raw r||s in base64url. */
async function verifies(publicKey: PublicPhoneJwk, message: string, signature: string) {
  const key = await crypto.subtle.importKey(
    'jwk',
    publicKey,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const bytes = new Uint8Array(base64UrlDecode(signature));
  expect(bytes).toHaveLength(64);
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    bytes,
    new TextEncoder().encode(message),
  );
}

describe('the phone key', () => {
  it('is no phone until an activation is saved, and sends only the public point', async () => {
    const storage = memoryStorage();
    const phone = keyring(storage);
    const created = await phone.create();
    expect(Object.keys(created.publicKey).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(phone.current()).toBeNull();
    expect(storage.items.size).toBe(0);

    created.save(JOHN);
    expect(phone.current()).toEqual(JOHN);
    // The same object until the stored phone changes (useSyncExternalStore needs that).
    expect(phone.current()).toBe(phone.current());
    expect(JSON.parse(storage.items.get(STORAGE_KEY) ?? '{}')).toMatchObject({
      ...JOHN,
      privateKey: { kty: 'EC', crv: 'P-256' },
    });
  });

  it('signs the listing and the decision so that the public key verifies them', async () => {
    const phone = keyring();
    const created = await phone.create();
    created.save(JOHN);
    const listing = pushListingMessage(JOHN.deviceId, 1_700_000_000_000);
    const decision = pushDecisionMessage('request-1', 'approve');
    const listingSignature = await phone.sign(JOHN.deviceId, listing);
    const decisionSignature = await phone.sign(JOHN.deviceId, decision);

    expect(listingSignature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(await verifies(created.publicKey, listing, listingSignature)).toBe(true);
    expect(await verifies(created.publicKey, decision, decisionSignature)).toBe(true);
    expect(
      await verifies(
        created.publicKey,
        pushDecisionMessage('request-1', 'deny'),
        decisionSignature,
      ),
    ).toBe(false);
  });

  it('keeps working after a reload (a new keyring on the same storage)', async () => {
    const storage = memoryStorage();
    const created = await keyring(storage).create();
    created.save(JOHN);
    const reloaded = keyring(storage);
    expect(reloaded.current()).toEqual(JOHN);
    const signature = await reloaded.sign(JOHN.deviceId, 'hello');
    expect(await verifies(created.publicKey, 'hello', signature)).toBe(true);
  });

  it('refuses to sign for another device, and forgets the key on deactivation', async () => {
    const phone = keyring();
    (await phone.create()).save(JOHN);
    await expect(phone.sign('another-device', 'hello')).rejects.toBeInstanceOf(
      PhoneKeyMissingError,
    );

    const changes: string[] = [];
    phone.subscribe(() => changes.push('changed'));
    phone.forget();
    expect(phone.current()).toBeNull();
    expect(changes).toEqual(['changed']);
    await expect(phone.sign(JOHN.deviceId, 'hello')).rejects.toBeInstanceOf(PhoneKeyMissingError);
  });

  it('hears about a phone activated or forgotten in another tab', async () => {
    const storage = memoryStorage();
    const otherTab: { changed: (() => void) | null } = { changed: null };
    const phone = createPhoneKeyring({
      storage,
      subtle: crypto.subtle,
      storageKey: STORAGE_KEY,
      watchOtherTabs(changed) {
        otherTab.changed = changed;
        return () => {
          otherTab.changed = null;
        };
      },
    });
    let heard = 0;
    const unsubscribe = phone.subscribe(() => (heard += 1));
    (await keyring(storage).create()).save(JOHN);
    otherTab.changed?.();
    expect(heard).toBe(1);
    expect(phone.current()).toEqual(JOHN);
    unsubscribe();
    expect(otherTab.changed).toBeNull();
  });
});

describe('reading the stored phone', () => {
  it('takes nothing that is not a whole phone with a private P-256 key', () => {
    const privateKey = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' };
    expect(parseStoredPhone(JSON.stringify({ ...JOHN, privateKey }))).toMatchObject(JOHN);
    expect(parseStoredPhone(null)).toBeNull();
    expect(parseStoredPhone('not json')).toBeNull();
    expect(parseStoredPhone(JSON.stringify({ ...JOHN }))).toBeNull();
    expect(parseStoredPhone(JSON.stringify({ ...JOHN, deviceId: '', privateKey }))).toBeNull();
    const publicOnly = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' };
    expect(parseStoredPhone(JSON.stringify({ ...JOHN, privateKey: publicOnly }))).toBeNull();
    const otherCurve = { ...privateKey, crv: 'P-384' };
    expect(parseStoredPhone(JSON.stringify({ ...JOHN, privateKey: otherCurve }))).toBeNull();
  });

  it('gives the server the curve point only', () => {
    expect(
      publicJwkOf({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'secret', ext: true }),
    ).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: 'x',
      y: 'y',
    });
    expect(() => publicJwkOf({ kty: 'RSA' })).toThrow();
  });
});
