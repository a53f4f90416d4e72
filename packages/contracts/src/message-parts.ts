import { BANK_NAME_SLOT, PRODUCT_NAME_SLOT } from './branding';

// The pieces messages are made of: durations in words, the brand's slots, a refusal's frame.

/** A code's lifetime in words, from its constant: "5 minutes". */
export const inMinutes = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** A hold in words, from its constant: "24 hours". */
export const inHours = (ms: number) => {
  const hours = Math.round(ms / 3_600_000);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};

/**
 * Where a message sent to a person names the bank (`BANK`) or its app (`APP`).
 * The server fills in the current brand when it sends it (messaging, `fillBrand`); pages name
 * the bank through the web app's brand instead.
 */
export const BANK = BANK_NAME_SLOT;
export const APP = PRODUCT_NAME_SLOT;

/** The risk rules' refusal at sign-in and at a step-up alike. */
export const accessDenied = (recommendedAction: string) => `Access Denied: ${recommendedAction}`;
