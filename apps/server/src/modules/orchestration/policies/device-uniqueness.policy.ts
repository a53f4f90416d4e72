import { deviceUniquenessRequestSchema, type DeviceUniquenessResponse } from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import type { ProfileService, TargetKind } from '../../directory';
import { definePolicy, userOf } from '../policy';

/**
 * Device uniqueness (document 1 §4.4, §5, §7): before an e-mail address or phone number is
 * paired, is it already one of the user's devices? Acts on a user: their access token is in
 * the body, and `subject` must be that token's user.
 */
export function createDeviceUniquenessPolicy(deps: { profile: Pick<ProfileService, 'hasDevice'> }) {
  return definePolicy({
    name: 'DEVICE_UNIQUENESS',
    access: 'user',
    input: deviceUniquenessRequestSchema,
    async run(input, context): Promise<DeviceUniquenessResponse> {
      const user = userOf(context);
      if (input.subject !== user.userId) {
        throw new DomainError('own_devices_only');
      }
      const [kind, target]: [TargetKind, string] =
        input.email !== undefined ? ['email', input.email] : ['phone', input.phoneNumber ?? ''];
      const duplicate = await deps.profile.hasDevice(user.userId, kind, target);
      return { additionalProperties: { status: duplicate ? 'DUPLICATE' : 'UNIQUE' } };
    },
  });
}
