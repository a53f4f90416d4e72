import type { FlowDevice } from '@anybank/contracts';
import type { MfaDeviceRow } from '../../directory';
import type { ChallengeMethod, ChallengeTarget, RequestFacts } from './challenge-method';
import type { ChallengeStatus } from './challenge.rules';
import type { PromptForm } from './prompt-form';
import type { PurposeContexts, PurposeName } from './purposes';

// What the challenge service is asked with and answers (challenge.service.ts), apart from it
// so that the service file holds the engine's behaviour only.

export interface StartInput<P extends PurposeName> {
  subjectId: string;
  purpose: P;
  /** The caller's id of what is proved: a flow, a transfer, a consent, a help-desk session. */
  reference: string;
  context: PurposeContexts[P];
  /** The device the person chose; absent: the engine's first choice. */
  deviceId?: string;
  /** A new address to prove (contact change): the code goes there, not to a device. */
  target?: ChallengeTarget;
  request?: RequestFacts;
}

export interface Started {
  challengeId: string;
  method: string;
  deviceId: string | null;
  prompt: PromptForm;
  sent?: { channel: 'email' | 'sms'; destination: string };
  /** The id the phone's request is known by (a CIBA auth_req_id): what a payment list shows. */
  requestId?: string;
  expiresAt: Date;
}

export interface ChallengeChoice {
  device: MfaDeviceRow;
  method: ChallengeMethod;
  shown: FlowDevice;
}

export interface ChallengeSummary {
  id: string;
  userId: string;
  purpose: PurposeName;
  reference: string;
  /** The purpose's context the caller started it with (the account paying, the amount). */
  context: Record<string, unknown>;
  method: string;
  deviceId: string | null;
  status: ChallengeStatus;
  attempts: number;
  expiresAt: Date;
}
