import type { FlowDevice } from '@anybank/contracts';
import { deviceInUseAt, type MfaDeviceRow } from '../../directory';
import type { MachineDevice } from '../flow/flow.rules';
import { authenticatorAppFactor } from './authenticator-app/authenticator-app.factor';
import { challengeFactor, engineSecondFactor } from './challenge-factor';
import { displayAsStored } from './device-display';
import { emailCodeFactor } from './email-code/email-code.factor';
import type { DeviceShown, Factor, FactorPairing } from './factor';
import type { FactorDeps } from './factor-deps';
import { passkeyFactor } from './passkey/passkey.factor';
import { passwordFactor } from './password/password.factor';
import { phonePushFactor } from './phone-push/phone-push.factor';
import { recoveryCodeFactor } from './recovery-code/recovery-code.factor';
import { smsCodeFactor } from './sms-code/sms-code.factor';

/** The factors of a sign-in: THE list a new factor is registered in. */
function allFactors(deps: FactorDeps): Factor[] {
  return [
    passwordFactor(deps),
    // The device factors in the order of the pairing list (document 1 §3.5).
    smsCodeFactor(deps),
    emailCodeFactor(deps),
    phonePushFactor(deps),
    authenticatorAppFactor(deps),
    passkeyFactor(deps),
    recoveryCodeFactor(deps),
  ];
}

/** The factors, looked up by what the flow has in hand: a device, a type, a pairing method. */
export interface Factors {
  readonly password: Factor;
  /** Answers the flow's newest challenge, whichever device asked it (the engine's factors). */
  readonly challenged: Pick<Factor, 'verify'>;
  /** The factor of a device type, or null for a type no factor signs in with. */
  ofType(type: string): Factor | null;
  /**
   * The devices of these that can be used to sign in now, in their order: each as its factor
   * says, and in use now (a new address or number waits 24 hours; the one it replaced stops).
   */
  usable(devices: MfaDeviceRow[]): MfaDeviceRow[];
  /** Devices as the machine sees them (usable ones only). */
  asMachine(devices: MfaDeviceRow[]): MachineDevice[];
  /** A device as the modal lists it. */
  display(device: DeviceShown): FlowDevice;
  /** The factor of this name (one that is no device, as the recovery codes). */
  named(name: Factor['name']): Factor | null;
  /** The pairing of a method, or null when no factor pairs it. */
  pairingOf(method: string): FactorPairing | null;
  /** Every pairing, in the order of the pairing list (document 1 §3.5). */
  pairings(): FactorPairing[];
}

export function createFactors(deps: FactorDeps): Factors {
  const own = allFactors(deps);
  const covered = new Set(own.flatMap((factor) => factor.deviceTypes));
  // A method registered with the engine alone (a test's, ADR 0026) signs in as its own factor.
  const factors = [
    ...own,
    ...deps.challenges.methods
      .all()
      .filter((method) => !method.deviceTypes.some((type) => covered.has(type)))
      .map((method) => challengeFactor(deps.challenges, method)),
  ];
  const password = factors.find((factor) => factor.name === 'password');
  if (!password) throw new Error('the password factor is not registered');
  const byType = new Map<string, Factor>(
    factors.flatMap((factor) => factor.deviceTypes.map((type) => [type, factor] as const)),
  );
  const ofType = (type: string) => byType.get(type) ?? null;
  const clock = deps.clock ?? (() => new Date());

  return {
    password,
    challenged: engineSecondFactor(deps.challenges),
    ofType,
    usable(devices) {
      const now = clock();
      return devices.filter(
        (device) => deviceInUseAt(device, now) && (ofType(device.type)?.usable(device) ?? false),
      );
    },
    asMachine(devices) {
      return devices.flatMap((device) => {
        const prompt = ofType(device.type)?.prompt;
        return prompt ? [{ id: device.id, type: device.type, prompt }] : [];
      });
    },
    display: (device) => (ofType(device.type)?.display ?? displayAsStored)(device),
    named: (name) => factors.find((factor) => factor.name === name) ?? null,
    pairingOf: (method) =>
      factors.find((factor) => factor.pairing?.method === method)?.pairing ?? null,
    pairings: () => factors.flatMap((factor) => (factor.pairing ? [factor.pairing] : [])),
  };
}

export type { Factor, FactorCall, FactorPairing } from './factor';
export type { FactorDeps } from './factor-deps';
