import type { FlowDevice, LoginDeviceType } from '@anybank/contracts';
import { maskEmail, maskPhone } from '../../directory/contact-mask.rules';

/**
 * How a second factor appears in the sign-in modal: its target masked (contact-mask.rules), so
 * that a flow response never hands a full e-mail address or phone number to whoever holds it.
 */
export function displayDevice(device: {
  id: string;
  type: string;
  name: string;
  nickname: string | null;
  target: string | null;
  rpId: string | null;
}): FlowDevice {
  const type = device.type as LoginDeviceType;
  const target =
    device.target === null
      ? null
      : type === 'Email'
        ? maskEmail(device.target)
        : type === 'SMS'
          ? maskPhone(device.target)
          : device.target;
  return {
    id: device.id,
    type,
    name: device.name,
    nickname: device.nickname,
    target,
    rpId: device.rpId,
  };
}
