import { PLAIN_DEVICE_KIND, deviceKindWords } from '@anybank/contracts';
import type { MfaDeviceRow } from '../../../../directory';
import type { DeclaredDevice } from '../../device-kind';

/**
 * The bank's app on a phone (document 1 §4.3): several of one name are told apart by marking
 * the newest (§4.5).
 */
export const PHONE_DEVICE: DeclaredDevice & { name: string } = {
  type: 'iPhone',
  name: 'iPhone',
  kind: { ...deviceKindWords.phoneApp, ...PLAIN_DEVICE_KIND, newestMarked: 'same-name' },
  stepUp: 'push',
};

/** THE rule "an activated phone": the app's device whose key signs its answers. */
export function isActivatedPhone(device: Pick<MfaDeviceRow, 'type' | 'publicKey'>): boolean {
  return device.type === PHONE_DEVICE.type && Boolean(device.publicKey);
}
