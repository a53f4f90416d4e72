// The words of the pages bank staff and partners use: the demo admin, the help desk (ADR 0014),
// marketing's record overview, the advisor's client card and the search boxes.

export const adminMessages = {
  thresholdsSaved: 'Thresholds have been successfully updated!',
  thresholdsFailed: (statusText: string) =>
    `An error occured saving your thresholds. ${statusText}.`,
  denyAboveCiba:
    'Please enter a Deny Minimum Threshold that is greater than the CIBA Minimum Threshold',
  unexpected: 'There was an unexpected error.',
  phishingFailed: 'Failed to send phishing email',
  success: 'Success! Your administrative action was completed.',
  sendingHome: "We're sending you home.",
  // Not worded by the spec (§5 names the rules only): the threshold form's field messages,
  // the phishing failure with its reason, and the directory's refusals.
  cibaRequired: 'Please enter a CIBA Minimum Threshold.',
  denyRequired: 'Please enter a Deny Minimum Threshold.',
  wholeDollars: 'Please enter a whole number of dollars.',
  cibaTooLow: (minimum: number) => `The CIBA Minimum Threshold must be at least ${minimum}.`,
  denyTooLow: (minimum: number) => `The Deny Minimum Threshold must be at least ${minimum}.`,
  thresholdTooHigh: (maximum: string) => `A threshold can be at most ${maximum}.`,
  phishingFailedBecause: (reason: string) => `Failed to send phishing email: ${reason}`,
  phishingOwnAddressOnly: 'The demo phishing email can only be sent to your own email address.',
  customersOnly: 'These demo actions are for customer accounts only.',
  noSuchUser: 'There is no such user.',
  // Thresholds and tier are the bank's; a customer's token cannot write them.
  bankAttributes: (names: string) =>
    `${names} belong to the bank and cannot be changed with your access token.`,
} as const;

export const helpDeskMessages = {
  flowError: 'An error occurred during help desk flow, please try again.',
  // Not worded by the spec (§2 names the launcher only): the help desk's steps and refusals.
  noSuchCustomer: 'We found no customer with that username.',
  tooManyVerifications:
    'This customer was sent several verifications recently. Please wait a few minutes and try again.',
  noSuchSession: 'There is no such help-desk session.',
  sessionEnded: 'This help-desk session has ended. Please start again.',
  stepNotPossible: 'That step is not possible at this point of the help desk.',
  notVerified: 'The customer must be verified before you can act on their account.',
  notEmailVerification: 'This verification does not use an e-mail code.',
  noSuchDevice: "That device is not one of this customer's sign-in methods.",
  lastDevice:
    "This is the customer's only sign-in method. They need another one before it can be removed.",
  codeRejected: (attemptsLeft: number) =>
    `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`,
  pushSent: (firstName: string) =>
    `We sent a request to ${firstName}'s phone. Ask them to approve it in the AnyBank app.`,
  emailSent: (firstName: string) =>
    `We e-mailed ${firstName} a 6-digit code. Ask them to read it out to you.`,
  verified: (fullName: string) => `${fullName} is verified.`,
  unlocked: (firstName: string) => `${firstName}'s sign-in is unlocked.`,
  deviceRemoved: (deviceName: string, firstName: string) =>
    `${deviceName} was removed from ${firstName}'s sign-in methods.`,
  failures: {
    send_failed: 'We could not send the verification.',
    push_denied: 'The customer denied the request on their phone.',
    push_expired: 'The customer did not answer on their phone in time.',
    code_expired: 'The code has expired.',
    code_attempts_exceeded: 'Too many wrong codes were entered.',
    verification_expired: 'The customer was not verified in time.',
    verified_window_passed: 'The verification has expired.',
    cancelled: 'The help-desk session was closed.',
  },
} as const;

export const communicationMessages = {
  mobileNotProvided: 'mobile number not provided',
  addressNotProvided: 'address not provided',
} as const;

export const marketingMessages = {
  noConsent: 'This customer did not consent to receiving marketing communications.',
  // Not worded by the spec (§3 says only "treated as blank"): what a screen reader hears for
  // a blank field of the Record Overview.
  blankField: 'blank',
} as const;

export const advisorMessages = {
  noConsent: 'This client did not consent to share accounts with you.',
  // Not worded by the spec: a blank detail of the client card, for screen readers.
  blankField: 'not provided',
} as const;

export const searchMessages = {
  noSuggestions: 'No suggestions available...',
  // Not worded by the spec: what the search boxes announce to screen readers.
  suggestionsAvailable: (count: number) =>
    `${count} ${count === 1 ? 'suggestion' : 'suggestions'} available. Use the up and down arrow keys to review them.`,
} as const;
