import type { DeviceKind } from '@anybank/contracts';
import { UNKNOWN_DEVICE_KIND, type DeclaredDevice } from '../challenge/device-kind';
import { EMAIL_CODE_DEVICE } from '../challenge/methods/email-code/email-code.device';
import { PHONE_DEVICE } from '../challenge/methods/phone-push/phone-push.device';
import { SMS_CODE_DEVICE } from '../challenge/methods/sms-code/sms-code.device';
import { AUTHENTICATOR_APP_DEVICE } from './authenticator-app/authenticator-app.device';
import { PASSKEY_DEVICES } from './passkey/passkey.device';

/**
 * The device types the bank's own methods declare, each in its folder: THE list read where a
 * device is known only by its stored type (a security notice, the help desk, the step-up's
 * choices). A method registered with the engine alone (a test's) describes its devices itself.
 */
const DECLARED: readonly DeclaredDevice[] = [
  SMS_CODE_DEVICE,
  EMAIL_CODE_DEVICE,
  PHONE_DEVICE,
  AUTHENTICATOR_APP_DEVICE,
  ...Object.values(PASSKEY_DEVICES),
];

const BY_TYPE = new Map(DECLARED.map((device) => [device.type, device]));

/** The declaration of a device type, or null for a type no method of the bank declares. */
export function declaredDevice(type: string): DeclaredDevice | null {
  return BY_TYPE.get(type) ?? null;
}

/** How a device of this type is listed and worded (contracts' device-kinds.ts). */
export function deviceKindOf(type: string): DeviceKind {
  return declaredDevice(type)?.kind ?? UNKNOWN_DEVICE_KIND;
}
