import type { DeviceKind, FlowDevice } from '@anybank/contracts';
import { deviceKindOf } from './declared-devices';
import type { DeviceShown } from './factor';

/**
 * A device listed as it is stored, with its kind: for factors whose target is not personal
 * (or absent).
 */
export function displayAsStored(
  device: DeviceShown,
  kind: DeviceKind = deviceKindOf(device.type),
): FlowDevice {
  return {
    id: device.id,
    type: device.type,
    name: device.name,
    nickname: device.nickname,
    target: device.target,
    rpId: device.rpId,
    kind,
  };
}
