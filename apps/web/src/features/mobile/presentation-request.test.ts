import { beforeAll, describe, expect, it } from 'vitest';
import {
  CREDENTIAL_TYPES,
  KEY_BINDING_JWT_TYPE,
  REQUEST_OBJECT_JWT_TYPE,
  SELF_ISSUED_AUDIENCE,
  walletPresentationMessages as text,
  type TrustedVerifier,
} from '@anybank/contracts';
import { decodeJws, es256Sign, es256Verifies, type JsonObject } from './es256';
import {
  buildPresentation,
  canAnswer,
  credentialQueryOf,
  openRequestObject,
  purposeOf,
  responseForm,
  verifierAnswer,
  type PresentationRequest,
} from './presentation-request';
import { disclosureProblem, parseSdJwt, sha256Base64Url } from './sd-jwt';
import { NOW, issue, keyPair } from './vc.fixtures';

const subtle = globalThis.crypto.subtle;
const VCT = CREDENTIAL_TYPES.verified_customer.vct;
let shop: Awaited<ReturnType<typeof keyPair>>;
let stranger: Awaited<ReturnType<typeof keyPair>>;
let holder: Awaited<ReturnType<typeof keyPair>>;
let issuer: Awaited<ReturnType<typeof keyPair>>;
let verifiers: TrustedVerifier[];

beforeAll(async () => {
  [shop, stranger, holder, issuer] = await Promise.all([
    keyPair(),
    keyPair(),
    keyPair(),
    keyPair(),
  ]);
  verifiers = [
    {
      clientId: 'retail-shop',
      name: 'Retail Shop',
      jwks: { keys: [{ ...shop.publicJwk, kid: 's1' }] },
    },
  ];
});

const dcql = (claims: string[]) => ({
  credentials: [
    {
      id: 'anybank_verified_customer',
      format: 'dc+sd-jwt',
      meta: { vct_values: [VCT] },
      claims: claims.map((name) => ({ path: [name] })),
    },
  ],
});

const requestPayload = (overrides: JsonObject = {}): JsonObject => ({
  client_id: 'retail-shop',
  response_type: 'vp_token',
  response_mode: 'direct_post',
  response_uri: 'https://bank.example/api/shop/wallet-checks/c1/response',
  nonce: 'nonce-1',
  state: 'state-1',
  aud: SELF_ISSUED_AUDIENCE,
  iat: NOW.getTime() / 1000 - 10,
  exp: NOW.getTime() / 1000 + 290,
  dcql_query: dcql(['age_over_18']),
  ...overrides,
});

const sign = (key: CryptoKey, payload: JsonObject, header: JsonObject = {}) =>
  es256Sign(subtle, key, { typ: REQUEST_OBJECT_JWT_TYPE, kid: 's1', ...header }, payload);

const open = (jwt: string, clientId = 'retail-shop') =>
  openRequestObject(jwt, clientId, verifiers, { subtle, now: NOW });

const AGE_REQUEST: PresentationRequest = {
  verifier: { clientId: 'retail-shop', name: 'Retail Shop' },
  responseUri: 'https://bank.example/api/shop/wallet-checks/c1/response',
  nonce: 'nonce-1',
  state: 'state-1',
  queryId: 'anybank_verified_customer',
  vctValues: [VCT],
  claims: ['age_over_18'],
};

describe('openRequestObject', () => {
  it('opens a request the known verifier signed', async () => {
    expect(await open(await sign(shop.privateKey, requestPayload()))).toEqual({
      kind: 'opened',
      request: AGE_REQUEST,
    });
  });

  const unknown = { kind: 'refused', message: text.unknownVerifier };
  const failed = { kind: 'refused', message: text.requestFailed };
  it.each([
    [
      'signed by another key',
      () => sign(stranger.privateKey, requestPayload()),
      'retail-shop',
      unknown,
    ],
    [
      'from a client the wallet does not know',
      () => sign(shop.privateKey, requestPayload({ client_id: 'evil' })),
      'evil',
      unknown,
    ],
    [
      'whose client_id is not the link’s',
      () => sign(shop.privateKey, requestPayload({ client_id: 'other' })),
      'retail-shop',
      unknown,
    ],
    [
      'of another typ',
      () => sign(shop.privateKey, requestPayload(), { typ: 'JWT' }),
      'retail-shop',
      unknown,
    ],
    ['that is no JWS', () => Promise.resolve('not.a.jws'), 'retail-shop', unknown],
    [
      'expired',
      () => sign(shop.privateKey, requestPayload({ exp: NOW.getTime() / 1000 - 1 })),
      'retail-shop',
      failed,
    ],
    [
      'without a nonce',
      () => sign(shop.privateKey, requestPayload({ nonce: undefined })),
      'retail-shop',
      failed,
    ],
    [
      'for another response mode',
      () => sign(shop.privateKey, requestPayload({ response_mode: 'fragment' })),
      'retail-shop',
      failed,
    ],
    [
      'without a DCQL query',
      () => sign(shop.privateKey, requestPayload({ dcql_query: undefined })),
      'retail-shop',
      failed,
    ],
  ])('refuses a request %s', async (_name, make, clientId, expected) => {
    expect(await open(await make(), clientId)).toEqual(expected);
  });
});

describe('credentialQueryOf', () => {
  it.each([
    [
      'nested claim paths',
      {
        credentials: [
          { ...dcql(['a']).credentials[0], claims: [{ path: ['address', 'locality'] }] },
        ],
      },
    ],
    [
      'two credential queries',
      { credentials: [dcql(['a']).credentials[0], dcql(['b']).credentials[0]] },
    ],
    ['another format', { credentials: [{ ...dcql(['a']).credentials[0], format: 'mso_mdoc' }] }],
    ['no claims', dcql([])],
  ])('refuses %s', (_name, query) => {
    expect(credentialQueryOf(query)).toBeNull();
  });
});

describe('purposeOf', () => {
  it.each([
    [['age_over_18'], 'age'],
    [['address', 'given_name', 'family_name'], 'delivery'],
    [['given_name'], null],
    [['age_over_18', 'birthdate'], null],
  ])('%j is %s', (claims, purpose) => {
    expect(purposeOf(claims)).toBe(purpose);
  });
});

describe('buildPresentation', () => {
  it.each([
    [['age_over_18'], ['age_over_18']],
    [
      ['given_name', 'family_name', 'address'],
      ['given_name', 'family_name', 'address'],
    ],
  ])(
    'discloses %j and nothing else, key-bound to the verifier and nonce',
    async (claims, names) => {
      const { credential, issuerJwt } = await issue(issuer.privateKey, holder.publicJwk);
      const request = { ...AGE_REQUEST, claims };
      expect(canAnswer(request, credential)).toBe(true);
      const presentation = await buildPresentation(request, credential, {
        subtle,
        privateKey: holder.privateKey,
        now: NOW,
      });
      const parsed = parseSdJwt(presentation)!;
      expect(parsed.issuerJwt).toBe(issuerJwt);
      expect(parsed.disclosures.map((d) => d.name).sort()).toEqual([...names].sort());
      expect(await disclosureProblem(subtle, parsed)).toBeNull();

      const kb = decodeJws(parsed.keyBindingJwt!)!;
      expect(kb.header).toEqual({ typ: KEY_BINDING_JWT_TYPE, alg: 'ES256' });
      const presented = presentation.slice(0, presentation.lastIndexOf('~') + 1);
      expect(kb.payload).toEqual({
        iat: NOW.getTime() / 1000,
        aud: 'retail-shop',
        nonce: 'nonce-1',
        sd_hash: await sha256Base64Url(subtle, presented),
      });
      expect(await es256Verifies(subtle, kb, holder.publicJwk)).toBe(true);
    },
  );

  it('cannot answer with a credential of another type or missing a claim', async () => {
    const { credential } = await issue(issuer.privateKey, holder.publicJwk, {
      claims: { given_name: 'Jane' },
    });
    expect(canAnswer(AGE_REQUEST, credential)).toBe(false);
    expect(
      canAnswer({ ...AGE_REQUEST, vctValues: ['urn:other'], claims: ['given_name'] }, credential),
    ).toBe(false);
    expect(canAnswer({ ...AGE_REQUEST, claims: ['given_name'] }, credential)).toBe(true);
  });
});

describe('responseForm', () => {
  it('posts the presentation under the query id, with the state', () => {
    const form = responseForm(AGE_REQUEST, 'jwt~d~kb');
    expect(JSON.parse(form.get('vp_token')!)).toEqual({ anybank_verified_customer: ['jwt~d~kb'] });
    expect(form.get('state')).toBe('state-1');
    expect(form.has('error')).toBe(false);
  });

  it('declines with access_denied and the state only', () => {
    expect(responseForm(AGE_REQUEST, null).toString()).toBe('error=access_denied&state=state-1');
  });
});

describe('verifierAnswer', () => {
  it.each([
    [true, 200, {}, { ok: true, message: text.shared('Retail Shop') }],
    [false, 204, null, { ok: true, message: text.declinedSent('Retail Shop') }],
    [
      true,
      400,
      { code: 'presentation_revoked', message: 'This credential was revoked.' },
      { ok: false, message: text.refusedBy('Retail Shop', 'This credential was revoked.') },
    ],
    [true, 500, null, { ok: false, message: text.sendFailed }],
  ])('shared=%s, %i', (shared, status, body, expected) => {
    expect(verifierAnswer(AGE_REQUEST, shared, status, body)).toEqual(expected);
  });
});
