import { describe, expect, it } from 'vitest';
import { riskPayloadSchema } from '@anybank/contracts';
import { DEVICE_ID_STORAGE_KEY, buildRiskPayload, deviceIdFrom } from './signals';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
  };
}

const environment = {
  navigator: {
    userAgent: 'Mozilla/5.0 Test',
    language: 'en-US',
    webdriver: false,
    platform: 'Linux x86_64',
    hardwareConcurrency: 8,
    maxTouchPoints: 0,
  },
  screen: { width: 1920, height: 1080, colorDepth: 24 },
  timeZone: 'Europe/Paris',
};

describe('risk signals', () => {
  it('builds a payload the risk API accepts', () => {
    const payload = buildRiskPayload('device-123456', environment);
    expect(riskPayloadSchema.parse(payload)).toEqual(payload);
    expect(payload).toMatchObject({
      deviceId: 'device-123456',
      timeZone: 'Europe/Paris',
      screen: { width: 1920, height: 1080, colorDepth: 24 },
      webdriver: false,
      touch: false,
    });
  });

  it('reports an automated browser and a touch screen', () => {
    const payload = buildRiskPayload('device-123456', {
      ...environment,
      navigator: { ...environment.navigator, webdriver: true, maxTouchPoints: 5 },
    });
    expect(payload.webdriver).toBe(true);
    expect(payload.touch).toBe(true);
  });

  it('keeps one device id per browser', () => {
    const storage = memoryStorage();
    const first = deviceIdFrom(storage);
    expect(first).toMatch(/^[A-Za-z0-9._~-]{32}$/);
    expect(deviceIdFrom(storage)).toBe(first);
    expect(storage.items.get(DEVICE_ID_STORAGE_KEY)).toBe(first);
  });

  it('replaces a malformed stored id and survives a storage that refuses', () => {
    expect(deviceIdFrom(memoryStorage({ [DEVICE_ID_STORAGE_KEY]: 'bad' }), () => 'new-id-1')).toBe(
      'new-id-1',
    );
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(deviceIdFrom(refusing, () => 'fresh-id-2')).toBe('fresh-id-2');
    expect(deviceIdFrom(null, () => 'fresh-id-3')).toBe('fresh-id-3');
  });
});
