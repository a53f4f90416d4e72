import { describe, expect, it } from 'vitest';
import { readPublicConfig, type PublicConfig } from './public-config';

const written: PublicConfig = {
  productId: 'anybank',
  basePath: '/bank',
  host: 'bank.example',
  publicUrl: 'https://bank.example',
  companyId: 'anybank-demo',
  retailSiteUrl: 'https://retail.bank.example',
  analyticsMeasurementId: null,
  analyticsCollectorUrl: 'https://collector.example/g/collect',
  demoHosts: ['bank.example', 'localhost'],
  outboxEnabled: false,
  demoToolsEnabled: true,
  phoneCountry: 'US',
  policyIds: {
    registration: 'registration',
    usernameRecovery: 'username-recovery',
    deviceUniqueness: 'device-uniqueness',
    qrCode: 'qr-code',
    profileUpdate: 'profile-update',
    signInMethod: 'sign-in-method',
    walletPairing: 'wallet-pairing',
    phishingEmail: 'phishing-email',
    deleteUser: 'delete-user',
    resetVerification: 'reset-verification',
    helpDesk: 'help-desk',
  },
};

/** The config as the server writes it, through JSON, with one field replaced. */
function tagWith(path: string[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(written)) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  // undefined: the field is left out (JSON drops it).
  target[last] = value;
  return JSON.parse(JSON.stringify(copy)) as unknown;
}

describe('reading the public configuration the server wrote', () => {
  it('reads back what the server wrote, a measurement id or none', () => {
    expect(readPublicConfig(JSON.parse(JSON.stringify(written)))).toEqual(written);
    expect(readPublicConfig(tagWith(['analyticsMeasurementId'], 'G-123'))).toEqual({
      ...written,
      analyticsMeasurementId: 'G-123',
    });
  });

  it('drops fields it does not know', () => {
    expect(readPublicConfig(tagWith(['extra'], 'x'))).toEqual(written);
    expect(readPublicConfig(tagWith(['policyIds', 'extra'], 'x'))).toEqual(written);
  });

  it('refuses a missing or mistyped field and names it', () => {
    expect(() => readPublicConfig(tagWith(['productId'], 1))).toThrow(
      "The public configuration's productId is not a string",
    );
    expect(() => readPublicConfig(tagWith(['host'], undefined))).toThrow(/host is not a string/);
    expect(() => readPublicConfig(tagWith(['outboxEnabled'], 'yes'))).toThrow(
      /outboxEnabled is not true or false/,
    );
    expect(() => readPublicConfig(tagWith(['analyticsMeasurementId'], undefined))).toThrow(
      /analyticsMeasurementId is not a string/,
    );
    expect(() => readPublicConfig(tagWith(['demoHosts'], 'localhost'))).toThrow(
      /demoHosts is not a list/,
    );
    expect(() => readPublicConfig(tagWith(['demoHosts'], ['localhost', 2]))).toThrow(
      /demoHosts\[1\] is not a string/,
    );
    expect(() => readPublicConfig(tagWith(['policyIds', 'helpDesk'], null))).toThrow(
      /policyIds\.helpDesk is not a string/,
    );
    expect(() => readPublicConfig(tagWith(['policyIds'], []))).toThrow(
      /policyIds is not an object/,
    );
  });

  it('refuses anything but an object', () => {
    for (const value of [null, 'config', 1, []]) {
      expect(() => readPublicConfig(value)).toThrow('The public configuration is not an object');
    }
  });
});
