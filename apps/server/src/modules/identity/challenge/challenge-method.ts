import type { FlowDevice } from '@anybank/contracts';
import type { MfaDeviceRow } from '../../directory';
import type { MethodDeps } from './methods/method-deps';
import type { PromptForm } from './prompt-form';
import type { Purpose } from './purposes';

/**
 * One way of proving it is you, behind one interface (ADR 0026; the model is Ory Kratos's
 * `selfservice/strategy.go`, one package per credential type). A method knows nothing of
 * flows, transfers or consents: it is asked for a challenge of a purpose, and it answers the
 * engine (challenge.service.ts) with a verdict. Each lives in one folder under `methods/`.
 */
export interface ChallengeMethod {
  /** Its folder's name: 'email-code', 'phone-push', 'hardware-token'. */
  readonly name: string;
  /** The device types it answers with (the literals live only here, the schema and the seed). */
  readonly deviceTypes: readonly string[];
  /** What it proves and how: purposes choose methods by these, never by name. */
  readonly traits: MethodTraits;
  /** The channel its codes travel by, for a method that sends them (a target's channel). */
  readonly sendsTo?: 'email' | 'sms';
  /** THE one rule "this device can be used now" (a target, a key, a secret). */
  usable(device: MfaDeviceRow): boolean;
  /** How the device is listed to its owner (a personal target masked). */
  display(device: DeviceShown): FlowDevice;
  /**
   * Asks: sends the code with the purpose's words, pushes the phone, makes the options to sign.
   * Its result is kept with the challenge and handed back to `check`.
   */
  ask(call: AskCall): Promise<Asked>;
  /** Checks an answer (or, for a method the person answers elsewhere, polls for it). */
  check(call: CheckCall, answer: MethodAnswer): Promise<Verdict>;
  /** The server-described form the person answers in (one web component renders every one). */
  prompt(asked: AskedPrompt): PromptForm;
}

export interface MethodTraits {
  /** Shows or binds the purpose's linking words (PSD2 RTS art. 5): may approve money. */
  confirmsTransaction: boolean;
  /** The authentication element (PSD2 RTS art. 6-8). */
  proves: 'possession' | 'knowledge' | 'inherence';
  /**
   * How the person answers: a code typed in, an approval given on another device (the caller
   * polls or waits), a signature made in this browser (WebAuthn), a secret they know.
   */
  answer: 'code' | 'approval' | 'assertion' | 'secret';
  /**
   * The bank sends the code to an address (a device's, or the challenge's `target`): the only
   * kind that can prove a new e-mail address or number is the person's.
   */
  sendsCode: boolean;
}

/** The fields of a device row its display needs. */
export type DeviceShown = Pick<
  MfaDeviceRow,
  'id' | 'type' | 'name' | 'nickname' | 'target' | 'rpId'
>;

/** One challenge, as its method sees it. */
export interface ChallengeView {
  id: string;
  userId: string;
  purpose: Purpose;
  /** The caller's id of what is proved: a flow, a transfer, a consent, a help-desk session. */
  reference: string;
  /** The purpose's context (amount, payee; the change; the agent), as the caller gave it. */
  context: Record<string, unknown>;
  /** The words the person confirms (dynamic linking), or null for a purpose with none. */
  linking: LinkingWords | null;
}

/** What the person confirms, as one sentence and as labelled lines (the phone shows these). */
export interface LinkingWords {
  text: string;
  lines: Record<string, string>;
}

/** Where a code goes when it proves an address rather than a device (a new e-mail address). */
export interface ChallengeTarget {
  channel: 'email' | 'sms';
  address: string;
}

export interface RequestFacts {
  ip: string | null;
  userAgent: string | null;
}

export interface AskCall {
  challenge: ChallengeView;
  /** The device asked, or null for a target or a method with no device. */
  device: MfaDeviceRow | null;
  target: ChallengeTarget | null;
  request: RequestFacts;
}

/** What asking produced: kept with the challenge (`state`), told to the caller (`sent`). */
export interface Asked {
  /** The method's own facts for `check` (a push request's id, a CIBA auth_req_id). */
  state: Record<string, unknown>;
  /** Where a code went, masked as the person sees it. */
  sent?: { channel: 'email' | 'sms'; destination: string };
  /** The id the other side knows the ask by (a CIBA auth_req_id), for the caller's records. */
  requestId?: string;
}

/** What a prompt is drawn from. */
export interface AskedPrompt {
  challenge: ChallengeView;
  asked: Asked;
  device: MfaDeviceRow | null;
}

export interface CheckCall {
  challenge: ChallengeView;
  device: MfaDeviceRow | null;
  /** What `ask` kept. */
  state: Record<string, unknown>;
  request: RequestFacts;
  /** Wrong answers so far, counted by the engine (for a method that keeps no count itself). */
  attempts: number;
}

/** An answer a person gives. */
export type MethodAnswer =
  | { kind: 'code'; code: string }
  | { kind: 'assertion'; assertion: Record<string, unknown> }
  /** A read while the person answers elsewhere (the phone): has it answered? */
  | { kind: 'poll' };

/**
 * A method's verdict on one answer. `wrong` may say how many attempts its own count leaves
 * (the code service counts per code); the engine keeps the smaller of that and its own.
 */
export type Verdict =
  | { verdict: 'accepted' }
  | { verdict: 'wrong'; attemptsLeft?: number }
  | { verdict: 'waiting' }
  | { verdict: 'denied' }
  | { verdict: 'expired' }
  | { verdict: 'exhausted' };

/** Makes a method from the server's parts: how the registry and the tests add one. */
export type MethodFactory = (deps: MethodDeps) => ChallengeMethod;

export type { MethodDeps };
