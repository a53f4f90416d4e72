import { z } from 'zod';
import { APP } from './message-parts';

/**
 * What a kind of sign-in device is, as its method declares it (ADR 0026) and the server sends
 * with each device (`FlowDevice.kind`): the web lists, labels and filters devices by these
 * traits and words, never by a device type, so a new method's devices need no web change.
 */
export const deviceKindSchema = z.object({
  /** What kind of sign-in method it is, to its owner (the profile's list): "Authenticator app". */
  label: z.string(),
  /** The same in a sentence: "an authenticator app" (security notices). */
  words: z.string(),
  /** Beside a device's name, for the bank's staff (the help desk): "authenticator app". */
  short: z.string(),
  /**
   * A passkey the browser signs with (document 1 §4.5): 'platform' needs a platform
   * authenticator (compatibility FULL), 'any' works with a security key too; null: none.
   */
  passkey: z.enum(['platform', 'any']).nullable(),
  /** §4.5 "Only the first FIDO2 entry is shown": only the first device of this kind is listed. */
  listedOnce: z.boolean(),
  /**
   * §4.5: of several devices a person could mix up, the newest is marked '(newest)': those of
   * one name ('same-name'), or all of this kind ('same-kind'); null: never marked.
   */
  newestMarked: z.enum(['same-name', 'same-kind']).nullable(),
});
export type DeviceKind = z.infer<typeof deviceKindSchema>;

/** The words of each kind (the methods choose theirs; not worded by the spec). */
export const deviceKindWords = {
  phoneApp: { label: 'AnyBank app', words: `the ${APP} app on a phone`, short: 'phone app' },
  textMessage: {
    label: 'Text message (SMS)',
    words: 'a mobile number for text-message codes',
    short: 'text-message codes',
  },
  email: { label: 'Email', words: 'an e-mail address for codes', short: 'e-mail codes' },
  authenticatorApp: {
    label: 'Authenticator app',
    words: 'an authenticator app',
    short: 'authenticator app',
  },
  passkey: { label: 'Passkey or security key', words: 'a passkey', short: 'passkey' },
  platformPasskey: { label: 'Passkey on this device', words: 'a passkey', short: 'passkey' },
  securityKey: { label: 'Security key', words: 'a security key', short: 'security key' },
  /** A device no method describes (a type from an older release): named plainly. */
  unknown: { label: 'Sign-in method', words: 'a sign-in method', short: 'sign-in method' },
} as const satisfies Record<string, Pick<DeviceKind, 'label' | 'words' | 'short'>>;

/** A kind that is no passkey and is never marked or listed once: most kinds. */
export const PLAIN_DEVICE_KIND = {
  passkey: null,
  listedOnce: false,
  newestMarked: null,
} as const satisfies Partial<DeviceKind>;

/** The pairing list's option labels (document 1 §3.5), by the method offering them. */
export const pairingOptionLabels = {
  textMessage: 'Text message (SMS)',
  email: 'Email',
  phoneApp: 'AnyBank app',
  authenticatorApp: 'Authenticator app',
  passkey: 'Passkey or security key (FIDO2)',
} as const;
