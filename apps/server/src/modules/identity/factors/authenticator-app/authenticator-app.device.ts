import { PLAIN_DEVICE_KIND, deviceKindWords } from '@anybank/contracts';
import type { DeclaredDevice } from '../../challenge/device-kind';

/** An authenticator app's secret (document 1 §4.2): several are told apart by marking the newest. */
export const AUTHENTICATOR_APP_DEVICE: DeclaredDevice & { name: string } = {
  type: 'TOTP',
  name: 'Authenticator app',
  kind: { ...deviceKindWords.authenticatorApp, ...PLAIN_DEVICE_KIND, newestMarked: 'same-kind' },
  stepUp: 'authenticator_code',
};
