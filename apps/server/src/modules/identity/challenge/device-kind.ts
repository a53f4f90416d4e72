import {
  PLAIN_DEVICE_KIND,
  deviceKindWords,
  type DeviceKind,
  type StepUpMethod,
} from '@anybank/contracts';

/**
 * A device type as its method declares it (ADR 0026): the type is named in the method's folder
 * only (and the schema and the seed); everyone else reads its kind (how it is listed and
 * worded, contracts' device-kinds.ts) and the step-up it gives, from here.
 */
export interface DeclaredDevice {
  type: string;
  kind: DeviceKind;
  /** The step-up method a device of this type offers (STEP_UP_METHODS), or null for none. */
  stepUp: StepUpMethod | null;
}

/** The kind of a device no method declares (a type from an older release). */
export const UNKNOWN_DEVICE_KIND: DeviceKind = { ...deviceKindWords.unknown, ...PLAIN_DEVICE_KIND };
