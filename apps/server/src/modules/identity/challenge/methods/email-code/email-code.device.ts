import { PLAIN_DEVICE_KIND, deviceKindWords } from '@anybank/contracts';
import { CONTACT_DEVICES } from '../../../../../db/schema/directory';
import type { DeclaredDevice } from '../../device-kind';

/** An e-mail address that gets sign-in codes (document 1 §4.2). */
export const EMAIL_CODE_DEVICE: DeclaredDevice = {
  // The directory keeps it in step with the profile's address (document 1 §4.4).
  type: CONTACT_DEVICES.email.type,
  kind: { ...deviceKindWords.email, ...PLAIN_DEVICE_KIND },
  stepUp: 'email_code',
};
