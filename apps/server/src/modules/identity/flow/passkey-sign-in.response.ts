import type { FlowResponse } from '@anybank/contracts';
import { discoverableAuthenticationOptions, type WebAuthnRelyingParty } from '../devices/webauthn';
import type { FlowState } from './flow.rules';

/**
 * What the flow response adds for passkeys first: at the username, once the
 * browser asked for them, the discoverable request options with the flow's challenge; during a
 * passkey-only account's recovery, the flag (the modal says there is no password to reset).
 */
export async function passkeyResponseFields(
  webauthn: WebAuthnRelyingParty,
  state: FlowState,
): Promise<Partial<FlowResponse>> {
  const options = state.webauthnOptions;
  if (
    state.status === 'IDENTIFIER_REQUIRED' &&
    options?.discoverable === true &&
    typeof options.challenge === 'string'
  ) {
    return {
      publicKeyCredentialRequestOptions: await discoverableAuthenticationOptions(
        webauthn,
        options.challenge,
      ),
    };
  }
  if (state.passkeyRecovery) {
    return { passkeyRecovery: true };
  }
  return {};
}
