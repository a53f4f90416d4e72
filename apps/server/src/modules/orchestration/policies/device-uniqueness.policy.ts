import { deviceUniquenessRequestSchema, type DeviceUniquenessResponse } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import { listMfaDevicesOf } from '../../directory/directory.store';
import { DEVICE_TYPE_OF_TARGET, sameDeviceTarget, type TargetKind } from '../orchestration.rules';
import { definePolicy, userOf } from '../policy';

/**
 * Device uniqueness (document 1 §4.4, §5, §7): before an e-mail address or phone number is
 * paired, is it already one of the user's devices? Acts on a user: their access token is in
 * the body, and `subject` must be that token's user.
 */
export function createDeviceUniquenessPolicy(deps: { db: Database }) {
  return definePolicy({
    name: 'DEVICE_UNIQUENESS',
    access: 'user',
    input: deviceUniquenessRequestSchema,
    async run(input, context): Promise<DeviceUniquenessResponse> {
      const user = userOf(context);
      if (input.subject !== user.userId) {
        throw new HttpError(403, 'You can only check the devices of your own account.');
      }
      const [kind, target]: [TargetKind, string] =
        input.email !== undefined ? ['email', input.email] : ['phone', input.phoneNumber ?? ''];
      const devices = await listMfaDevicesOf(deps.db, user.userId);
      const duplicate = devices.some(
        (device) =>
          device.type === DEVICE_TYPE_OF_TARGET[kind] &&
          sameDeviceTarget(kind, device.target, target),
      );
      return { additionalProperties: { status: duplicate ? 'DUPLICATE' : 'UNIQUE' } };
    },
  });
}
