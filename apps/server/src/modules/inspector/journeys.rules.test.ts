import { describe, expect, it } from 'vitest';
import { entryOf } from './inspector.rules';
import { journeysOf } from './journeys.rules';

/** Entries as the stream makes them (entryOf), from events given as [type, details]. */
function entries(...events: [string, Record<string, unknown>][]) {
  return events.map(([type, details], index) =>
    entryOf({
      id: index + 1,
      type,
      details,
      createdAt: new Date(Date.UTC(2026, 11, 7, 10, 0, index)),
    }),
  );
}

const LOW = [
  'risk.evaluated',
  { uid: 'jane.doe', level: 'LOW', rules: [], checked: ['webdriver'] },
] as [string, Record<string, unknown>];
const asked = (extra: Record<string, unknown> = {}): [string, Record<string, unknown>] => [
  'oauth.authorization_requested',
  { clientId: 'anybank-web', scopes: ['openid', 'profile'], codeChallengeMethod: 'S256', ...extra },
];
const step = (name: string, from: string, to: string, flowId = 'f1', purpose = 'sign-in') =>
  ['flow.step', { flowId, purpose, step: name, from, to }] as [string, Record<string, unknown>];
const emailCode: [string, Record<string, unknown>] = [
  'message.sent',
  { channel: 'email', to: 'j******e@example.com', hasCode: true, subject: 'Your code' },
];
const succeeded = (amr: string[], extra: Record<string, unknown> = {}) =>
  ['signin.succeeded', { clientId: 'anybank-web', amr, ...extra }] as [
    string,
    Record<string, unknown>,
  ];
const tokens: [string, Record<string, unknown>] = [
  'token.issued',
  {
    clientId: 'anybank-web',
    grantType: 'authorization_code',
    tokens: ['an ID token', 'an access token'],
    issued: [
      {
        kind: 'ID token',
        header: {},
        claims: { sub: 'u1', given_name: 'Jane' },
        signingInput: 'a.b',
      },
      { kind: 'access token', header: {}, claims: { sub: 'u1' }, signingInput: 'c.d' },
    ],
  },
];

describe('the panel’s journeys', () => {
  it('tells Jane’s sign-in as one journey, oldest first, naming her and her factors', () => {
    const journeys = journeysOf(
      entries(
        asked(),
        LOW,
        step('submitIdentifier', 'IDENTIFIER_REQUIRED', 'USERNAME_PASSWORD_REQUIRED'),
        step('checkUsernamePassword', 'USERNAME_PASSWORD_REQUIRED', 'DEVICE_SELECTION_REQUIRED'),
        emailCode,
        step('checkOtp', 'OTP_REQUIRED', 'RESUME'),
        succeeded(['pwd', 'otp']),
        tokens,
      ),
    );
    expect(journeys).toHaveLength(1);
    const [journey] = journeys;
    expect(journey).toMatchObject({ id: 1, kind: 'sign-in', title: 'Sign-in' });
    expect(journey!.headline).toBe(
      'Jane signed in with a password and a one-time code sent by e-mail; risk LOW: no rule fired.',
    );
    expect(journey!.entries.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // No state machine in the words: the statuses are details.
    expect(journey!.entries.map((entry) => entry.explanation).join(' ')).not.toMatch(
      /_REQUIRED|moved the flow/,
    );
  });

  it.each([
    [
      ['pwd', 'otp'],
      [['message.sent', { channel: 'sms', hasCode: true }]],
      'a password and a one-time code sent by text message',
    ],
    [['pwd', 'otp'], [], 'a password and a code from an authenticator app'],
    [['pwd', 'otp'], [['recovery_code.used', { left: 9 }]], 'a password and a recovery code'],
    [['pwd', 'mfa'], [], 'a password and an approval on the phone app'],
    [['hwk', 'user', 'mfa'], [['passkey.verified', { name: 'Laptop' }]], 'a passkey'],
    [['pwd', 'hwk'], [], 'a password and a security key'],
  ] as [string[], [string, Record<string, unknown>][], string][])(
    'names the factors of amr %j',
    (amr, shown, words) => {
      const [journey] = journeysOf(entries(asked(), LOW, ...shown, succeeded(amr), tokens));
      expect(journey!.headline).toBe(`Jane signed in with ${words}; risk LOW: no rule fired.`);
    },
  );

  it('says a remembered browser stood in for the second factor', () => {
    const [journey] = journeysOf(
      entries(asked(), LOW, succeeded(['pwd'], { rememberedBrowserId: 'b1' }), tokens),
    );
    expect(journey!.headline).toBe(
      'Jane signed in with a password and this remembered browser in place of a second factor; risk LOW: no rule fired.',
    );
  });

  it.each([
    [[asked(), LOW], 'jane.doe is signing in; risk LOW: no rule fired.'],
    [
      [
        asked(),
        ['risk.evaluated', { uid: 'jane.doe', level: 'HIGH', rules: ['webdriver'] }],
        ['risk.denied', { uid: 'jane.doe', level: 'HIGH' }],
      ],
      'jane.doe’s sign-in was refused: sign-in blocked; risk HIGH: webdriver fired.',
    ],
    [
      [asked(), LOW, ['signin.failed', { uid: 'jane.doe', reason: 'wrong password' }]],
      'jane.doe’s sign-in was refused: sign-in failed; risk LOW: no rule fired.',
    ],
    [
      [asked({ prompt: 'none' }), tokens],
      'The bank renewed Jane’s sign-in without asking again (prompt=none).',
    ],
  ] as [[string, Record<string, unknown>][], string][])(
    'tells a sign-in that %#',
    (events, headline) => {
      const journeys = journeysOf(entries(...events));
      expect(journeys.map((journey) => journey.headline)).toEqual([headline]);
    },
  );

  it('starts a journey at each request, transfer, step-up, partner read and sign-out', () => {
    const journeys = journeysOf(
      entries(
        asked(),
        LOW,
        succeeded(['pwd', 'otp']),
        tokens,
        [
          'transfer.decided',
          { rule: 'below_threshold', amountCents: 5000, cibaThresholdCents: 100000 },
        ],
        [
          'transfer.confirmed',
          { amountCents: 5000, fromAccountId: 'a-1111', toAccountId: 'a-2222' },
        ],
        step('authenticate', 'DEVICE_SELECTION_REQUIRED', 'OTP_REQUIRED', 'f2', 'step-up'),
        emailCode,
        step('checkOtp', 'OTP_REQUIRED', 'MFA_COMPLETED', 'f2', 'step-up'),
        ['stepup.succeeded', { amr: 'otp' }],
        ['password.changed', { via: 'profile' }],
        ['signout', {}],
        asked(),
      ),
    );
    expect(journeys.map((journey) => [journey.id, journey.kind])).toEqual([
      [1, 'sign-in'],
      [5, 'transfer'],
      [7, 'step-up'],
      [11, 'other'],
      [12, 'sign-out'],
      [13, 'sign-in'],
    ]);
    expect(journeys[1]!.headline).toBe(
      '$50.00 moved from account ending 1111 to account ending 2222 in one transaction: two ledger entries.',
    );
    expect(journeys[2]!.headline).toBe(
      'The customer confirmed it was really them with a one-time code sent by e-mail.',
    );
  });

  it('tells a sign-in to pay by bank as the shop’s, and titles one thing on its own as itself', () => {
    const journeys = journeysOf(
      entries(
        asked({ clientId: 'retail-shop', scopes: ['openid', 'payments'] }),
        LOW,
        succeeded(['pwd', 'otp']),
        emailCode,
        ['password.changed', { via: 'profile' }],
      ),
    );
    expect(journeys.map((journey) => [journey.kind, journey.title, journey.headline])).toEqual([
      [
        'payment',
        'Pay by bank',
        'jane.doe signed in to Retail Shop with a password and a one-time code sent by e-mail; risk LOW: no rule fired.',
      ],
      ['other', 'Password changed', 'The password was replaced (profile).'],
    ]);
  });

  it('keeps two flows apart', () => {
    const journeys = journeysOf(
      entries(
        step('submitIdentifier', 'IDENTIFIER_REQUIRED', 'USERNAME_PASSWORD_REQUIRED', 'f1'),
        step('submitIdentifier', 'IDENTIFIER_REQUIRED', 'USERNAME_PASSWORD_REQUIRED', 'f2'),
      ),
    );
    expect(journeys.map((journey) => journey.entries.length)).toEqual([1, 1]);
  });

  it('shows identical reads one after another once, with how many times, and "1 customer"', () => {
    const read: [string, Record<string, unknown>] = [
      'partner.read',
      { resource: 'advisor-consents', subjects: ['u1'], outcome: 'shown' },
    ];
    const journeys = journeysOf(entries(read, read, read));
    expect(journeys).toHaveLength(1);
    expect(journeys[0]!.entries).toHaveLength(1);
    expect(journeys[0]!.entries[0]!.repeated).toBe(3);
    expect(journeys[0]!.headline).toBe(
      "The advisor's client list: 1 customer who consented was returned, no one else (3 times).",
    );
    expect(journeys[0]!.headline).not.toMatch(/Consent check/);
  });

  it('tells a partner’s search and the consent check that refused, each titled as itself', () => {
    const searched: [string, Record<string, unknown>] = [
      'partner.searched',
      { resource: 'client-search', search: 'michael', subjects: ['u2'], outcome: 'shown' },
    ];
    const journeys = journeysOf(
      entries(searched, searched, [
        'partner.consent_refused',
        {
          resource: 'client-balances',
          consent: 'share-account-balances',
          clientName: 'Michael Brown',
          subjects: ['u2'],
          outcome: 'refused',
        },
      ]),
    );
    expect(journeys.map((journey) => [journey.kind, journey.title])).toEqual([
      ['partner-read', 'Client search'],
      ['partner-read', 'Consent refused'],
    ]);
    expect(journeys[0]!.entries[0]!.repeated).toBe(2);
    expect(journeys[0]!.headline).toMatch(/1 customer found.*\(2 times\)\.$/);
    expect(journeys[1]!.headline).toMatch(/^Michael Brown has not consented/);
  });

  it('tells a refused consent check', () => {
    const [journey] = journeysOf(
      entries([
        'partner.read',
        { resource: 'client-balances', consent: 'share-account-balances', outcome: 'refused' },
      ]),
    );
    expect(journey!.headline).toBe(
      'The consent share-account-balances is not given, so nothing was returned.',
    );
  });

  it('tells adding a credential to the phone’s wallet as one journey: the offer, its code, the token and the credential', () => {
    const journeys = journeysOf(
      entries(
        [
          'wallet.credential_offered',
          { credentialType: 'verified_customer', txCodeSentTo: '•••• 4567' },
        ],
        ['message.sent', { channel: 'sms', to: '•••• 4567', hasCode: true, subject: 'Your code' }],
        ['token.issued', { clientId: 'anybank-wallet', grantType: 'pre_authorized_code' }],
        [
          'wallet.credential_issued',
          {
            credentialType: 'verified_customer',
            statusIndex: 42,
            claims: ['given_name', 'age_over_18'],
          },
        ],
        ['password.changed', {}],
      ),
    );
    expect(journeys.map((journey) => [journey.kind, journey.entries.length])).toEqual([
      ['credential', 4],
      ['other', 1],
    ]);
    expect(journeys[0]?.title).toBe('Wallet credential');
    expect(journeys[0]?.headline).toContain('bound to that key');
    expect(journeys[0]?.headline).toContain('given_name, age_over_18');
  });

  it('tells a shop’s check of the wallet as a journey of its own, naming what it never saw', () => {
    const [journey] = journeysOf(
      entries([
        'shop.wallet_check_verified',
        {
          purpose: 'age',
          disclosedClaims: ['age_over_18'],
          withheldClaims: ['given_name', 'family_name', 'address'],
        },
      ]),
    );
    expect(journey?.kind).toBe('presentation');
    expect(journey?.title).toBe('Wallet check');
    expect(journey?.headline).toContain('(over 18)');
    expect(journey?.headline).toContain('never saw your given name, family name and address');
  });
});
