import type { Queryable } from '../../../../db/database';
import { insertAuditEvent } from '../../../audit';
import type { MfaDeviceRow } from '../../../directory';

/**
 * A passkey that signed a sign-in, as a watching "Behind the scenes" panel shows
 * it (written only while one watches): which authenticator, whether it verified the user, and
 * the signature counter it reported.
 */
export function tracePasskey(
  db: Queryable,
  device: MfaDeviceRow,
  check: { newCounter: number; userVerified: boolean },
): Promise<void> {
  return insertAuditEvent(db, {
    type: 'passkey.verified',
    userId: device.userId,
    details: {
      deviceId: device.id,
      name: device.nickname ?? device.name,
      deviceType: device.type,
      userVerified: check.userVerified,
      counter: check.newCounter,
    },
  });
}
