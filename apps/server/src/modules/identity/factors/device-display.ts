import type { FlowDevice, LoginDeviceType } from '@anybank/contracts';
import type { DeviceShown } from './factor';

/** A device listed as it is stored: for factors whose target is not personal (or absent). */
export function displayAsStored(device: DeviceShown): FlowDevice {
  return {
    id: device.id,
    type: device.type as LoginDeviceType,
    name: device.name,
    nickname: device.nickname,
    target: device.target,
    rpId: device.rpId,
  };
}
