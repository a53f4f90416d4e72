import { randomUUID } from 'node:crypto';
import { messages, pairingOptionLabels } from '@anybank/contracts';
import { DomainError } from '../../../../domain-error';
import {
  findMfaDeviceByCredentialId,
  findUserById,
  listMfaDevicesOf,
  updateMfaDeviceCounter,
  type MfaDeviceRow,
} from '../../../directory';
import {
  authenticationOptions,
  checkAssertion,
  checkRegistration,
  registrationOptions,
} from '../../devices/webauthn';
import { passkeyPrompt } from '../../challenge/prompt-form';
import { displayAsStored } from '../device-display';
import { PASSKEY_DEVICE_TYPES } from './passkey.device';
import { passkeyNameOf } from './passkey-name.rules';
import { tracePasskey } from './passkey-trace';
import { FACTOR_DEFAULTS, type Factor } from '../factor';
import type { FactorDeps } from '../factor-deps';

/** How a new FIDO2 authenticator is named, by how it is attached. */
const FIDO_NAMES: Record<string, { type: MfaDeviceRow['type']; name: string }> = {
  platform: { type: 'PLATFORM', name: 'This device (passkey)' },
  'cross-platform': { type: 'SECURITY_KEY', name: 'Security key' },
};

/**
 * A FIDO2 authenticator (document 1 §4.5): a passkey on this device, a security key, or one
 * of unknown attachment. The challenge is the flow's nonce, kept in its state; every answer is
 * verified (devices/webauthn.ts), and a counter that went back is told as a possible clone.
 */
export function passkeyFactor(deps: FactorDeps): Factor {
  const { db, webauthn } = deps;
  const challengeOf = (options: Record<string, unknown> | null) => String(options?.challenge ?? '');

  return {
    ...FACTOR_DEFAULTS,
    name: 'passkey',
    deviceTypes: PASSKEY_DEVICE_TYPES,
    prompt: 'assertion',
    // A passkey works only on the site it was made for (§4.5: the rpId must be this host).
    usable: (device) => Boolean(device.credentialId) && device.rpId === webauthn.rpId,
    display: displayAsStored,

    async verify(call, answer) {
      if (answer.kind !== 'assertion') throw new DomainError('flow_step_unknown');
      const { device } = answer;
      if (!device.credentialId || !device.publicKey) return { type: 'ASSERTION_REFUSED' };
      const check = await checkAssertion(
        webauthn,
        answer.assertion,
        challengeOf(call.state.webauthnOptions),
        {
          credentialId: device.credentialId,
          publicKey: device.publicKey,
          signCount: device.signCount,
        },
        // Without a password in this sign-in the passkey is the whole proof (a passkey-only
        // account, a Device customer): only one that verifies the user is two factors.
        // After a password, or in a step-up, presence is enough, as before.
        {
          requireUserVerification:
            call.state.purpose === 'sign-in' && !call.state.amr.includes('pwd'),
        },
      );
      if (!check.ok) {
        return check.reason === 'counter'
          ? { type: 'ASSERTION_CLONED', deviceId: device.id, deviceType: device.type }
          : { type: 'ASSERTION_REFUSED' };
      }
      await updateMfaDeviceCounter(db, device.id, check.newCounter);
      await tracePasskey(db, device, check);
      return { type: 'ASSERTION_ACCEPTED' };
    },

    // The options twice: as the flow always answered them, and in the prompt the web draws.
    async responseFields(call, device) {
      if (!device) return {};
      const options = await authenticationOptions(
        webauthn,
        device.credentialId ? [device.credentialId] : [],
        challengeOf(call.state.webauthnOptions),
      );
      return {
        publicKeyCredentialRequestOptions: options,
        challengePrompt: passkeyPrompt('passkey', { ...options }),
      };
    },

    pairing: {
      method: 'FIDO2',
      statuses: { target: null, activation: 'FIDO2_ACTIVATION_REQUIRED' },
      // §4.5: the FIDO2 option is hidden when the browser has no WebAuthn.
      listed: 'with-webauthn',
      label: pairingOptionLabels.passkey,
      start: () => ({ webauthnOptions: { challenge: randomUUID() } }),
      target: null,
      async activate(call, answer) {
        const nonce = challengeOf(call.flow.state.webauthnOptions);
        // A passkey-only account's new passkey (its recovery) must verify the user.
        const check = await checkRegistration(webauthn, answer.attestation, nonce, {
          requireUserVerification: call.flow.state.passkeyRecovery === true,
        });
        if (!check.ok)
          return { refused: messages.login.fidoRegistrationError, fido: 'fidoRegistrationError' };
        // A credential belongs to one person: registered anywhere already means refused.
        if (await findMfaDeviceByCredentialId(db, check.credential.credentialId))
          return { refused: messages.login.fidoAlreadyRegistered, fido: 'fidoAlreadyRegistered' };
        const kind = FIDO_NAMES[check.attachment ?? ''] ?? {
          type: 'FIDO2',
          name: 'FIDO2 authenticator',
        };
        return {
          device: {
            type: kind.type,
            name: kind.name,
            // Named by its AAGUID where known; the customer may rename it.
            nickname: passkeyNameOf(check.aaguid, kind.name),
            credentialId: check.credential.credentialId,
            publicKey: check.credential.publicKey,
            signCount: check.credential.signCount,
            rpId: webauthn.rpId,
          },
        };
      },
      async responseFields(state, userId) {
        const user = await findUserById(db, userId);
        const existing = (await listMfaDevicesOf(db, userId)).flatMap((device) =>
          device.credentialId ? [device.credentialId] : [],
        );
        const options = await registrationOptions(
          webauthn,
          {
            id: userId,
            uid: user?.uid ?? '',
            displayName: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
          },
          existing,
          challengeOf(state.webauthnOptions),
          state.passkeyRecovery ? 'required' : 'preferred',
        );
        return { publicKeyCredentialCreationOptions: options };
      },
    },
  };
}
