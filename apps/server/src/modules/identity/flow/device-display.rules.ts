import type { FlowDevice, LoginDeviceType } from '@anybank/contracts';

/**
 * How a second factor appears in the sign-in modal: its target masked, so that a flow response
 * never hands a full e-mail address or phone number to whoever holds the flow.
 */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  if (local.length <= 2) return `${local.charAt(0)}*@${domain}`;
  return `${local.charAt(0)}${'*'.repeat(local.length - 2)}${local.charAt(local.length - 1)}@${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const shown = digits.slice(-4);
  const country = digits.length > 10 ? digits.slice(0, digits.length - 10) : '';
  return `+${country}${'*'.repeat(Math.max(digits.length - country.length - 4, 0))}${shown}`;
}

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
