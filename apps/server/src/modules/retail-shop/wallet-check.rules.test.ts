import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_TYPES,
  PRESENTATION_QUERY_ID,
  type PresentationPurpose,
} from '@anybank/contracts';
import {
  VERIFIER_STEPS,
  claimsAgainstQuery,
  decide,
  dcqlQueryOf,
  disclosedClaimNames,
  effectiveStatus,
  keptClaims,
  keyBindingAge,
  requestObjectClaims,
  walletRequestLinks,
  withheldClaimNames,
  type StepOutcome,
  type VerifierStep,
} from './wallet-check.rules';

const ALL_STEPS = Object.keys(VERIFIER_STEPS) as VerifierStep[];
const passedAll = (purpose: PresentationPurpose): StepOutcome[] =>
  ALL_STEPS.filter((step) => step !== 'overEighteen' || purpose === 'age').map((step) => ({
    step,
    passed: true,
  }));
/** The checks up to `failing`, which fails (the shop stops there). */
const failingAt = (failing: VerifierStep): StepOutcome[] => [
  ...ALL_STEPS.slice(0, ALL_STEPS.indexOf(failing)).map((step) => ({ step, passed: true })),
  { step: failing, passed: false },
];

describe('the shop’s decision on a presentation (ADR 0027)', () => {
  it.each([
    ['age', passedAll('age'), { status: 'verified' }],
    ['delivery', passedAll('delivery'), { status: 'verified' }],
    // Every check passed but the over-18 one was never made: an age check is not verified.
    ['age', passedAll('delivery'), { status: 'refused', code: 'wallet_check_not_over_18' }],
    ['age', [], { status: 'refused', code: 'wallet_check_malformed' }],
    ['age', failingAt('presentation'), { status: 'refused', code: 'wallet_check_malformed' }],
    ['age', failingAt('issuer'), { status: 'refused', code: 'wallet_check_wrong_issuer' }],
    ['age', failingAt('signature'), { status: 'refused', code: 'wallet_check_bad_signature' }],
    ['age', failingAt('type'), { status: 'refused', code: 'wallet_check_wrong_credential' }],
    ['age', failingAt('validity'), { status: 'refused', code: 'wallet_check_credential_expired' }],
    ['age', failingAt('disclosures'), { status: 'refused', code: 'wallet_check_bad_disclosure' }],
    [
      'delivery',
      failingAt('onlyAsked'),
      { status: 'refused', code: 'wallet_check_not_requested_claim' },
    ],
    ['delivery', failingAt('allAsked'), { status: 'refused', code: 'wallet_check_missing_claim' }],
    ['age', failingAt('audience'), { status: 'refused', code: 'wallet_check_wrong_audience' }],
    ['age', failingAt('nonce'), { status: 'refused', code: 'wallet_check_nonce_mismatch' }],
    ['age', failingAt('freshness'), { status: 'refused', code: 'wallet_check_stale_proof' }],
    [
      'age',
      failingAt('keyBinding'),
      { status: 'refused', code: 'wallet_check_key_binding_invalid' },
    ],
    ['age', failingAt('status'), { status: 'refused', code: 'wallet_check_revoked' }],
    ['age', failingAt('overEighteen'), { status: 'refused', code: 'wallet_check_not_over_18' }],
    [
      'age',
      [
        ...failingAt('status').slice(0, -1),
        { step: 'status', passed: false, code: 'wallet_check_status_unverified' },
      ],
      { status: 'refused', code: 'wallet_check_status_unverified' },
    ],
  ] as const)('%s with %j → %j', (purpose, outcomes, expected) => {
    const decision = decide(purpose, outcomes as readonly StepOutcome[]);
    expect(decision).toMatchObject(expected);
    // The checks are listed as made, in plain words.
    expect(decision.checks.map((check) => check.name)).toEqual(
      outcomes.map((outcome) => VERIFIER_STEPS[outcome.step].name),
    );
  });
});

describe('what the shop asks for', () => {
  it('asks for the age claim alone for age, and name and address for delivery', () => {
    expect(dcqlQueryOf('age')).toEqual({
      credentials: [
        {
          id: PRESENTATION_QUERY_ID,
          format: 'dc+sd-jwt',
          meta: { vct_values: [CREDENTIAL_TYPES.verified_customer.vct] },
          claims: [{ path: ['age_over_18'] }],
        },
      ],
    });
    expect(dcqlQueryOf('delivery').credentials[0]?.claims).toEqual([
      { path: ['given_name'] },
      { path: ['family_name'] },
      { path: ['address'] },
    ]);
  });

  it('signs a direct_post request for the self-issued audience, ending when the check does', () => {
    const now = new Date('2026-12-07T12:00:00Z');
    const claims = requestObjectClaims({
      purpose: 'age',
      nonce: 'n',
      state: 's',
      responseUri: 'https://bank.example/api/shop/wallet-checks/x/response',
      now,
      expiresAt: new Date(now.getTime() + 300_000),
    });
    expect(claims).toMatchObject({
      client_id: 'retail-shop',
      response_type: 'vp_token',
      response_mode: 'direct_post',
      aud: 'https://self-issued.me/v2',
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 300,
    });
  });

  it('links the request for any wallet and for /mobile', () => {
    const links = walletRequestLinks(
      'https://bank.example/demo',
      'https://bank.example/demo/r?x=1',
    );
    expect(links.requestUri).toBe(
      'openid4vp://?client_id=retail-shop&request_uri=https%3A%2F%2Fbank.example%2Fdemo%2Fr%3Fx%3D1',
    );
    expect(links.phoneLink).toBe(
      `https://bank.example/demo/mobile#openid4vp=${encodeURIComponent(links.requestUri)}`,
    );
  });
});

describe('the claims of a presentation', () => {
  const claims = {
    iss: 'x',
    vct: 'v',
    cnf: {},
    status: {},
    exp: 1,
    age_over_18: true,
    birthdate: '2000-01-01',
  };

  it('names the customer’s claims shown, those not asked for, and those kept back', () => {
    const shown = disclosedClaimNames(claims);
    expect(shown).toEqual(['age_over_18', 'birthdate']);
    expect(claimsAgainstQuery('age', shown)).toEqual({ notAsked: ['birthdate'], missing: [] });
    expect(claimsAgainstQuery('delivery', [])).toEqual({
      notAsked: [],
      missing: ['given_name', 'family_name', 'address'],
    });
    expect(withheldClaimNames(['age_over_18'])).toEqual([
      'given_name',
      'family_name',
      'birthdate',
      'address',
      'verification_level',
    ]);
    expect(keptClaims('age', claims)).toEqual({ age_over_18: true });
  });

  it.each([
    [0, 'fresh'],
    [-300, 'fresh'],
    [-301, 'stale'],
    [30, 'fresh'],
    [31, 'future'],
    ['soon', 'stale'],
  ] as const)('a key-binding JWT issued %s s from now is %s', (offset, expected) => {
    const now = new Date('2026-12-07T12:00:00Z');
    const iat = typeof offset === 'number' ? now.getTime() / 1000 + offset : offset;
    expect(keyBindingAge(iat, now)).toBe(expected);
  });

  it('reads a pending check past its end as expired, and an answered one as answered', () => {
    const now = new Date('2026-12-07T12:00:00Z');
    expect(effectiveStatus('pending', now, now)).toBe('expired');
    expect(effectiveStatus('pending', new Date(now.getTime() + 1), now)).toBe('pending');
    expect(effectiveStatus('verified', now, now)).toBe('verified');
  });
});
