// A device as the server lists it (the sign-in list's kind included), for the login tests.
export const EMAIL_DEVICE = {
  id: 'd1',
  type: 'Email',
  kind: {
    label: 'Email',
    words: 'an e-mail address for codes',
    short: 'e-mail codes',
    passkey: null,
    listedOnce: false,
    newestMarked: null,
  },
  name: 'Email',
  target: 'j*****e@example.com',
} as const;
