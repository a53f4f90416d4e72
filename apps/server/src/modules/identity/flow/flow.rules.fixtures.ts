import { statusOfError } from '../../../http/error-status';
import {
  INITIAL_FLOW_STATE,
  type FlowEvent,
  type FlowState,
  type MachineDevice,
  type Transition,
} from './flow.rules';

/** The sign-in machine's tests' fixtures (flow.rules.test.ts and its siblings). */

/** A transition's refusal as the browser gets it: with the status the HTTP layer gives it. */
export const answered = (result: Transition) =>
  result.error && { ...result.error, httpStatus: statusOfError(result.error.code) };

export const email: MachineDevice = { id: 'dev-email', type: 'Email', prompt: 'sent-code' };
export const sms: MachineDevice = { id: 'dev-sms', type: 'SMS', prompt: 'sent-code' };
export const iphone: MachineDevice = { id: 'dev-iphone', type: 'iPhone', prompt: 'push' };

export const identified: FlowState = {
  ...INITIAL_FLOW_STATE,
  userId: 'user-1',
  username: 'jane.doe',
  hasRiskPayload: true,
};
export const at = (status: FlowState['status'], extra: Partial<FlowState> = {}): FlowState => ({
  ...identified,
  status,
  ...extra,
});
export const accepted = (
  overrides: Partial<Extract<FlowEvent, { type: 'IDENTIFIER_ACCEPTED' }>> = {},
): FlowEvent => ({
  type: 'IDENTIFIER_ACCEPTED',
  userId: 'user-1',
  username: 'jane.doe',
  passwordRequired: true,
  hasRiskPayload: true,
  identityVerified: false,
  devices: [email, sms],
  nonce: 'push-1',
  ...overrides,
});
