import type { FlowDevice, FlowResponse, FlowStatus } from '@anybank/contracts';
import type { MfaDeviceRow, NewMfaDevice } from '../../directory';
import type { FlowContext } from '../flow/flow.context';
import type { DevicePrompt, FlowEvent, FlowState, MachineDevice } from '../flow/flow.rules';
import type { StoredFlow } from '../flow/flow.store';

/**
 * One way of proving who you are at sign-in (a factor), behind one interface — the model is
 * Ory Kratos's `selfservice/strategy.go`, one package per credential type. The flow service
 * (identity/flow) asks the factor of a device everything that depends on its kind: whether it
 * can be used now, what selecting it does, how an answer is checked into a flow event, how it
 * is listed, how another one is paired. The pure machine (flow.rules.ts) sees only the
 * device's `prompt`. Adding a factor is a folder here and a line in `factors.ts`
 * (README.md beside this file).
 */
export interface Factor {
  /** The factor's name, as its folder is named (a method's name, ADR 0026). */
  readonly name: FactorName | (string & {});
  /** The device types it signs in with; none for the password, the first factor. */
  readonly deviceTypes: readonly string[];
  /** What selecting such a device asks of the person (the machine's only view of the kind). */
  readonly prompt: DevicePrompt | null;
  /** Whether this device can be used to sign in now (a target, a key, a secret, this site). */
  usable(device: MfaDeviceRow): boolean;
  /** How the device appears in the modal's list: its target masked where it is personal. */
  display(device: DeviceShown): FlowDevice;
  /** Carries out the device's selection (SEND_OTP, SEND_PUSH effects): sends a code, a push. */
  select(call: FactorCall, device: MfaDeviceRow, selection: Selection): Promise<void>;
  /** Checks the person's answer; answers the flow event it makes (null: nothing yet). */
  verify(call: FactorCall, answer: FactorAnswer): Promise<FlowEvent | null>;
  /**
   * What the flow response adds while this device is asked (its `challengePrompt`, the form the
   * web draws, ADR 0026; the WebAuthn request options); `device` is null for a factor that is
   * no device (the recovery code, a step-up's password), asked by the flow's status.
   */
  responseFields(call: FactorCall, device: MfaDeviceRow | null): Promise<Partial<FlowResponse>>;
  /** How another device of this kind is paired, or null when it cannot be at sign-in. */
  readonly pairing: FactorPairing | null;
  /**
   * A factor that is no device (recovery codes): whether the device choice offers
   * it to this user now. Absent for the device factors.
   */
  offered?(userId: string): Promise<boolean>;
}

export type FactorName =
  | 'password'
  | 'email-code'
  | 'sms-code'
  | 'authenticator-app'
  | 'phone-push'
  | 'passkey'
  | 'recovery-code';

/** The fields of a device row its display needs. */
export type DeviceShown = Pick<
  MfaDeviceRow,
  'id' | 'type' | 'name' | 'nickname' | 'target' | 'rpId'
>;

/** One step's view of the flow, for a factor. */
export interface FactorCall {
  context: FlowContext;
  flow: StoredFlow;
  /** The flow's state as the step found it. */
  state: FlowState;
  /** A user's usable devices, read once per request (the step, its effects and its answer). */
  devices(userId: string): Promise<MfaDeviceRow[]>;
  /** The same, as the machine sees them (each with its factor's prompt). */
  machineDevices(userId: string): Promise<MachineDevice[]>;
}

/** What a selection carries: the push request's id for a phone. */
export interface Selection {
  pushRequestId: string | null;
}

/** An answer a person gives to a factor. */
export type FactorAnswer =
  | { kind: 'password'; username: string; password: string }
  | { kind: 'code'; code: string; device: MfaDeviceRow | null }
  | { kind: 'assertion'; assertion: Record<string, unknown>; device: MfaDeviceRow }
  /** A read of the flow while the phone is asked: has it answered? */
  | { kind: 'poll' };

/** Pairing another device of a factor's kind (pairing.steps.ts asks it; pairing.rules.ts decides). */
export interface FactorPairing {
  /** Its key in the pairing list and in `selectPairingMethod` (document 1 §3.5). */
  readonly method: string;
  /**
   * Where choosing it leads (document 1 §2.6): the status that asks for its target, if it has
   * one, and the status that asks for its activation. Null: it cannot be chosen here (the phone
   * app pairs itself, devices/mobile.service.ts).
   */
  readonly statuses: { target: FlowStatus | null; activation: FlowStatus } | null;
  /**
   * Whether the pairing list shows it (document 1 §4.5): always, only where the browser has
   * WebAuthn (a passkey), or never (the phone app).
   */
  readonly listed: 'shown' | 'with-webauthn' | 'hidden';
  /** Its option's words in the pairing list (contracts' `pairingOptionLabels`). */
  readonly label: string;
  /** What choosing the method starts with: the authenticator app's secret, a FIDO2 challenge. */
  start(): { totpSecretSealed?: string; webauthnOptions?: Record<string, unknown> };
  /** For a method with a target to name (an e-mail address, a phone number). */
  readonly target: PairingTarget | null;
  /** Checks the activation answer: the device to add, or why not. */
  activate(call: PairingCall, answer: PairingAnswer): Promise<PairingActivation>;
  /** What the activation status shows: the key to scan, the WebAuthn creation options. */
  responseFields(state: FlowState, userId: string): Promise<Partial<FlowResponse>>;
}

export interface PairingTarget {
  /** The channel its code goes by. */
  readonly channel: 'email' | 'sms';
  /** The person's input, checked and written the one way it is stored. */
  parse(input: { email?: string; phone?: string }): { target: string } | { refused: string };
  /** Sends the code that proves the target is theirs. */
  sendCode(flow: StoredFlow, userId: string, target: string): Promise<void>;
}

export interface PairingCall {
  flow: StoredFlow;
  userId: string;
  pairing: NonNullable<FlowState['pairing']>;
}

export interface PairingAnswer {
  otp?: string;
  attestation?: Record<string, unknown>;
}

export type PairingActivation =
  | { device: Omit<NewMfaDevice, 'userId'> }
  | { refused: string; fido?: 'fidoAlreadyRegistered' | 'fidoRegistrationError' };

/** A factor's members that most factors leave as they are. */
export const FACTOR_DEFAULTS = {
  select: () => Promise.resolve(),
  responseFields: () => Promise.resolve({}),
  pairing: null,
} satisfies Partial<Factor>;
