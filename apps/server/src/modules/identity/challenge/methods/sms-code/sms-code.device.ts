import { PLAIN_DEVICE_KIND, deviceKindWords } from '@anybank/contracts';
import { CONTACT_DEVICES } from '../../../../../db/schema/directory';
import type { DeclaredDevice } from '../../device-kind';

/** A mobile number that gets sign-in codes by text message (document 1 §4.2). */
export const SMS_CODE_DEVICE: DeclaredDevice = {
  // The directory keeps it in step with the profile's mobile number (document 1 §4.4).
  type: CONTACT_DEVICES.phone.type,
  kind: { ...deviceKindWords.textMessage, ...PLAIN_DEVICE_KIND },
  stepUp: 'sms_code',
};
