import { deflateSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RETAIL_SHOP_CLIENT_ID,
  STATUS_LIST_JWT_TYPE,
  STATUS_LIST_SIZE,
  type PresentationPurpose,
} from '@anybank/contracts';
import {
  presentCredential,
  signCredential,
  testKey,
  type TestKey,
} from '../../../test/sd-jwt-holder';
import { decide } from './wallet-check.rules';
import { IssuerUnavailable, verifyPresentation, type IssuerSource } from './wallet-check.verifier';

// The shop's checks of one presentation (ADR 0027), each refusal that the API tests (which
// present credentials the bank issued: shop-wallet-checks.api.test.ts) do not reach: an issuer
// of the test's own stands in for the bank, its key and its status list served in memory.

const BANK = 'https://bank.example';
const STATUS_URI = `${BANK}/api/wallet/status-lists/1`;
const NONCE = 'the-request-nonce';

let issuerKey: TestKey;
let holder: TestKey;
const revoked = new Set<number>();

/** The bank's published key and its status list (1 = revoked), as the shop reads them. */
const source: IssuerSource = {
  issuerMetadata: async () => ({ issuer: BANK, jwks: { keys: [issuerKey.publicJwk] } }),
  statusList: async (uri) => {
    const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
    for (const idx of revoked) bits[idx >> 3] = (bits[idx >> 3] ?? 0) | (1 << (idx & 7));
    return new SignJWT({
      sub: uri,
      status_list: { bits: 1, lst: deflateSync(bits).toString('base64url') },
    })
      .setProtectedHeader({ alg: 'ES256', kid: issuerKey.publicJwk.kid, typ: STATUS_LIST_JWT_TYPE })
      .setIssuedAt()
      .sign(issuerKey.privateKey);
  },
};

beforeAll(async () => {
  issuerKey = await testKey();
  holder = await testKey();
});

/** The wallet's presentation of a credential, and the shop's decision on it. */
async function decisionOn(
  purpose: PresentationPurpose,
  credential: Promise<string>,
  shared: string[],
  kb: { aud?: string; nonce?: string; iat?: number; signer?: TestKey } = {},
  change: (presentation: string) => string = (presentation) => presentation,
  issuer: IssuerSource = source,
) {
  const presentation = await presentCredential(await credential, kb.signer ?? holder, shared, {
    aud: kb.aud ?? RETAIL_SHOP_CLIENT_ID,
    nonce: kb.nonce ?? NONCE,
    ...(kb.iat === undefined ? {} : { iat: kb.iat }),
  });
  const { outcomes, claims } = await verifyPresentation({
    presentation: change(presentation),
    purpose,
    nonce: NONCE,
    bankIssuer: BANK,
    source: issuer,
    now: new Date(),
  });
  return { ...decide(purpose, outcomes), claims };
}

const issued = (options: Parameters<typeof signCredential>[3] = {}) =>
  signCredential(BANK, issuerKey, holder, {
    ...options,
    payload: { status: { status_list: { idx: 3, uri: STATUS_URI } }, ...options.payload },
  });
const refusalOf = async (decision: Promise<{ status: string; code?: string }>) => {
  const made = await decision;
  return made.status === 'refused' ? made.code : made.status;
};

describe('the shop’s checks of a presentation', () => {
  it('verifies an age presentation of age_over_18 alone, every check passed', async () => {
    const decision = await decisionOn('age', issued(), ['age_over_18']);
    expect(decision.status).toBe('verified');
    expect(decision.checks.every((check) => check.passed)).toBe(true);
    expect(decision.claims).toMatchObject({ age_over_18: true });
  });

  it.each([
    [
      'a credential naming another issuer',
      () => signCredential('https://other.example', issuerKey, holder),
      'wallet_check_wrong_issuer',
    ],
    [
      'a credential of another type',
      () => issued({ payload: { vct: 'urn:other:1' } }),
      'wallet_check_wrong_credential',
    ],
    [
      'an expired credential',
      () => issued({ payload: { exp: Math.floor(Date.now() / 1000) - 60 } }),
      'wallet_check_credential_expired',
    ],
    [
      'a credential saying the customer is under 18',
      () => issued({ claims: { age_over_18: false } }),
      'wallet_check_not_over_18',
    ],
    [
      'a credential whose status list is not the bank’s',
      () =>
        issued({
          payload: { status: { status_list: { idx: 3, uri: 'https://elsewhere.example/list' } } },
        }),
      'wallet_check_status_unverified',
    ],
  ])('refuses %s', async (_name, credential, code) => {
    expect(await refusalOf(decisionOn('age', credential(), ['age_over_18']))).toBe(code);
  });

  it('refuses a delivery presentation missing the address', async () => {
    const decision = decisionOn('delivery', issued(), ['given_name', 'family_name']);
    expect(await refusalOf(decision)).toBe('wallet_check_missing_claim');
  });

  it('refuses a key-binding JWT signed by another key than the credential’s', async () => {
    const thief = await testKey();
    const decision = decisionOn('age', issued(), ['age_over_18'], { signer: thief });
    expect(await refusalOf(decision)).toBe('wallet_check_key_binding_invalid');
  });

  it('refuses a key-binding JWT dated ahead of now', async () => {
    const ahead = Math.floor(Date.now() / 1000) + 120;
    const decision = decisionOn('age', issued(), ['age_over_18'], { iat: ahead });
    expect(await refusalOf(decision)).toBe('wallet_check_stale_proof');
  });

  it('refuses a disclosure changed after the bank signed it', async () => {
    const changed = (presentation: string) => {
      const parts = presentation.split('~');
      const forged = Buffer.from(JSON.stringify(['salt', 'age_over_18', true])).toString(
        'base64url',
      );
      return [parts[0], forged, ...parts.slice(2)].join('~');
    };
    const decision = decisionOn('age', issued(), ['age_over_18'], {}, changed);
    expect(await refusalOf(decision)).toBe('wallet_check_bad_disclosure');
  });

  it('refuses a presentation without its key-binding JWT', async () => {
    const withoutKb = (presentation: string) =>
      presentation.slice(0, presentation.lastIndexOf('~') + 1);
    const decision = decisionOn('age', issued(), ['age_over_18'], {}, withoutKb);
    expect(await refusalOf(decision)).toBe('wallet_check_malformed');
  });

  it('refuses a revoked credential, read from the list', async () => {
    revoked.add(3);
    try {
      expect(await refusalOf(decisionOn('age', issued(), ['age_over_18']))).toBe(
        'wallet_check_revoked',
      );
    } finally {
      revoked.delete(3);
    }
  });

  it('decides nothing when the bank cannot be reached', async () => {
    const unreachable: IssuerSource = {
      issuerMetadata: () => Promise.reject(new Error('ECONNREFUSED')),
      statusList: () => Promise.reject(new Error('ECONNREFUSED')),
    };
    await expect(
      decisionOn('age', issued(), ['age_over_18'], {}, undefined, unreachable),
    ).rejects.toBeInstanceOf(IssuerUnavailable);
  });
});
