import type { RiskPayload } from '@anybank/contracts';
import { randomString } from './oauth';

/**
 * The device risk signals (document 1 §7): what the browser can tell about itself, plus a
 * stable random device id. The risk evaluation and the identifier step both receive it.
 * This module owns the one localStorage key the app uses.
 */
export const DEVICE_ID_STORAGE_KEY = 'anybankRiskDeviceId';
const DEVICE_ID_LENGTH = 32;

export interface SignalsEnvironment {
  navigator: Pick<
    Navigator,
    'userAgent' | 'language' | 'webdriver' | 'platform' | 'hardwareConcurrency' | 'maxTouchPoints'
  >;
  screen: Pick<Screen, 'width' | 'height' | 'colorDepth'>;
  timeZone: string;
}

type DeviceIdStorage = Pick<Storage, 'getItem' | 'setItem'>;

const isDeviceId = (value: string | null): value is string =>
  value !== null && /^[A-Za-z0-9._~-]{8,128}$/.test(value);

/** The id kept in storage, or a new one stored for next time. */
export function deviceIdFrom(
  storage: DeviceIdStorage | null,
  create: () => string = () => randomString(DEVICE_ID_LENGTH),
): string {
  try {
    const stored = storage?.getItem(DEVICE_ID_STORAGE_KEY) ?? null;
    if (isDeviceId(stored)) return stored;
    const created = create();
    storage?.setItem(DEVICE_ID_STORAGE_KEY, created);
    return created;
  } catch {
    // Storage refused (private mode, blocked by policy): a fresh id for this page only.
    return create();
  }
}

export function buildRiskPayload(deviceId: string, environment: SignalsEnvironment): RiskPayload {
  const { navigator: nav, screen } = environment;
  return {
    deviceId,
    userAgent: nav.userAgent.slice(0, 1024),
    language: (nav.language || 'und').slice(0, 64),
    timeZone: (environment.timeZone || 'UTC').slice(0, 64),
    screen: {
      width: Math.round(screen.width),
      height: Math.round(screen.height),
      colorDepth: Math.round(screen.colorDepth),
    },
    webdriver: nav.webdriver === true,
    platform: nav.platform.slice(0, 128),
    hardwareConcurrency: Number.isInteger(nav.hardwareConcurrency)
      ? nav.hardwareConcurrency
      : undefined,
    touch: nav.maxTouchPoints > 0,
  };
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The risk payload of this browser, now. */
export function collectRiskPayload(): RiskPayload {
  return buildRiskPayload(deviceIdFrom(localStorageOrNull()), {
    navigator: window.navigator,
    screen: window.screen,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
}
