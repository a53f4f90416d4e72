import { DEMO_PASSWORD } from '@anybank/contracts';
import { CUSTOMER, type Target, config, policy, text } from './fuzz-target';

// The fuzz's orchestration policies (fuzz-suite.ts).

export const POLICY_TARGETS: Target[] = [
  // --- Orchestration policies: widget policies with a widget token, user policies with the
  // user's own token in the body ---------------------------------------------------------------
  policy('REGISTRATION', (context) => ({
    token: context.tokens.widget,
    template: {
      step: 'start',
      firstName: 'Nora',
      lastName: 'Quinn',
      email: 'nora.quinn@example.com',
      username: 'nora.quinn',
      password: DEMO_PASSWORD,
    },
    required: [text(['step']), text(['email']), text(['username']), text(['password'])],
  })),
  {
    // "Create an account with a passkey" (no password; WebAuthn options back).
    ...policy('REGISTRATION', (context) => ({
      token: context.tokens.widget,
      template: {
        step: 'startPasskey',
        firstName: 'Nora',
        lastName: 'Quinn',
        email: 'nora.quinn@example.com',
        username: 'nora.quinn',
      },
      required: [text(['step']), text(['email']), text(['username'])],
    })),
    variant: 'REGISTRATION with a passkey',
  },
  policy('USERNAME_RECOVERY', (context) => ({
    token: context.tokens.widget,
    template: {
      hostname: 'localhost',
      mail: `${CUSTOMER}@example.com`,
      encodedMail: Buffer.from(`${CUSTOMER}@example.com`).toString('base64'),
    },
    required: [text(['hostname']), text(['mail']), text(['encodedMail'])],
  })),
  policy('QR_CODE', (context) => ({
    token: context.tokens.widget,
    template: { keyUri: 'otpauth://totp/AnyBank:emily.chen?secret=JBSWY3DPEHPK3PXP' },
    required: [text(['keyUri'])],
  })),
  policy('DEVICE_UNIQUENESS', (context) => ({
    template: {
      accessToken: context.tokens.customer,
      subject: context.customerId,
      email: 'someone@example.com',
    },
    required: [text(['subject'])],
  })),
  policy('PROFILE_UPDATE', (context) => ({
    template: {
      accessToken: context.tokens.customer,
      hostname: 'localhost',
      rawData: {
        givenName: ['Emily'],
        sn: ['Chen'],
        mail: [`${CUSTOMER}@example.com`],
        mobile: ['+16175550142'],
        street: ['8 Harbor Road'],
        l: ['Boston'],
        postalCode: ['02110'],
      },
    },
    required: [{ path: ['rawData'], kind: 'object' }],
  })),
  policy('SIGN_IN_METHOD', (context) => ({
    template: {
      accessToken: context.tokens.customer,
      rawData: {
        [`${config.productId}UserAuthnPreferences`]: 'Password',
        userPassword: [DEMO_PASSWORD],
      },
    },
    required: [
      { path: ['rawData'], kind: 'object' },
      text(['rawData', `${config.productId}UserAuthnPreferences`]),
    ],
  })),
  policy('PHISHING_EMAIL', (context) => ({
    template: { accessToken: context.tokens.customer, to: `${CUSTOMER}@example.com` },
    required: [text(['to'])],
  })),
  ...(['DELETE_USER', 'RESET_VERIFICATION'] as const).map((name) =>
    // `host` is optional, so it is only ever of the wrong kind, never left out: a body without
    // it is a real request to delete or reset the customer.
    policy(name, (context) => ({
      template: { accessToken: context.tokens.customer, host: 'localhost' },
      required: [{ path: ['host'], kind: 'string', optional: true }],
    })),
  ),
  policy('WALLET_PAIRING', (context) => ({
    template: { accessToken: context.tokens.customer, step: 'start', subject: context.customerId },
    required: [text(['step'])],
  })),
  policy('HELP_DESK', (context) => ({
    template: { accessToken: context.tokens.rep, step: 'start', username: CUSTOMER },
    required: [text(['step']), text(['username'])],
  })),
];
